package io.strata.metastore;

import io.strata.testing.LocalPorts;
import io.strata.testing.SecondJvm;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;

/**
 * A real Hive 4.1 Thrift metastore in a separate JVM ({@link MetastoreServerMain}), so a test can kill it
 * like a crashed server ({@code kill -9}: no shutdown hook, no Derby shutdown, transactions in flight
 * lost) and start it again on the same port over the same Derby database. Unlike cutting a TCP proxy,
 * this loses the server's in-memory state and exercises Derby's crash recovery.
 *
 * <p>The child runs this JVM's java with its class path; its output goes to {@code server-N.log} in the
 * metastore directory (N counts starts), its temporary files to {@code tmp/} there.
 */
public final class MetastoreProcess implements AutoCloseable {

    private static final long START_TIMEOUT_SECONDS = 180;

    private final Path directory;
    private final int port;
    /** The PostgreSQL database the server keeps its metadata in, or null for Derby under the directory. */
    private final String databaseUrl;
    private Process process;
    private int starts;

    /** A metastore over {@code directory} (created if missing) on a free port of 127.0.0.1; not started yet. */
    public MetastoreProcess(Path directory) {
        this(directory, null);
    }

    /**
     * A metastore whose metadata lives in the PostgreSQL database at {@code jdbcUrl} (of a {@link PostgresServer})
     * rather than in Derby under {@code directory}: for several lock clients at once, which Hive 4.1 serialises on
     * Derby (see {@link PostgresServer}). Not started yet.
     */
    public static MetastoreProcess onPostgres(Path directory, String jdbcUrl) {
        return new MetastoreProcess(directory, jdbcUrl);
    }

    private MetastoreProcess(Path directory, String databaseUrl) {
        this.databaseUrl = databaseUrl;
        this.directory = directory.toAbsolutePath();
        try {
            Files.createDirectories(this.directory);
            port = LocalPorts.free();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the server and waits until it accepts connections; returns how long that took. */
    public Duration start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("The metastore on port " + port + " is already running");
        }
        long begin = System.nanoTime();
        starts++;
        // SecondJvm starts it with the C1 compiler alone, which suits a start that is class loading and Hive's
        // initialisation.
        List<String> options = new ArrayList<>(List.of("-Xmx512m"));
        // Derby's wait before it breaks a deadlock of concurrent lock requests (see the module's pom), if set here.
        String deadlockTimeout = System.getProperty("derby.locks.deadlockTimeout");
        if (deadlockTimeout != null) {
            options.add("-Dderby.locks.deadlockTimeout=" + deadlockTimeout);
        }
        // The module opens to Hive what it needs on JDK 17 (test.argLine): the server needs the same.
        options.addAll(SecondJvm.openedModules());
        process = SecondJvm.of(directory, MetastoreServerMain.class)
                .classPath(List.of(System.getProperty("java.class.path").split(File.pathSeparator)))
                .jvmOptions(options)
                .args(databaseUrl == null ? new String[] {Integer.toString(port), directory.toString()}
                        : new String[] {Integer.toString(port), directory.toString(), databaseUrl})
                .start(directory.resolve("server-" + starts + ".log"), line -> line.startsWith(MetastoreServerMain.READY),
                        Duration.ofSeconds(START_TIMEOUT_SECONDS));
        Duration took = Duration.ofNanos(System.nanoTime() - begin);
        System.out.println("[MetastoreProcess] pid " + process.pid() + " on 127.0.0.1:" + port + " ready in "
                + took.toMillis() + " ms (start " + starts + ")");
        return took;
    }

    /** Kills the server like a crash ({@code SIGKILL}) and waits until the process is gone. */
    public void kill() throws InterruptedException {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("The metastore process " + process.pid() + " survived kill -9 for 60 s");
        }
        System.out.println("[MetastoreProcess] killed pid " + process.pid() + " (exit " + process.exitValue() + ")");
    }

    /** Whether the server process is alive. */
    public boolean running() {
        return process != null && process.isAlive();
    }

    /** The server's port on 127.0.0.1, the same across restarts. */
    public int port() {
        return port;
    }

    /** {@code thrift://127.0.0.1:<port>}, the same across restarts. */
    public String thriftUri() {
        return "thrift://127.0.0.1:" + port;
    }

    /** A new client of the server (through the sync's own client factory); the caller closes it. */
    public IMetaStoreClient newClient() {
        try {
            return MetastoreClients.open(thriftUri(), new Configuration());
        } catch (MetaException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
