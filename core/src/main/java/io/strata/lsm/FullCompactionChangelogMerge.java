package io.strata.lsm;

import io.strata.types.RowType;
import java.io.IOException;
import java.util.List;

/**
 * The {@code full-compaction} changelog producer: in a compaction into the max level, the old value of
 * a key is its version at the max level (what the last full compaction left), the new value the merge
 * of all its versions; their difference is the key's changelog ({@link KeyChange}). A key that is not
 * at the max level and has a single version is new (+I) unless that version is a retraction. The output
 * is the oldest data of the bucket, so retractions are not written.
 */
public final class FullCompactionChangelogMerge implements ChangelogMerge {

    private final int maxLevel;
    private final MergeFunction function;
    private final KeyChange change;

    public FullCompactionChangelogMerge(int maxLevel, MergeFunction function, RowType rowType, boolean rowDeduplicate) {
        this.maxLevel = maxLevel;
        this.function = function;
        this.change = new KeyChange(rowType, rowDeduplicate);
    }

    @Override
    public void merge(List<? extends KeyVersion> versions, ChangelogOutput out) throws IOException {
        KeyVersion top = null;
        for (KeyVersion v : versions) {
            if (v.level() == maxLevel) {
                top = v;
            }
        }
        MergedRecord merged;
        if (versions.size() == 1) {
            // A lone version is the merge result as it is (a read would not merge it either).
            merged = versions.get(0);
        } else {
            function.reset();
            for (KeyVersion v : versions) {
                function.add(v);
            }
            merged = function.result();
        }
        // A key whose only version is at the max level did not change.
        if (versions.size() > 1 || top == null) {
            change.emit(top, merged, out);
        }
        if (ChangelogMerge.isAdd(merged)) {
            out.data(merged);
        }
    }
}
