package io.strata.table;

import io.strata.api.PublicApi;
import java.io.Closeable;
import java.io.IOException;

/**
 * Serialises the last step of a commit (check that {@code snapshot-N} is absent, then create it) across
 * processes, for file systems whose rename-if-absent is not atomic (object stores). Held only around that
 * step, so the lock is short; an implementation must fail, naming the table, rather than wait forever.
 *
 * <p>A lock belongs to one writer (or one compaction), from {@link CommitHookProvider#commitLock}, is
 * used from that writer's thread, possibly several times (a commit that lost the race retries), and is
 * closed with the writer.
 */
@PublicApi
public interface CommitLock extends Closeable {

    /**
     * Runs {@code action} while holding the table's lock; releases it however the action ends. If the
     * lock cannot be taken, throws an IOException naming the table without running the action: the
     * commit fails and leaves the table as it was. A failure to release after the action succeeded does
     * not undo the commit (it is logged).
     */
    <T> T runLocked(LockedAction<T> action) throws IOException;

    /** The work done under the lock. */
    @FunctionalInterface
    interface LockedAction<T> {
        T run() throws IOException;
    }
}
