package io.strata.metastore.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.metastore.LocalMetastore;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The metastore commit lock against the real metastore over Thrift: Strata writers exclude each other and
 * Paimon writers (Paimon's Hive catalog lock protocol), a wait times out naming the table and the holder,
 * the metastore reaps a crashed holder's lock, and heartbeats keep a long-held lock.
 */
class HiveMetastoreCommitLockIT {

    private static final String DB = "lock_db";
    /** Far above any wait in these tests: only a broken lock would reach it. */
    private static final Duration PATIENT = Duration.ofMinutes(2);
    /** Polls and heartbeats well inside the test metastore's 4 s txn timeout. */
    private static final LockTimings FAST = new LockTimings(PATIENT, Duration.ofMillis(200), Duration.ofMillis(500));

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
        CountDownLatch firstInside = new CountDownLatch(1);
        CountDownLatch releaseFirst = new CountDownLatch(1);
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> run(strataLock(table, FAST), () -> {
            events.add("first in");
            firstInside.countDown();
            await(releaseFirst);
            events.add("first out");
        }));
        assertThat(firstInside.await(PATIENT.toSeconds(), TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> run(strataLock(table, FAST), () -> events.add("second in")));
        awaitLocks(table, LockState.WAITING, 1);
        assertThat(events).containsExactly("first in");

        releaseFirst.countDown();
        first.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        second.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertThat(events).containsExactly("first in", "first out", "second in");
        assertThat(locks(table)).isEmpty();
    }

    @Test
    void paimonLockHeldMakesStrataWait() throws Exception {
        String table = newTable();
        PaimonHiveLockProtocol paimon = new PaimonHiveLockProtocol(client(), Duration.ofMillis(200), PATIENT);
        long paimonLock = paimon.lock(DB, table);

        List<String> events = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> strata = CompletableFuture.runAsync(() -> run(strataLock(table, FAST), () -> events.add("strata in")));
        awaitLocks(table, LockState.WAITING, 1);
        assertThat(events).isEmpty();
        assertThat(strata).isNotDone();

        paimon.unlock(paimonLock);
        strata.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        assertThat(events).containsExactly("strata in");
    }

    @Test
    void strataLockHeldMakesPaimonWait() throws Exception {
        String table = newTable();
        CountDownLatch strataInside = new CountDownLatch(1);
        CountDownLatch releaseStrata = new CountDownLatch(1);
        CompletableFuture<Void> strata = CompletableFuture.runAsync(() -> run(strataLock(table, FAST), () -> {
            strataInside.countDown();
            await(releaseStrata);
        }));
        assertThat(strataInside.await(PATIENT.toSeconds(), TimeUnit.SECONDS)).isTrue();

        PaimonHiveLockProtocol paimon = new PaimonHiveLockProtocol(client(), Duration.ofMillis(200), PATIENT);
        LockResponse paimonRequest = paimon.request(PaimonHiveLockProtocol.request(DB, table));
        assertThat(paimonRequest.getState()).isEqualTo(LockState.WAITING);

        releaseStrata.countDown();
        strata.get(PATIENT.toSeconds(), TimeUnit.SECONDS);
        long paimonLock = paimon.await(paimonRequest);
        assertThat(paimonLock).isEqualTo(paimonRequest.getLockid());
        paimon.unlock(paimonLock);
    }

    @Test
    void namesAreCaseInsensitiveLikeTheMetastoreAndPaimon() throws Exception {
        String table = newTable();
        PaimonHiveLockProtocol paimon = new PaimonHiveLockProtocol(client(), Duration.ofMillis(200), PATIENT);
        long paimonLock = paimon.lock(DB, table);
        HiveMetastoreCommitLock upper = strataLock(table.toUpperCase(), new LockTimings(Duration.ofMillis(300),
                Duration.ofMillis(100), Duration.ofMillis(500)));
        assertThat(upper.tableName()).isEqualTo(DB + "." + table);
        assertThatThrownBy(() -> upper.runLocked(() -> null)).isInstanceOf(IOException.class);
        paimon.unlock(paimonLock);
    }

    @Test
    void acquireTimeoutFailsNamingTheTableTheLockAndItsHolder() throws Exception {
        String table = newTable();
        PaimonHiveLockProtocol holder = new PaimonHiveLockProtocol(client(), Duration.ofMillis(200), PATIENT);
        long heldLock = holder.lock(DB, table);

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
        holder.unlock(heldLock);
    }

    @Test
    void aCrashedHoldersLockIsReapedAfterTheTxnTimeoutAndTheNextWriterProceeds() throws Exception {
        String table = newTable();
        // The "crashed" writer takes the lock, never heartbeats and never releases it.
        IMetaStoreClient crashed = hms.newThriftClient();
        LockResponse orphan = crashed.lock(PaimonHiveLockProtocol.request(DB, table));
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
        assertThat(seenAtEnd.get(0).getAgentInfo()).isEqualTo(HiveMetastoreCommitLock.AGENT);
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

    private List<ShowLocksResponseElement> locks(String table) throws IOException {
        try (IMetaStoreClient client = hms.newThriftClient()) {
            ShowLocksRequest show = new ShowLocksRequest();
            show.setDbname(DB);
            show.setTablename(table);
            List<ShowLocksResponseElement> locks = client.showLocks(show).getLocks();
            return locks == null ? List.of() : locks;
        } catch (org.apache.thrift.TException e) {
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
