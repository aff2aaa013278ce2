package io.strata.lsm;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.types.RowType;

/**
 * A record copied out of a file or a merge, so that it outlives the cursor it came from: a looked-up
 * old value of a key, or a merged value merged again.
 */
final class StoredRecord implements KeyVersion {

    private final GenericRow value;
    private final long sequenceNumber;
    private final RowKind kind;
    private final int level;

    public StoredRecord(GenericRow value, long sequenceNumber, RowKind kind, int level) {
        this.value = value;
        this.sequenceNumber = sequenceNumber;
        this.kind = kind;
        this.level = level;
    }

    /** A copy of {@code record}, at {@code level}. */
    public static StoredRecord copyOf(MergedRecord record, RowType rowType, int level) {
        return new StoredRecord(GenericRow.copyOf(record.value(), rowType), record.sequenceNumber(), record.kind(), level);
    }

    @Override
    public Row value() {
        return value;
    }

    @Override
    public long sequenceNumber() {
        return sequenceNumber;
    }

    @Override
    public RowKind kind() {
        return kind;
    }

    @Override
    public int level() {
        return level;
    }
}
