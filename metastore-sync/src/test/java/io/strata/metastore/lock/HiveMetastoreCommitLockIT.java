package io.strata.metastore.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.metastore.LocalMetastore;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.paimon.client.ClientPool;
import org.apache.paimon.hive.HiveCatalogLock;
import org.apache.thrift.TException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The metastore commit lock against the real metastore over Thrift: Strata writers exclude each other and
 * Paimon writers (Paimon's own {@code HiveCatalogLock} from paimon-bundle), a wait times out naming the table and the holder,
 * the metastore reaps a crashed holder's lock, and heartbeats keep a long-held lock.
 */
class HiveMetastoreCommitLockIT {

    private static final String DB = "lock_db";
    /** Far above any wait in these tests: only a broken lock would reach it. */
    private static final Duration PATIENT = Duration.ofMinutes(2);
    /** Polls and heartbeats well inside the test metastore's 4 s txn timeout. */
    private static final LockTimings FAST = new LockTimings(PATIENT, Duration.ofMillis(200), Duration.ofMillis(500));

    /**
     * A timeout far below the orphan's life without a reaper (the test metastore reaps only when asked), so a
     * lock that queued behind its own orphan fails instead of hanging.
     */
    private static final LockTimings SHORT = new LockTimings(Duration.ofSeconds(30), Duration.ofMillis(200), Duration.ofMillis(500));

    private static final AtomicInteger TABLES = new AtomicInteger();

    private final LocalMetastore hms = LocalMetastore.get();
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    private static String newTable() {
        return "t" + TABLES.incrementAndGet();
    }

    private HiveMetastoreCommitLock strataLock(String table, LockTimings timings) {
        HiveMetastoreCommitLock lock = new HiveMetastoreCommitLock(hms::newThriftClient, DB, table, timings);
        toClose.add(lock);
        return lock;
    }

    private IMetaStoreClient client() {
        IMetaStoreClient client = hms.newThriftClient();
        toClose.add(client::close);
        return client;
    }

    @Test
    void strataLockExcludesAnotherStrataLock() throws Exception {
        String table = newTable();
        List<String> events = new CopyOnWriteArrayList<>();
        StrataHolder first = new StrataHolder(table, events, "first");

        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> run(strataLock(table, FAST), () -> events.add("second in")));
        awaitLocks(table, LockState.WAITING, 1);
        assertThat(events).containsExactly("first in");

        first.release();
        second.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertThat(events).containsExactly("first in", "first out", "second in");
        assertThat(locks(table)).isEmpty();
    }

    @Test
    void paimonLockHeldMakesStrataWait() throws Exception {
        String table = newTable();
        List<String> events = new CopyOnWriteArrayList<>();
        PaimonHolder paimon = holdPaimonLock(table, events);

        CompletableFuture<Void> strata = CompletableFuture.runAsync(() -> run(strataLock(table, FAST), () -> events.add("strata in")));
        awaitLocks(table, LockState.WAITING, 1);
        assertThat(events).containsExactly("paimon in");
        assertThat(strata).isNotDone();

        paimon.release();
        strata.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertThat(events).containsExactly("paimon in", "paimon out", "strata in");
        assertThat(locks(table)).isEmpty();
    }

    @Test
    void strataLockHeldMakesPaimonWait() throws Exception {
        String table = newTable();
        List<String> events = new CopyOnWriteArrayList<>();
        StrataHolder strata = new StrataHolder(table, events, "strata");

        HiveCatalogLock paimonLock = paimonLock();
        CompletableFuture<Void> paimon = CompletableFuture.runAsync(() -> runPaimon(paimonLock, table, () -> events.add("paimon in")));
        awaitLocks(table, LockState.WAITING, 1);
        assertThat(events).containsExactly("strata in");
        assertThat(paimon).isNotDone();

        strata.release();
        paimon.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertThat(events).containsExactly("strata in", "strata out", "paimon in");
        assertThat(locks(table)).isEmpty();
    }

    @Test
    void namesAreCaseInsensitiveLikeTheMetastoreAndPaimon() throws Exception {
        String table = newTable();
        PaimonHolder paimon = holdPaimonLock(table, new CopyOnWriteArrayList<>());
        HiveMetastoreCommitLock upper = strataLock(table.toUpperCase(), new LockTimings(Duration.ofMillis(300),
                Duration.ofMillis(100), Duration.ofMillis(500)));
        assertThat(upper.tableName()).isEqualTo(DB + "." + table);
        assertThatThrownBy(() -> upper.runLocked(() -> null)).isInstanceOf(IOException.class);
        paimon.release();
    }

    @Test
    void acquireTimeoutFailsNamingTheTableTheLockAndItsHolder() throws Exception {
        String table = newTable();
        PaimonHolder holder = holdPaimonLock(table, new CopyOnWriteArrayList<>());
        long heldLock = holder.lockId;

        HiveMetastoreCommitLock impatient = strataLock(table,
                new LockTimings(Duration.ofMillis(800), Duration.ofMillis(100), Duration.ofMillis(500)));
        List<String> ran = new CopyOnWriteArrayList<>();
        assertThatThrownBy(() -> impatient.runLocked(() -> ran.add("ran")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Timed out")
                .hasMessageContaining("table " + DB + "." + table)
                .hasMessageContaining("held by lock " + heldLock)
                .hasMessageContaining("metastore.lock.acquire-timeout");
        assertThat(ran).isEmpty();
        // The timed-out request was withdrawn: only the holder's lock is left.
        assertThat(locks(table)).extracting(ShowLocksResponseElement::getLockid).containsExactly(heldLock);
        holder.release();
    }

    @Test
    void aCrashedHoldersLockIsReapedAfterTheTxnTimeoutAndTheNextWriterProceeds() throws Exception {
        String table = newTable();
        // The "crashed" writer takes the lock Paimon and Strata take, never heartbeats and never releases it.
        IMetaStoreClient crashed = hms.newThriftClient();
        LockComponent component = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, DB);
        component.setTablename(table);
        LockResponse orphan = crashed.lock(new LockRequest(List.of(component), "crashed", "localhost"));
        assertThat(orphan.getState()).isEqualTo(LockState.ACQUIRED);
        crashed.close();

        List<String> events = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> next = CompletableFuture.runAsync(
                () -> run(strataLock(table, FAST), () -> events.add("next writer in")));
        awaitLocks(table, LockState.WAITING, 1);
        // The waiting writer keeps its own request alive by polling; the orphan expires.
        sleep(LocalMetastore.TXN_TIMEOUT.plusSeconds(1));
        assertThat(events).isEmpty();
        hms.reapExpiredLocks();
        next.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertThat(events).containsExactly("next writer in");
        assertThat(locks(table)).isEmpty();
    }

    /**
     * The metastore enqueues a request and then checks it in separate database transactions, so a lock call
     * can fail (Derby deadlocks in the check, a reply is lost) with the request left behind. Here the call
     * really reaches the metastore and then fails: the orphan, never polled or heartbeated, would hold the
     * table until hive.txn.timeout and the reaper; the lock must remove it and take the table itself.
     */
    @Test
    void aLockCallThatFailsAfterTheMetastoreTookTheRequestLeavesNoOrphan() throws Exception {
        String table = newTable();
        FailingFirstLockCall failing = new FailingFirstLockCall();
        HiveMetastoreCommitLock lock = new HiveMetastoreCommitLock(failing::client, DB, table, SHORT);
        toClose.add(lock);
        List<ShowLocksResponseElement> inside = lock.runLocked(() -> locks(table));
        assertThat(failing.lockCalls.get()).isEqualTo(2);
        assertThat(inside).hasSize(1);
        assertThat(inside.get(0).getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(locks(table)).isEmpty();
    }

    /** The same while another writer holds the table: the orphan would queue ahead of the retried request. */
    @Test
    void anOrphanedWaitingRequestDoesNotQueueAheadOfTheRetry() throws Exception {
        String table = newTable();
        List<String> events = new CopyOnWriteArrayList<>();
        StrataHolder first = new StrataHolder(table, events, "first");

        FailingFirstLockCall failing = new FailingFirstLockCall();
        HiveMetastoreCommitLock second = new HiveMetastoreCommitLock(failing::client, DB, table, SHORT);
        toClose.add(second);
        CompletableFuture<Void> secondDone = CompletableFuture.runAsync(() -> run(second, () -> events.add("second in")));
        // The retried request waits, and it is the only request of the second writer that does.
        awaitCondition(() -> failing.lockCalls.get() == 2 && locks(table).stream()
                .filter(l -> l.getState() == LockState.WAITING).count() == 1, "one waiting request after the retry");
        assertThat(locks(table)).hasSize(2);

        first.release();
        secondDone.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertThat(events).containsExactly("first in", "first out", "second in");
        assertThat(locks(table)).isEmpty();
    }

    /**
     * Hands out real Thrift clients whose first {@code lock} call reaches the metastore and then fails, as a
     * call whose server-side check failed or whose reply was lost does.
     */
    private final class FailingFirstLockCall {
        final AtomicInteger lockCalls = new AtomicInteger();

        IMetaStoreClient client() {
            IMetaStoreClient real = hms.newThriftClient();
            return (IMetaStoreClient) Proxy.newProxyInstance(IMetaStoreClient.class.getClassLoader(),
                    new Class<?>[] {IMetaStoreClient.class}, (proxy, method, args) -> {
                        Object result;
                        try {
                            result = method.invoke(real, args);
                        } catch (InvocationTargetException e) {
                            throw e.getCause();
                        }
                        if (method.getName().equals("lock") && lockCalls.incrementAndGet() == 1) {
                            throw new TException("injected: the lock call failed after the metastore took the request");
                        }
                        return result;
                    });
        }
    }

    @Test
    void heartbeatsKeepALongHeldLockAlive() throws Exception {
        String table = newTable();
        Duration hold = LocalMetastore.TXN_TIMEOUT.multipliedBy(5).dividedBy(2);
        HiveMetastoreCommitLock lock = strataLock(table, FAST);
        List<ShowLocksResponseElement> seenAtEnd = lock.runLocked(() -> {
            sleep(hold);
            return locks(table);
        });
        assertThat(seenAtEnd).hasSize(1);
        assertThat(seenAtEnd.get(0).getState()).isEqualTo(LockState.ACQUIRED);
        assertThat(seenAtEnd.get(0).getAgentInfo()).startsWith(HiveMetastoreCommitLock.AGENT + ":");
        assertThat(locks(table)).isEmpty();
    }

    @Test
    void theLockIsReleasedWhenTheActionFails() throws Exception {
        String table = newTable();
        HiveMetastoreCommitLock lock = strataLock(table, FAST);
        assertThatThrownBy(() -> lock.runLocked(() -> {
            throw new IOException("commit failed");
        })).hasMessage("commit failed");
        assertThat(locks(table)).isEmpty();
        assertThat(lock.runLocked(() -> "again")).isEqualTo("again");
    }

    // ---------------------------------------------------------------------------------------------

    /**
     * Paimon's real Hive catalog lock, built directly: Paimon's {@code HiveCatalog} cannot start on Hive 4.1
     * classes, but its lock only needs a pool of metastore clients, and ours hands it one Thrift client.
     */
    private HiveCatalogLock paimonLock() {
        HiveCatalogLock lock = new HiveCatalogLock(new SingleClientPool(client()), 200, PATIENT.toMillis());
        toClose.add(lock::close);
        return lock;
    }

    /** A Strata writer inside {@code runLocked} (its events: "<name> in", "<name> out"), until {@link #release()}. */
    private final class StrataHolder {
        private final CountDownLatch releaseLatch = new CountDownLatch(1);
        private final CompletableFuture<Void> done;

        StrataHolder(String table, List<String> events, String name) throws Exception {
            CountDownLatch inside = new CountDownLatch(1);
            done = CompletableFuture.runAsync(() -> run(strataLock(table, FAST), () -> {
                events.add(name + " in");
                inside.countDown();
                HiveMetastoreCommitLockIT.await(releaseLatch);
                events.add(name + " out");
            }));
            assertThat(inside.await(PATIENT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }

        void release() throws Exception {
            releaseLatch.countDown();
            done.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    /** A Paimon writer inside {@code runWithLock}, until {@link #release()}. */
    private final class PaimonHolder {
        private final CountDownLatch releaseLatch = new CountDownLatch(1);
        private final CompletableFuture<Void> done;
        private final long lockId;

        PaimonHolder(String table, List<String> events) throws Exception {
            CountDownLatch inside = new CountDownLatch(1);
            HiveCatalogLock lock = paimonLock();
            done = CompletableFuture.runAsync(() -> runPaimon(lock, table, () -> {
                events.add("paimon in");
                inside.countDown();
                HiveMetastoreCommitLockIT.await(releaseLatch);
                events.add("paimon out");
            }));
            assertThat(inside.await(PATIENT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            List<ShowLocksResponseElement> held = locks(table);
            assertThat(held).hasSize(1);
            assertThat(held.get(0).getState()).isEqualTo(LockState.ACQUIRED);
            // Paimon's request, not ours: it names the JVM's user and carries no Strata agent.
            assertThat(held.get(0).getUser()).isEqualTo(System.getProperty("user.name"));
            assertThat(held.get(0).getAgentInfo()).doesNotStartWith(HiveMetastoreCommitLock.AGENT);
            lockId = held.get(0).getLockid();
        }

        void release() throws Exception {
            releaseLatch.countDown();
            done.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    private PaimonHolder holdPaimonLock(String table, List<String> events) throws Exception {
        return new PaimonHolder(table, events);
    }

    private static void runPaimon(HiveCatalogLock lock, String table, Runnable action) {
        try {
            lock.runWithLock(DB, table, () -> {
                action.run();
                return null;
            });
        } catch (Exception e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    /** Paimon's client pool over one Thrift client; calls are serialised because a Thrift client is not thread-safe. */
    private static final class SingleClientPool implements ClientPool<IMetaStoreClient, TException> {
        private final IMetaStoreClient client;

        SingleClientPool(IMetaStoreClient client) {
            this.client = client;
        }

        @Override
        public synchronized <R> R run(Action<R, IMetaStoreClient, TException> action) throws TException {
            return action.run(client);
        }

        @Override
        public synchronized void execute(ExecuteAction<IMetaStoreClient, TException> action) throws TException {
            action.run(client);
        }
    }

    private List<ShowLocksResponseElement> locks(String table) throws IOException {
        try (IMetaStoreClient client = hms.newThriftClient()) {
            ShowLocksRequest show = new ShowLocksRequest();
            show.setDbname(DB);
            show.setTablename(table);
            List<ShowLocksResponseElement> locks = client.showLocks(show).getLocks();
            return locks == null ? List.of() : locks;
        } catch (TException e) {
            throw new IOException(e);
        }
    }

    /** Waits (bounded) until the metastore lists {@code count} locks in {@code state} on the table. */
    private void awaitLocks(String table, LockState state, int count) throws Exception {
        long deadline = System.nanoTime() + PATIENT.toNanos();
        while (locks(table).stream().filter(l -> l.getState() == state).count() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("No " + count + " " + state + " lock(s) on " + table + ": " + locks(table));
            }
            Thread.sleep(20);
        }
    }

    @FunctionalInterface
    private interface Condition {
        boolean holds() throws Exception;
    }

    private static void awaitCondition(Condition condition, String what) throws Exception {
        long deadline = System.nanoTime() + PATIENT.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Never reached: " + what);
            }
            Thread.sleep(20);
        }
    }

    private static void run(HiveMetastoreCommitLock lock, Runnable action) {
        try {
            lock.runLocked(() -> {
                action.run();
                return null;
            });
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(PATIENT.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("latch not released");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
