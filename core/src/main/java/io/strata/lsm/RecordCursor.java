package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.Closeable;
import java.io.IOException;

/**
 * A forward-only cursor over the records of a data file or sorted run, in key order. The current
 * record's rows are views valid until the next {@link #advance()}.
 */
public interface RecordCursor extends MergedRecord, Closeable {

    /** Moves to the next record; false at the end. */
    boolean advance() throws IOException;

    /** The value row of the current record, in the table's field positions. */
    @Override
    Row value();

    /** The sequence number of the current record (0 for append files). */
    @Override
    long sequenceNumber();

    /** The kind of change of the current record. */
    @Override
    RowKind kind();
}
