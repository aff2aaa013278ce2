package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;

/**
 * One record of a key as a merge yields it: the value row, its kind and its sequence number. Either a
 * record cursor positioned on an input record (nothing copied) or a row a merge function built; valid
 * until the merge moves to the next key.
 */
public interface MergedRecord {

    /** The value row, in the table's field positions. */
    Row value();

    /** The kind of change; a retraction (-U, -D) means the key has no row. */
    RowKind kind();

    /** The sequence number of the record (for built rows: of the last record merged). */
    long sequenceNumber();
}
