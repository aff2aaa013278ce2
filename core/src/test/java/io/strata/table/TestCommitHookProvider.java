package io.strata.table;

import io.strata.snapshot.Snapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Commit hooks for tests, registered in core's test META-INF/services and active only for tables whose
 * options ask for them, so that every other test runs without hooks:
 * {@code test.commit-lock} = {@code jvm} (a lock per table in this JVM), {@code unavailable} (taking it
 * times out), {@code fails-on-release}; {@code test.commit-callbacks} = a comma list of
 * {@code recording} and {@code failing}.
 */
public class TestCommitHookProvider implements CommitHookProvider {

    static final String LOCK_OPTION = "test.commit-lock";
    static final String CALLBACKS_OPTION = "test.commit-callbacks";

    /** Per table location: the JVM lock, the snapshots the callbacks saw, the hooks closed. */
    static final Map<String, JvmLockState> LOCKS = new ConcurrentHashMap<>();
    static final Map<String, List<Long>> RECORDED = new ConcurrentHashMap<>();
    static final Map<String, AtomicInteger> CLOSED = new ConcurrentHashMap<>();

    static void reset() {
        LOCKS.clear();
        RECORDED.clear();
        CLOSED.clear();
    }

    static List<Long> recorded(Table table) {
        return RECORDED.getOrDefault(key(table), List.of());
    }

    static int closed(Table table) {
        return CLOSED.computeIfAbsent(key(table), k -> new AtomicInteger()).get();
    }

    static JvmLockState lockState(Table table) {
        return LOCKS.computeIfAbsent(key(table), k -> new JvmLockState());
    }

    private static String key(Table table) {
        return table.location().toString();
    }

    @Override
    public Optional<CommitLock> commitLock(Table table) {
        String kind = table.schema().options().get(LOCK_OPTION);
        if (kind == null) {
            return Optional.empty();
        }
        String name = table.location().toString();
        return Optional.of(switch (kind) {
            case "jvm" -> new JvmCommitLock(name, lockState(table), closedCounter(table));
            case "unavailable" -> new CommitLock() {
                @Override
                public <T> T runLocked(LockedAction<T> action) throws IOException {
                    throw new IOException("Timed out after 0 ms waiting for the test lock of " + name);
                }

                @Override
                public void close() {
                    closedCounter(table).incrementAndGet();
                }
            };
            case "fails-on-release" -> new CommitLock() {
                @Override
                public <T> T runLocked(LockedAction<T> action) throws IOException {
                    action.run();
                    throw new IOException("Lost the connection while releasing the test lock of " + name);
                }

                @Override
                public void close() {
                    closedCounter(table).incrementAndGet();
                }
            };
            default -> throw new IllegalArgumentException("Unknown " + LOCK_OPTION + ": " + kind);
        });
    }

    @Override
    public List<CommitCallback> commitCallbacks(Table table) {
        String kinds = table.schema().options().get(CALLBACKS_OPTION);
        if (kinds == null) {
            return List.of();
        }
        List<Long> seen = RECORDED.computeIfAbsent(key(table), k -> Collections.synchronizedList(new ArrayList<>()));
        AtomicInteger closed = closedCounter(table);
        List<CommitCallback> callbacks = new ArrayList<>();
        for (String kind : kinds.split(",")) {
            callbacks.add(switch (kind.trim()) {
                case "recording" -> new RecordingCallback(seen, closed);
                case "failing" -> new FailingCallback(closed);
                default -> throw new IllegalArgumentException("Unknown " + CALLBACKS_OPTION + ": " + kind);
            });
        }
        return callbacks;
    }

    private static AtomicInteger closedCounter(Table table) {
        return CLOSED.computeIfAbsent(key(table), k -> new AtomicInteger());
    }

    /** A table's lock in this JVM, with what the test checks: holders at once, waiters. */
    static final class JvmLockState {
        final ReentrantLock lock = new ReentrantLock(true);
        final AtomicInteger holders = new AtomicInteger();
        final AtomicInteger maxHolders = new AtomicInteger();
        final AtomicInteger acquisitions = new AtomicInteger();
    }

    /** Serialises snapshot creation between the writers of this JVM, as the metastore lock does between processes. */
    static final class JvmCommitLock implements CommitLock {
        private final String table;
        private final JvmLockState state;
        private final AtomicInteger closed;

        JvmCommitLock(String table, JvmLockState state, AtomicInteger closed) {
            this.table = table;
            this.state = state;
            this.closed = closed;
        }

        @Override
        public <T> T runLocked(LockedAction<T> action) throws IOException {
            try {
                if (!state.lock.tryLock(60, TimeUnit.SECONDS)) {
                    throw new IOException("Timed out waiting for the test lock of " + table);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("Interrupted waiting for the test lock of " + table);
            }
            try {
                state.acquisitions.incrementAndGet();
                state.maxHolders.accumulateAndGet(state.holders.incrementAndGet(), Math::max);
                return action.run();
            } finally {
                state.holders.decrementAndGet();
                state.lock.unlock();
            }
        }

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }

    /** Records the id of every snapshot it is told about. */
    static final class RecordingCallback implements CommitCallback {
        private final List<Long> seen;
        private final AtomicInteger closed;

        RecordingCallback(List<Long> seen, AtomicInteger closed) {
            this.seen = seen;
            this.closed = closed;
        }

        @Override
        public void committed(Table table, Snapshot snapshot) {
            seen.add(snapshot.id());
        }

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }

    /** Always fails, as a metastore sync does when the metastore is down. */
    static final class FailingCallback implements CommitCallback {
        private final AtomicInteger closed;

        FailingCallback(AtomicInteger closed) {
            this.closed = closed;
        }

        @Override
        public void committed(Table table, Snapshot snapshot) throws Exception {
            throw new IOException("metastore unreachable (test)");
        }

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }
}
