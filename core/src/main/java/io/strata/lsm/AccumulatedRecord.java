package io.strata.lsm;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;

/**
 * The record a combining merge function (partial-update, aggregation) builds for a key: its own value
 * row, reused for every key, with the kind and sequence number of the merge. Not thread-safe.
 */
public final class AccumulatedRecord implements MergedRecord {

    private final GenericRow row;
    private RowKind kind = RowKind.INSERT;
    private long sequenceNumber;

    public AccumulatedRecord(int arity) {
        this.row = new GenericRow(arity);
    }

    /** The accumulator: the merge function sets its fields. */
    public GenericRow row() {
        return row;
    }

    /** Sets every field to null. */
    public void clear() {
        for (int i = 0; i < row.arity(); i++) {
            row.set(i, null);
        }
    }

    public AccumulatedRecord set(RowKind kind, long sequenceNumber) {
        this.kind = kind;
        this.sequenceNumber = sequenceNumber;
        return this;
    }

    @Override
    public Row value() {
        return row;
    }

    @Override
    public RowKind kind() {
        return kind;
    }

    @Override
    public long sequenceNumber() {
        return sequenceNumber;
    }
}
