package io.strata.table;

import io.strata.snapshot.Snapshot;

/**
 * Runs after a snapshot has landed, on the committing thread: the commit is already visible to every
 * reader, so a callback can never undo or block it, only report. A callback decides itself whether its
 * failure matters: an exception it throws reaches the writer's {@code commit()} (after the snapshot
 * landed), so a lenient callback catches and logs its own failures.
 */
public interface CommitCallback extends AutoCloseable {

    /** Called once per snapshot this writer committed, with the table as it was loaded for the write. */
    void committed(FileStoreTable table, Snapshot snapshot) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
