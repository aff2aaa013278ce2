package io.strata.lsm.mergeengine;

import io.strata.lsm.MergeFunction;
import io.strata.lsm.MergedRecord;

/**
 * The {@code first-row} merge engine: the oldest record of a key wins and later ones are dropped. It
 * accepts no retractions (-U, -D) unless {@code ignore-delete} is set, as Paimon. Batch reads of
 * first-row tables skip level 0 and read higher levels unmerged, so this runs only where a key still
 * has several records. The result is the input cursor itself.
 */
final class FirstRowMergeFunction implements MergeFunction {

    private final boolean ignoreDelete;
    private MergedRecord first;

    public FirstRowMergeFunction(boolean ignoreDelete) {
        this.ignoreDelete = ignoreDelete;
    }

    @Override
    public void reset() {
        first = null;
    }

    @Override
    public void add(MergedRecord record) {
        if (!record.kind().isAdd()) {
            if (ignoreDelete) {
                return;
            }
            throw new IllegalStateException("merge-engine 'first-row' cannot accept " + record.kind().shortString()
                    + " records; set 'ignore-delete' = 'true' to ignore them");
        }
        if (first == null) {
            first = record;
        }
    }

    @Override
    public MergedRecord result() {
        return first;
    }
}
