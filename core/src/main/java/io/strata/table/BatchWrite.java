package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.Row;

/**
 * Writes rows into a table and commits them as one snapshot. Each row carries its kind: +I and +U
 * upsert, -U and -D delete (by primary key) on primary-key tables; append tables take +I only.
 * Nothing is visible until {@link #commit()}; closing without a commit discards the files written.
 */
@PublicApi
public interface BatchWrite extends AutoCloseable {

    /** Writes one row of the table's row type (the row may be reused by the caller afterwards). */
    void write(Row row);

    /** Deletes the row with this primary key (the other fields are ignored). */
    void delete(Row row);

    /**
     * Flushes and commits everything written as one APPEND snapshot; returns its id, or -1 if nothing
     * was written. The write cannot be used after a commit, whatever its outcome. A compaction that
     * {@code full-compaction.delta-commits} adds to the commit and that cannot land after the rows did
     * is discarded (logged), not reported: the rows are committed.
     *
     * @throws CommitFailedException the rows did not land; the table is unchanged and every file the
     *     write made was removed: writing them again is safe
     * @throws CommitStateUnknownException the rows may have landed; nothing was removed: look for the
     *     snapshot the exception names before writing them again
     * @throws CommitCallbackException the rows landed and a commit callback failed: do not write them again
     */
    long commit() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /** Discards what was not committed. */
    @Override
    void close();
}
