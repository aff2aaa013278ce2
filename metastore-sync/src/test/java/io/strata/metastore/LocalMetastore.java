package io.strata.metastore;

import io.strata.testing.LocalPorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStore;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.security.HadoopThriftAuthBridge;

/**
 * ONE real Hive 4.1 metastore per test JVM, reachable two ways: embedded (the client runs the metastore's
 * handler in-process over Derby) and as a Thrift server on 127.0.0.1. Both share one Derby database under
 * {@code target/}, because the embedded metastore keeps static state; tests keep apart by database name.
 */
public final class LocalMetastore {

    /**
     * The metastore's {@code hive.txn.timeout}: a lock whose holder sends no heartbeat for this long is
     * reaped. Short so that tests of crashed holders finish quickly; lock holders in tests must heartbeat
     * (or poll) more often than this.
     */
    public static final Duration TXN_TIMEOUT = Duration.ofSeconds(4);

    private static LocalMetastore instance;

    private final Path baseDir;
    private final int port;
    private final long startupMillis;

    /** The shared metastore, started on first use. */
    public static synchronized LocalMetastore get() {
        if (instance == null) {
            instance = new LocalMetastore();
        }
        return instance;
    }

    private LocalMetastore() {
        long start = System.nanoTime();
        try {
            Path target = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
            Files.createDirectories(target);
            baseDir = Files.createTempDirectory(target, "metastore-");
            Path siteFile = baseDir.resolve("hive-site.xml");
            Map<String, String> settings = settings(baseDir);
            EmbeddedMetastoreSettings.writeSiteFile(siteFile, settings);
            // The metastore's TxnHandler serialises Derby work with a JVM lock, but a checkLock heartbeats in an
            // outer transaction before it takes that lock: two clients polling checkLock at once can each
            // wait for the other (one for the JVM lock, one for a Derby row lock). A short Derby lock wait
            // turns that into a timeout the TxnHandler retries sooner (Derby's default wait is 60 s). It retries a
            // checkLock up to 10 times: at 10 s a wait, two writers' stuck calls in a row outlasted
            // MetastoreLockedCommitsIT's 3 minutes once in four full runs; at 5 s a stuck call ends within a minute.
            System.setProperty("derby.locks.waitTimeout", "5");
            // Before any metastore code runs: the lock API needs tables that DataNucleus does not create.
            MetastoreLockSchema.create(settings.get("javax.jdo.option.ConnectionURL"));
            // Every new HiveConf in this JVM (the clients' and the server's) reads this file.
            HiveConf.setHiveSiteLocation(siteFile.toUri().toURL());
            port = LocalPorts.free();
            // The server rejects ordinary clients when hive.in.test is on: start it with a plain conf.
            HiveConf serverConf = new HiveConf();
            serverConf.set("hive.in.test", "false");
            Thread server = new Thread(() -> {
                try {
                    HiveMetaStore.startMetaStore(port, HadoopThriftAuthBridge.getBridge(), serverConf);
                } catch (Throwable e) {
                    e.printStackTrace();
                }
            }, "thrift-metastore-" + port);
            server.setDaemon(true);
            server.start();
            LocalPorts.await(port, Duration.ofMinutes(1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while the metastore started", e);
        }
        startupMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("[LocalMetastore] Thrift metastore on 127.0.0.1:" + port + " in " + startupMillis + " ms");
    }

    private static Map<String, String> settings(Path dir) {
        Map<String, String> s = EmbeddedMetastoreSettings.derby(dir);
        // Locks not heartbeated within the txn timeout are reaped by reapExpiredLocks() (see there).
        s.put("hive.txn.timeout", TXN_TIMEOUT.toSeconds() + "s");
        return s;
    }


    /**
     * Runs the metastore's own lock expiry ({@code TxnStore.performTimeOuts}, what its ACID housekeeper
     * runs every {@code metastore.acid.housekeeper.interval}): locks (and transactions) not heartbeated
     * within {@link #TXN_TIMEOUT} are dropped.
     *
     * <p>WHY on demand: the housekeeper runs only with the server's background threads, and with those
     * threads on, its expiry query and a concurrent unlock were seen waiting on each other's Derby row
     * locks indefinitely. Tests call this at the moment a crashed holder's lock has expired.
     */
    public void reapExpiredLocks() {
        try {
            org.apache.hadoop.hive.metastore.txn.TxnUtils.getTxnStore(new HiveConf()).performTimeOuts();
        } catch (RuntimeException e) {
            throw new IllegalStateException("The metastore's lock expiry failed: " + e.getMessage(), e);
        }
    }

    /** The Thrift URI of the server, {@code thrift://127.0.0.1:<port>}. */
    public String thriftUri() {
        return "thrift://127.0.0.1:" + port;
    }

    /** The server's port on 127.0.0.1. */
    public int port() {
        return port;
    }

    /** Milliseconds the metastore took to start. */
    public long startupMillis() {
        return startupMillis;
    }

    /** A configuration for clients of the Thrift server. */
    public Configuration thriftConf() {
        HiveConf conf = new HiveConf();
        conf.set("hive.metastore.uris", thriftUri());
        return conf;
    }

    /** A configuration for embedded clients (the handler runs inside the client). */
    public Configuration embeddedConf() {
        HiveConf conf = new HiveConf();
        conf.set("hive.metastore.uris", "");
        return conf;
    }

    /** A new client of the Thrift server; the caller closes it. */
    public IMetaStoreClient newThriftClient() {
        return newClient(thriftConf());
    }

    /** A new embedded client; the caller closes it. */
    public IMetaStoreClient newEmbeddedClient() {
        return newClient(embeddedConf());
    }

    private static IMetaStoreClient newClient(Configuration conf) {
        try {
            return new HiveMetaStoreClient(conf);
        } catch (MetaException e) {
            throw new IllegalStateException("Cannot connect to the test metastore: " + e.getMessage(), e);
        }
    }

    /** A fresh directory under the metastore's base directory, for warehouses and tables. */
    public Path newDirectory(String prefix) {
        try {
            return Files.createTempDirectory(baseDir, prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
