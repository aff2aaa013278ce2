package io.strata.lsm;

import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Merges a key in a compaction of a table that looks old values up ({@code changelog-producer=lookup}),
 * as Paimon's lookup merge: the newest version above level 0 already holds the key's whole merged
 * value (every earlier merge looked its predecessor up), so only it and the level-0 versions are merged;
 * older versions are dropped.
 *
 * <p>The changelog comes from level 0, the records written since the last commit: a key with no level-0
 * version did not change. Otherwise its old value is its newest version above level 0 in the
 * compaction, or, if the compaction has none, the newest one in the levels it leaves alone, looked up
 * ({@link LookupLevels}) and merged in too; the difference is the changelog ({@link KeyChange}).
 */
public final class LookupChangelogMerge implements ChangelogMerge {

    private final MergeFunction function;
    private final Comparator<KeyVersion> versionOrder;
    private final LookupLevels lookup;
    private final List<LevelSortedRun> untouchedRuns;
    private final boolean produceChangelog;
    private final boolean dropDelete;
    private final RowType rowType;
    private final KeyChange change;
    private final List<KeyVersion> candidates = new ArrayList<>();
    /** Deletion-vectors mode: where a looked-up old row is marked deleted; null otherwise. */
    private final BucketDeletionVectors deletions;

    /**
     * @param untouchedRuns the runs above the compaction's output level, where old values are looked up
     * @param produceChangelog false: merge only (a lookup table whose compaction has no level-0 files)
     */
    public LookupChangelogMerge(MergeFunction function, Comparator<KeyVersion> versionOrder, LookupLevels lookup,
            List<LevelSortedRun> untouchedRuns, boolean produceChangelog, boolean dropDelete, RowType rowType,
            boolean rowDeduplicate) {
        this(function, versionOrder, lookup, untouchedRuns, produceChangelog, dropDelete, rowType, rowDeduplicate, null);
    }

    /**
     * @param deletions deletion-vectors mode: the old row a lookup finds in a level the compaction leaves
     *     alone is marked deleted there, since the merged value (or, for a delete, nothing) replaces it
     */
    public LookupChangelogMerge(MergeFunction function, Comparator<KeyVersion> versionOrder, LookupLevels lookup,
            List<LevelSortedRun> untouchedRuns, boolean produceChangelog, boolean dropDelete, RowType rowType,
            boolean rowDeduplicate, BucketDeletionVectors deletions) {
        this.deletions = deletions;
        this.function = function;
        this.versionOrder = versionOrder;
        this.lookup = lookup;
        this.untouchedRuns = untouchedRuns;
        this.produceChangelog = produceChangelog;
        this.dropDelete = dropDelete;
        this.rowType = rowType;
        this.change = new KeyChange(rowType, rowDeduplicate);
    }

    @Override
    public void merge(List<? extends KeyVersion> versions, ChangelogOutput out) throws IOException {
        candidates.clear();
        KeyVersion highLevel = null;
        boolean level0 = false;
        for (KeyVersion v : versions) {
            if (v.level() == 0) {
                level0 = true;
                candidates.add(v);
            } else if (highLevel == null || v.level() < highLevel.level()) {
                highLevel = v;
            }
        }
        if (highLevel != null) {
            candidates.add(highLevel);
        }
        KeyVersion before = highLevel;
        if (level0 && highLevel == null) {
            LookupLevels.Found found = lookup.find(versions.get(0).value(), untouchedRuns);
            if (found != null) {
                before = found.record();
                candidates.add(before);
                if (deletions != null) {
                    deletions.delete(found.fileName(), found.position());
                }
            }
        }
        candidates.sort(versionOrder);
        MergedRecord result = reduce();
        if (level0 && produceChangelog) {
            change.emit(before, result, out);
        }
        if (result != null && (result.kind().isAdd() || !dropDelete)) {
            out.data(result);
        }
    }

    private MergedRecord reduce() {
        if (candidates.size() == 1) {
            return candidates.get(0);
        }
        function.reset();
        for (KeyVersion v : candidates) {
            function.add(v);
        }
        MergedRecord result = function.result();
        // The function may hand back a row it reuses; the caller is done with it before the next key.
        return result;
    }
}
