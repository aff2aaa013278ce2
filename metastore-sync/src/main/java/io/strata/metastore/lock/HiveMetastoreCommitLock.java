package io.strata.metastore.lock;

import io.strata.table.CommitLock;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.LockComponent;
import org.apache.hadoop.hive.metastore.api.LockLevel;
import org.apache.hadoop.hive.metastore.api.LockRequest;
import org.apache.hadoop.hive.metastore.api.LockResponse;
import org.apache.hadoop.hive.metastore.api.LockState;
import org.apache.hadoop.hive.metastore.api.LockType;
import org.apache.hadoop.hive.metastore.api.NoSuchLockException;
import org.apache.hadoop.hive.metastore.api.ShowLocksRequest;
import org.apache.hadoop.hive.metastore.api.ShowLocksResponseElement;
import org.apache.thrift.TException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A commit lock held in the Hive Metastore: an EXCLUSIVE lock at TABLE level on (database, table),
 * outside any transaction. It is the lock Apache Paimon's Hive catalog takes around its commits (same
 * type, level and names, lower-cased as the metastore and Paimon's catalog name tables), so Strata and
 * Paimon writers of one table exclude each other.
 *
 * <p>Acquiring polls {@code checkLock} with sleeps that start at 50 ms and double up to
 * {@link LockTimings#checkMaxSleep()}, and fails after {@link LockTimings#acquireTimeout()} naming the
 * table, its own lock id and the lock that holds the table. While the lock is held a background thread
 * heartbeats it every {@link LockTimings#heartbeatInterval()}: the metastore drops locks that are not
 * heartbeated within its {@code hive.txn.timeout}, which is also how a crashed holder's lock goes away.
 * The lock is always released, however the locked action ends. Paimon's own lock does not heartbeat,
 * so a Paimon commit that holds the lock longer than {@code hive.txn.timeout} loses it.
 *
 * <p>One metastore client is opened on first use (from the given supplier) and kept until {@link #close()};
 * every call on it is serialised, because metastore clients are not thread-safe. Instances may be shared
 * by threads: each {@link #runLocked} takes the lock anew.
 */
public final class HiveMetastoreCommitLock implements CommitLock {

    private static final Logger LOG = LoggerFactory.getLogger(HiveMetastoreCommitLock.class);

    /**
     * Starts the lock's agent in the metastore's SHOW LOCKS ({@code strata-commit:<uuid>}), so an operator can
     * tell who holds it; the uuid tells one acquisition's requests from every other's.
     */
    static final String AGENT = "strata-commit";

    /** No lock id: {@link #removeOrphans} keeps none. */
    private static final long NO_LOCK = -1;

    private final Supplier<IMetaStoreClient> clients;
    private final String database;
    private final String table;
    private final LockTimings timings;
    private final Object clientGuard = new Object();
    private IMetaStoreClient client;

    /**
     * @param clients opens a client of the metastore that holds the lock; called again after a client failed
     * @param database the database the table is registered in (or would be: the table need not exist there)
     * @param table the table's name in the metastore
     */
    public HiveMetastoreCommitLock(Supplier<IMetaStoreClient> clients, String database, String table, LockTimings timings) {
        this.clients = Objects.requireNonNull(clients, "clients");
        this.database = requireName(database, "database").toLowerCase(Locale.ROOT);
        this.table = requireName(table, "table").toLowerCase(Locale.ROOT);
        this.timings = Objects.requireNonNull(timings, "timings");
    }

    private static String requireName(String name, String what) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("The metastore lock needs a " + what + " name, got '" + name + "'");
        }
        return name;
    }

    public String database() {
        return database;
    }

    public String table() {
        return table;
    }

    /** {@code database.table}, as errors name the locked table. */
    public String tableName() {
        return database + "." + table;
    }

    @Override
    public <T> T runLocked(LockedAction<T> action) throws IOException {
        long lockId = acquire();
        Heartbeats heartbeats = new Heartbeats(lockId);
        T result;
        try {
            result = action.run();
        } catch (Throwable failure) {
            heartbeats.stop();
            try {
                release(lockId);
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
            throw failure;
        }
        heartbeats.stop();
        try {
            release(lockId);
        } catch (IOException e) {
            // The action (the commit) succeeded: a failed release must not make it look failed. The
            // metastore drops the lock itself once its heartbeats stop (hive.txn.timeout).
            LOG.warn("Could not release metastore lock {} on {}; it expires after hive.txn.timeout: {}",
                    lockId, tableName(), e.getMessage());
        }
        heartbeats.throwIfLost();
        return result;
    }

    /** Takes the lock, waiting while another holder has it; returns the metastore's lock id. */
    long acquire() throws IOException {
        long start = System.nanoTime();
        // One agent tag per acquisition: a request the metastore enqueued before the call failed (its own
        // checkLock hit a database deadlock, or the reply was lost) is found by it and removed.
        String agent = AGENT + ":" + UUID.randomUUID();
        Requests requests = new Requests(agent);
        LockResponse response;
        try {
            response = requests.lock(start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            requests.removeOrphansOtherThan(NO_LOCK);
            InterruptedIOException interrupted = new InterruptedIOException(
                    "Interrupted requesting the Hive Metastore lock on table " + tableName());
            interrupted.initCause(e);
            throw interrupted;
        }
        long lockId = response.getLockid();
        long sleepMillis = LockTimings.FIRST_SLEEP.toMillis();
        long maxSleepMillis = timings.maxSleep().toMillis();
        try {
            while (response.getState() == LockState.WAITING) {
                // An orphan of a failed request queues ahead of this one: until it is gone this lock can
                // only be granted when the metastore times the orphan out.
                requests.removeOrphansOtherThan(lockId);
                long waitedMillis = (System.nanoTime() - start) / 1_000_000;
                long remaining = timings.acquireTimeout().toMillis() - waitedMillis;
                if (remaining <= 0) {
                    String holder = describeHolders(lockId);
                    unlockQuietly(lockId);
                    throw new IOException("Timed out after " + Duration.ofMillis(waitedMillis) + " waiting for the Hive "
                            + "Metastore lock on table " + tableName() + " (lock " + lockId + "); " + holder + ". Raise "
                            + MetastoreLockOptions.ACQUIRE_TIMEOUT.key() + " or stop the holder.");
                }
                Thread.sleep(Math.min(sleepMillis, remaining));
                sleepMillis = Math.min(sleepMillis * 2, maxSleepMillis);
                response = retrying(start, "check lock " + lockId, c -> c.checkLock(lockId));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            unlockQuietly(lockId);
            requests.removeOrphansOtherThan(NO_LOCK);
            InterruptedIOException interrupted = new InterruptedIOException(
                    "Interrupted waiting for the Hive Metastore lock on table " + tableName() + " (lock " + lockId + ")");
            interrupted.initCause(e);
            throw interrupted;
        } catch (IOException e) {
            unlockQuietly(lockId);
            requests.removeOrphansOtherThan(NO_LOCK);
            throw e;
        }
        if (response.getState() != LockState.ACQUIRED) {
            unlockQuietly(lockId);
            requests.removeOrphansOtherThan(NO_LOCK);
            throw new IOException("The Hive Metastore refused the lock on table " + tableName() + " (lock " + lockId
                    + "): state " + response.getState()
                    + (response.isSetErrorMessage() ? ", " + response.getErrorMessage() : ""));
        }
        requests.removeOrphansOtherThan(lockId);
        LOG.debug("Acquired metastore lock {} on {} after {} ms", lockId, tableName(), (System.nanoTime() - start) / 1_000_000);
        return lockId;
    }

    /**
     * A call made while acquiring, retried (with a short pause) until the acquire timeout when the
     * metastore fails it: a busy metastore reports internal errors on lock calls (its backing database
     * timed out a row lock), and a writer should wait through them as it waits for the lock itself.
     * A lock the metastore no longer knows is not retried.
     */
    private <T> T retrying(long start, String what, ClientCall<T> call) throws IOException, InterruptedException {
        while (true) {
            try {
                return call(what, call);
            } catch (IOException e) {
                long waitedMillis = (System.nanoTime() - start) / 1_000_000;
                if (e.getCause() instanceof NoSuchLockException || waitedMillis >= timings.acquireTimeout().toMillis()) {
                    throw e;
                }
                LOG.warn("Retrying to {} for table {}: {}", what, tableName(), e.getMessage());
                Thread.sleep(Math.min(timings.maxSleep().toMillis(), 1000));
            }
        }
    }

    /**
     * The lock requests of one acquisition. A failed {@code lock} call may still have left its request in
     * the metastore (it enqueues the request, then checks it, in separate database transactions); such an
     * orphan is never polled or heartbeated, yet every later request on the table queues behind it until
     * the metastore's {@code hive.txn.timeout}. So after a failed call this acquisition's own requests
     * (found by their agent tag) are removed, before the next try and until the removal succeeds.
     */
    private final class Requests {
        private final String agent;
        private boolean orphansPossible;

        Requests(String agent) {
            this.agent = agent;
        }

        LockResponse lock(long start) throws IOException, InterruptedException {
            while (true) {
                try {
                    return call("request the lock", c -> c.lock(request(agent)));
                } catch (IOException e) {
                    orphansPossible = true;
                    long waitedMillis = (System.nanoTime() - start) / 1_000_000;
                    removeOrphansOtherThan(NO_LOCK);
                    if (waitedMillis >= timings.acquireTimeout().toMillis()) {
                        throw e;
                    }
                    LOG.warn("Retrying to request the lock for table {}: {}", tableName(), e.getMessage());
                    Thread.sleep(Math.min(timings.maxSleep().toMillis(), 1000));
                }
            }
        }

        void removeOrphansOtherThan(long keep) {
            if (orphansPossible && removeOrphans(agent, keep)) {
                orphansPossible = false;
            }
        }
    }

    /**
     * Releases every lock on the table tagged with {@code agent} except {@code keep}; returns whether the
     * metastore could be asked (false leaves the orphans for a later try).
     */
    private boolean removeOrphans(String agent, long keep) {
        List<ShowLocksResponseElement> locks;
        try {
            locks = call("list locks", c -> c.showLocks(showLocks())).getLocks();
        } catch (IOException e) {
            LOG.warn("Could not list the locks on {} to remove an orphaned lock request: {}", tableName(), e.getMessage());
            return false;
        }
        Set<Long> orphans = new TreeSet<>();
        if (locks != null) {
            for (ShowLocksResponseElement lock : locks) {
                if (agent.equals(lock.getAgentInfo()) && lock.getLockid() != keep) {
                    orphans.add(lock.getLockid());
                }
            }
        }
        for (long orphan : orphans) {
            LOG.warn("Removing orphaned metastore lock request {} on {} left by a failed lock call", orphan, tableName());
            unlockQuietly(orphan);
        }
        return true;
    }

    private ShowLocksRequest showLocks() {
        ShowLocksRequest show = new ShowLocksRequest();
        show.setDbname(database);
        show.setTablename(table);
        return show;
    }

    private LockRequest request(String agent) {
        LockComponent component = new LockComponent(LockType.EXCLUSIVE, LockLevel.TABLE, database);
        component.setTablename(table);
        // As Paimon's lock: no data operation, so the metastore treats it as a plain (non-ACID) table lock.
        component.unsetOperationType();
        List<LockComponent> components = new ArrayList<>();
        components.add(component);
        LockRequest request = new LockRequest(components, System.getProperty("user.name", "unknown"), hostName());
        request.setAgentInfo(agent);
        return request;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    private void release(long lockId) throws IOException {
        try {
            call("release lock " + lockId, c -> {
                c.unlock(lockId);
                return null;
            });
        } catch (IOException e) {
            if (e.getCause() instanceof NoSuchLockException) {
                // Already gone (reaped after a lost heartbeat): nothing left to release.
                LOG.warn("Metastore lock {} on {} was gone at release", lockId, tableName());
                return;
            }
            throw e;
        }
    }

    private void unlockQuietly(long lockId) {
        try {
            call("release lock " + lockId, c -> {
                c.unlock(lockId);
                return null;
            });
        } catch (IOException e) {
            LOG.warn("Could not release metastore lock {} on {}: {}", lockId, tableName(), e.getMessage());
        }
    }

    /** Who holds the table: every other granted lock on it, for the timeout message. */
    private String describeHolders(long ownLockId) {
        try {
            List<ShowLocksResponseElement> locks = call("list locks", c -> c.showLocks(showLocks())).getLocks();
            List<String> holders = new ArrayList<>();
            if (locks != null) {
                for (ShowLocksResponseElement lock : locks) {
                    if (lock.getLockid() != ownLockId && lock.getState() == LockState.ACQUIRED) {
                        holders.add("lock " + lock.getLockid() + " (" + lock.getType() + " by " + lock.getUser() + " on "
                                + lock.getHostname() + (lock.isSetAgentInfo() ? ", agent " + lock.getAgentInfo() : "")
                                + (lock.isSetAcquiredat() ? ", since " + Instant.ofEpochMilli(lock.getAcquiredat()) : "")
                                + ")");
                    }
                }
            }
            return holders.isEmpty() ? "no holder is listed any more" : "held by " + String.join(", ", holders);
        } catch (IOException e) {
            return "its holder could not be listed (" + e.getMessage() + ")";
        }
    }

    @FunctionalInterface
    private interface ClientCall<T> {
        T call(IMetaStoreClient client) throws TException;
    }

    /** One serialised call on the client; a failed client is dropped, so the next call opens a new one. */
    private <T> T call(String what, ClientCall<T> call) throws IOException {
        synchronized (clientGuard) {
            try {
                if (client == null) {
                    client = clients.get();
                }
                return call.call(client);
            } catch (NoSuchLockException e) {
                throw new IOException("Cannot " + what + " on table " + tableName() + ": the metastore has no such lock ("
                        + e.getMessage() + ")", e);
            } catch (TException | RuntimeException e) {
                closeClient();
                throw new IOException("Cannot " + what + " for table " + tableName() + " in the Hive Metastore: "
                        + e.getMessage(), e);
            }
        }
    }

    private void closeClient() {
        if (client != null) {
            try {
                client.close();
            } catch (RuntimeException e) {
                LOG.debug("Closing the metastore client failed", e);
            }
            client = null;
        }
    }

    @Override
    public void close() {
        synchronized (clientGuard) {
            closeClient();
        }
    }

    @Override
    public String toString() {
        return "HiveMetastoreCommitLock[" + tableName() + "]";
    }

    /** Heartbeats one held lock on a daemon thread until stopped; remembers if the metastore lost it. */
    private final class Heartbeats {

        private final long lockId;
        private final ScheduledExecutorService executor;
        private volatile IOException lost;

        Heartbeats(long lockId) {
            this.lockId = lockId;
            this.executor = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "metastore-lock-heartbeat-" + tableName() + "-" + lockId);
                thread.setDaemon(true);
                return thread;
            });
            long interval = timings.heartbeatInterval().toMillis();
            executor.scheduleWithFixedDelay(this::beat, interval, interval, TimeUnit.MILLISECONDS);
        }

        private void beat() {
            try {
                call("heartbeat lock " + lockId, c -> {
                    c.heartbeat(0, lockId);
                    return null;
                });
            } catch (IOException e) {
                if (e.getCause() instanceof NoSuchLockException) {
                    lost = e;
                    LOG.error("Lost the metastore lock {} on {} while holding it: {}", lockId, tableName(), e.getMessage());
                    executor.shutdown();
                } else {
                    // A transient failure: the next beat may get through before the metastore's timeout.
                    LOG.warn("Heartbeat of metastore lock {} on {} failed: {}", lockId, tableName(), e.getMessage());
                }
            }
        }

        void stop() {
            // Not shutdownNow: interrupting a beat in the middle of a Thrift call would break the client.
            executor.shutdown();
            try {
                executor.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * A lock lost while held means another writer may have committed at the same time: the action's
         * outcome is unknown, so say so rather than report success.
         */
        void throwIfLost() throws IOException {
            if (lost != null) {
                throw new IOException("The Hive Metastore dropped the lock on table " + tableName() + " (lock " + lockId
                        + ") while it was held (no heartbeat reached it within hive.txn.timeout); the locked commit "
                        + "may have raced another writer", lost);
            }
        }
    }
}
