package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.snapshot.Snapshot;

/**
 * Runs after a snapshot has landed, on the committing thread: the commit is already visible to every
 * reader, so a callback can never undo or block it, only report. A callback decides itself whether its
 * failure matters: an exception it throws reaches the writer's {@code commit()} (after the snapshot
 * landed) as a {@link CommitCallbackException} that says the snapshot stays committed, so a lenient
 * callback catches and logs its own failures. The other callbacks run regardless.
 *
 * <p>A callback belongs to one writer (or one compaction), from {@link CommitHookProvider#commitCallbacks},
 * and is closed with it.
 */
@PublicApi
public interface CommitCallback extends AutoCloseable {

    /**
     * Called once per snapshot this writer committed (APPEND or COMPACT), with the table as it was loaded
     * for the write.
     */
    void committed(Table table, Snapshot snapshot) throws Exception;

    @Override
    default void close() throws Exception {
    }
}
