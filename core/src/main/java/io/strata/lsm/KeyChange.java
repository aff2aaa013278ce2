package io.strata.lsm;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.types.RowType;
import java.io.IOException;

/**
 * The changelog of one key from its value before and after a compaction, as Paimon's changelog
 * producers state it: a new row is +I; a row that stays is -U (old) and +U (new), left out only with
 * {@code changelog-producer.row-deduplicate} when both are equal; a row that is gone is -D (old).
 */
final class KeyChange {

    private final RowType rowType;
    private final boolean rowDeduplicate;

    KeyChange(RowType rowType, boolean rowDeduplicate) {
        this.rowType = rowType;
        this.rowDeduplicate = rowDeduplicate;
    }

    /** @param before the old value (null or a retraction: there was none); @param after the new one (same) */
    void emit(MergedRecord before, MergedRecord after, ChangelogOutput out) throws IOException {
        if (!ChangelogMerge.isAdd(before)) {
            if (ChangelogMerge.isAdd(after)) {
                out.changelog(after, RowKind.INSERT);
            }
        } else if (!ChangelogMerge.isAdd(after)) {
            out.changelog(before, RowKind.DELETE);
        } else if (!rowDeduplicate || !sameValue(before, after)) {
            out.changelog(before, RowKind.UPDATE_BEFORE);
            out.changelog(after, RowKind.UPDATE_AFTER);
        }
    }

    private boolean sameValue(MergedRecord a, MergedRecord b) {
        GenericRow x = GenericRow.copyOf(a.value(), rowType);
        GenericRow y = GenericRow.copyOf(b.value(), rowType);
        x.setKind(RowKind.INSERT);
        y.setKind(RowKind.INSERT);
        return x.equals(y);
    }
}
