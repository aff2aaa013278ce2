package io.strata.lsm;

/**
 * Reduces the records of one key to the record a read returns (docs/format.md section 8).
 *
 * <p>Order: records are offered oldest first, ordered by the user's {@code sequence.field} (if any)
 * and then by sequence number, exactly as Paimon's sort-merge reader offers them. A key with a single
 * record is never offered: the reader returns that record as it is, as Paimon does.
 *
 * <p>Object reuse: the offered records do not move until the result has been consumed, so a function
 * may keep pointing at an offered record (deduplicate does, and copies nothing), or it may combine the
 * fields of several records into a row it owns and reuses for every key (partial-update, aggregation).
 */
public interface MergeFunction {

    /** Starts a new key: forgets everything offered before. */
    void reset();

    /** Offers the next record of the current key. */
    void add(MergedRecord record);

    /**
     * The merged record of the current key, valid until the next {@link #reset()}; null or a retraction
     * (-U, -D) when the key has no row.
     */
    MergedRecord result();
}
