package io.strata.table;

import java.io.Closeable;
import java.io.IOException;

/**
 * Serialises the last step of a commit (check that {@code snapshot-N} is absent, then create it) across
 * processes, for file systems whose rename-if-absent is not atomic (object stores). Held only around that
 * step, so the lock is short; an implementation must fail, naming the table, rather than wait forever.
 */
public interface CommitLock extends Closeable {

    /** Runs {@code action} while holding the table's lock; releases it however the action ends. */
    <T> T runLocked(LockedAction<T> action) throws IOException;

    /** The work done under the lock. */
    @FunctionalInterface
    interface LockedAction<T> {
        T run() throws IOException;
    }
}
