package io.strata.lsm;

import io.strata.data.Row;
import java.util.Comparator;

/**
 * The {@code deduplicate} merge engine: the newest record of a key wins; if it is a delete, the key is
 * gone. Newest means the largest user sequence field (if {@code sequence.field} is set), then the
 * largest sequence number. With {@code ignore-delete}, deletes are dropped before they can win.
 */
public final class DeduplicateMergeFunction implements MergeFunction {

    private final Comparator<Row> sequenceFieldOrder;
    private final boolean ignoreDelete;
    private RecordCursor newest;

    /**
     * @param sequenceFieldOrder order of the user sequence fields of two value rows (larger = newer), or
     *     null if the table has none
     */
    public DeduplicateMergeFunction(Comparator<Row> sequenceFieldOrder, boolean ignoreDelete) {
        this.sequenceFieldOrder = sequenceFieldOrder;
        this.ignoreDelete = ignoreDelete;
    }

    @Override
    public void reset() {
        newest = null;
    }

    @Override
    public void add(RecordCursor record) {
        if (ignoreDelete && !record.kind().isAdd()) {
            return;
        }
        if (newest == null || isNewer(record, newest)) {
            newest = record;
        }
    }

    private boolean isNewer(RecordCursor a, RecordCursor b) {
        if (sequenceFieldOrder != null) {
            int c = sequenceFieldOrder.compare(a.value(), b.value());
            if (c != 0) {
                return c > 0;
            }
        }
        return a.sequenceNumber() > b.sequenceNumber();
    }

    @Override
    public RecordCursor result() {
        return newest != null && newest.kind().isAdd() ? newest : null;
    }
}
