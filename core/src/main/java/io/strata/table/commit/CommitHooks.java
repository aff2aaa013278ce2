package io.strata.table.commit;

import io.strata.schema.TableOptions;
import io.strata.snapshot.Snapshot;
import io.strata.table.CommitCallback;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitFailedException;
import io.strata.table.CommitHookProvider;
import io.strata.table.CommitLock;
import io.strata.table.Table;
import io.strata.table.lifecycle.TableMaintenance;
import io.strata.table.store.TableStore;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commit lock and callbacks of one writer (or one compaction), asked once from the {@link
 * CommitHookProvider}s: the lock is held only while the snapshot file is created, the callbacks run after
 * it landed, and both are closed with the writer. Refuses, when opened, an unlocked commit to a file
 * system whose rename-if-absent is not atomic, unless {@code commit.require-lock-on-object-store} is off.
 */
public final class CommitHooks implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(CommitHooks.class);

    /** The unlocked object-store warning is said once per scheme, not once per commit. */
    private static final Set<String> WARNED_SCHEMES = ConcurrentHashMap.newKeySet();

    private static final int NOT_ENTERED = 0;
    private static final int ENTERED = 1;
    private static final int CREATED = 2;

    private final Table table;
    private final List<CommitLock> locks;
    private final List<CommitCallback> callbacks;
    private boolean closed;

    private CommitHooks(Table table, List<CommitLock> locks, List<CommitCallback> callbacks) {
        this.table = table;
        this.locks = locks;
        this.callbacks = callbacks;
    }

    /**
     * Asks every provider for the table's lock and callbacks; fails, naming the table, if a provider
     * fails or if the table needs a lock that no provider gives.
     */
    public static CommitHooks open(Table table) {
        List<CommitHookProvider> providers = CommitHookProviders.find();
        List<CommitLock> locks = new ArrayList<>();
        List<CommitCallback> callbacks = new ArrayList<>();
        CommitHooks hooks = new CommitHooks(table, locks, callbacks);
        try {
            for (CommitHookProvider provider : providers) {
                try {
                    provider.commitLock(table).ifPresent(locks::add);
                    callbacks.addAll(provider.commitCallbacks(table));
                } catch (RuntimeException | LinkageError e) {
                    // LinkageError: a provider whose dependencies this class loader lacks (Hive aux jars).
                    throw new IllegalStateException("Commit hook provider " + provider.getClass().getName()
                            + " failed for table " + table.location() + ": " + e.getMessage(), e);
                }
            }
            if (locks.isEmpty()) {
                checkUnlockedCommitAllowed(table);
            }
            return hooks;
        } catch (RuntimeException e) {
            hooks.close();
            throw e;
        }
    }

    private static void checkUnlockedCommitAllowed(Table table) {
        Path snapshots = TableStore.of(table).snapshotManager().snapshotDirectory();
        String scheme;
        try {
            if (table.fileIO().supportsAtomicWriteIfAbsent(snapshots)) {
                return;
            }
            scheme = table.fileIO().scheme(snapshots);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the file system of table " + table.location() + ": "
                    + e.getMessage(), e);
        }
        String key = TableOptions.COMMIT_REQUIRE_LOCK_ON_OBJECT_STORE.key();
        if (table.schema().tableOptions().commitRequireLockOnObjectStore()) {
            throw new IllegalStateException("Table " + table.location() + " is on a '" + scheme + "' file system, "
                    + "whose rename is not atomic: two writers committing at once could overwrite each other's "
                    + "snapshot, and no commit lock is configured. Configure a commit lock (the Hive Metastore lock "
                    + "of the metastore-sync module), or set table option '" + key + "'='false' if only one writer "
                    + "at a time ever commits to this table.");
        }
        if (WARNED_SCHEMES.add(scheme)) {
            LOG.warn("Rename on '{}' file systems is not atomic and table {} has no commit lock ('{}'=false): two "
                    + "writers committing to one table at the same time may overwrite each other's snapshot. "
                    + "Commit from one writer at a time.", scheme, table.location(), key);
        }
    }

    /**
     * Runs {@code create} (check that the next snapshot is absent, then create it) under the locks, if
     * any, nested in provider order. A failure to take a lock fails the commit before anything is
     * created; a failure to release it after the snapshot was created does not undo the commit.
     */
    public boolean createSnapshot(CommitLock.LockedAction<Boolean> create) throws IOException {
        if (locks.isEmpty()) {
            return create.run();
        }
        AtomicInteger state = new AtomicInteger(NOT_ENTERED);
        CommitLock.LockedAction<Boolean> action = () -> {
            state.set(ENTERED);
            boolean created = create.run();
            if (created) {
                state.set(CREATED);
            }
            return created;
        };
        for (int i = locks.size() - 1; i >= 0; i--) {
            CommitLock lock = locks.get(i);
            CommitLock.LockedAction<Boolean> inner = action;
            action = () -> lock.runLocked(inner);
        }
        try {
            return action.run();
        } catch (IOException | RuntimeException e) {
            switch (state.get()) {
                case CREATED -> {
                    // The snapshot is visible: the commit stands. The lock's own expiry frees it.
                    LOG.warn("Snapshot of table {} committed, but releasing its commit lock failed", table.location(), e);
                    return true;
                }
                case NOT_ENTERED -> throw new CommitFailedException(table.location(), "Could not take the commit lock "
                        + "of table " + table.location() + "; the commit changed nothing: " + e.getMessage(), e);
                default -> throw e;
            }
        }
    }

    /**
     * What follows a landed snapshot, in order: every callback (even after one fails), then the table's
     * maintenance ({@link TableMaintenance#afterCommit}: automatic tags, tag, consumer, snapshot and
     * changelog expiration, unless {@code write-only}), which logs its own failures. If a callback
     * failed, throws one exception that says the snapshot landed and names the failed callbacks (the
     * first failure is the cause, the others are suppressed).
     */
    public void committed(Snapshot snapshot) throws CommitCallbackException {
        try {
            runCallbacks(snapshot);
        } finally {
            TableMaintenance.afterCommit(table);
        }
    }

    private void runCallbacks(Snapshot snapshot) throws CommitCallbackException {
        List<String> failed = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (CommitCallback callback : callbacks) {
            try {
                callback.committed(table, snapshot);
            } catch (Exception | LinkageError e) {
                // LinkageError too: a callback missing a class must not hide that the snapshot landed.
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                failed.add(callback.getClass().getName());
                failures.add(e);
            }
        }
        if (failures.isEmpty()) {
            return;
        }
        String which = failed.size() == 1 ? "commit callback " + failed.get(0) + " failed"
                : failed.size() + " commit callbacks failed (" + String.join(", ", failed) + "); the first";
        CommitCallbackException error = new CommitCallbackException(table.location(), snapshot.id(), which,
                failures.get(0));
        for (int i = 1; i < failures.size(); i++) {
            error.addSuppressed(failures.get(i));
        }
        throw error;
    }

    /**
     * Runs every callback for a snapshot that became the table's latest without a commit (a rollback, which
     * removes the snapshots after it), so that what follows commits (the metastore sync) follows it too; unlike
     * {@link #committed}, no maintenance runs. Failures are reported as by {@link #committed}.
     */
    public void becameLatest(Snapshot snapshot) throws CommitCallbackException {
        runCallbacks(snapshot);
    }

    /** Closes the callbacks and locks; a failure is logged, since the commit, if any, is already decided. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<AutoCloseable> all = new ArrayList<>(callbacks);
        all.addAll(locks);
        for (AutoCloseable c : all) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.warn("Cannot close commit hook {} of table {}", c.getClass().getName(), table.location(), e);
            }
        }
    }
}
