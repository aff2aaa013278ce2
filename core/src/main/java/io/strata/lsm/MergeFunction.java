package io.strata.lsm;

/**
 * Reduces all records of one key, offered in any order, to the record a read returns. Records are
 * offered as cursors positioned on them; the cursors do not move until the result has been consumed,
 * so a merge function can point at a record without copying it.
 */
public interface MergeFunction {

    /** Starts a new key. */
    void reset();

    /** Offers one record of the current key. */
    void add(RecordCursor record);

    /** The cursor holding the surviving record, or null when the key is deleted. */
    RecordCursor result();
}
