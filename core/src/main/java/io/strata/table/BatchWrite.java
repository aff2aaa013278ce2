package io.strata.table;

import io.strata.data.Row;

/**
 * Writes rows into a table and commits them as one snapshot. Each row carries its kind: +I and +U
 * upsert, -U and -D delete (by primary key) on primary-key tables; append tables take +I only.
 * Nothing is visible until {@link #commit()}; closing without a commit discards the files written.
 */
public interface BatchWrite extends AutoCloseable {

    /** Writes one row of the table's row type (the row may be reused by the caller afterwards). */
    void write(Row row);

    /** Deletes the row with this primary key (the other fields are ignored). */
    void delete(Row row);

    /**
     * Flushes and commits everything written as one APPEND snapshot; returns its id, or -1 if nothing
     * was written. The write cannot be used after a commit.
     */
    long commit();

    /** Discards what was not committed. */
    @Override
    void close();
}
