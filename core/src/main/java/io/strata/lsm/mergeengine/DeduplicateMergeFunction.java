package io.strata.lsm.mergeengine;

import io.strata.lsm.MergeFunction;
import io.strata.lsm.MergedRecord;

/**
 * The {@code deduplicate} merge engine: the newest record of a key wins; if it is a delete, the key is
 * gone. Records arrive oldest first (user sequence field, then sequence number), so the newest is the
 * last one offered. With {@code ignore-delete}, deletes are dropped before they can win. The result is
 * the input cursor itself: nothing is copied.
 */
public final class DeduplicateMergeFunction implements MergeFunction {

    private final boolean ignoreDelete;
    private MergedRecord newest;

    public DeduplicateMergeFunction(boolean ignoreDelete) {
        this.ignoreDelete = ignoreDelete;
    }

    @Override
    public void reset() {
        newest = null;
    }

    @Override
    public void add(MergedRecord record) {
        if (ignoreDelete && !record.kind().isAdd()) {
            return;
        }
        newest = record;
    }

    @Override
    public MergedRecord result() {
        return newest;
    }
}
