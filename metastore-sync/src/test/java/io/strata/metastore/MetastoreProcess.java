package io.strata.metastore;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
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
 * metastore directory (N counts starts).
 */
final class MetastoreProcess implements AutoCloseable {

    private static final long START_TIMEOUT_SECONDS = 180;

    private final Path directory;
    private final int port;
    private Process process;
    private int starts;

    /** A metastore over {@code directory} (created if missing) on a free port of 127.0.0.1; not started yet. */
    MetastoreProcess(Path directory) {
        this.directory = directory.toAbsolutePath();
        try {
            Files.createDirectories(this.directory);
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the server and waits until it accepts connections; returns how long that took. */
    Duration start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("The metastore on port " + port + " is already running");
        }
        long begin = System.nanoTime();
        starts++;
        Path log = directory.resolve("server-" + starts + ".log");
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command()
                .orElseThrow(() -> new IllegalStateException("Cannot tell which java runs this JVM")));
        command.add("-Xmx512m");
        // Startup is class loading and Hive's initialisation: the C1 compiler alone starts it sooner.
        command.add("-XX:TieredStopAtLevel=1");
        // The module opens to Hive what it needs on JDK 17 (test.argLine): the server needs the same.
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports")) {
                command.add(arg);
            }
        }
        command.add("-Djava.io.tmpdir=" + Files.createDirectories(directory.resolve("tmp")));
        command.add("-Dhadoop.log.dir=" + directory.resolve("tmp"));
        command.add("-Dderby.stream.error.file=" + directory.resolve("derby.log"));
        command.add("-Duser.timezone=UTC");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(MetastoreServerMain.class.getName());
        command.add(Integer.toString(port));
        command.add(directory.toString());
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CountDownLatch ready = new CountDownLatch(1);
        Process started = process;
        Thread pump = new Thread(() -> pump(started, log, ready), "metastore-process-output-" + port);
        pump.setDaemon(true);
        pump.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_TIMEOUT_SECONDS);
        while (!ready.await(100, TimeUnit.MILLISECONDS)) {
            if (!started.isAlive() || System.nanoTime() > deadline) {
                started.destroyForcibly().waitFor();
                throw new IllegalStateException("The metastore process on port " + port + " did not start"
                        + (started.isAlive() ? " in " + START_TIMEOUT_SECONDS + " s" : " (exit " + started.exitValue() + ")")
                        + "; its output: " + log + "\n" + tail(log));
            }
        }
        Duration took = Duration.ofNanos(System.nanoTime() - begin);
        System.out.println("[MetastoreProcess] pid " + started.pid() + " on 127.0.0.1:" + port + " ready in "
                + took.toMillis() + " ms (start " + starts + ")");
        return took;
    }

    /** Kills the server like a crash ({@code SIGKILL}) and waits until the process is gone. */
    void kill() throws InterruptedException {
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
    boolean running() {
        return process != null && process.isAlive();
    }

    /** {@code thrift://127.0.0.1:<port>}, the same across restarts. */
    String thriftUri() {
        return "thrift://127.0.0.1:" + port;
    }

    /** A new client of the server (through the sync's own client factory); the caller closes it. */
    IMetaStoreClient newClient() {
        try {
            return MetastoreClients.open(thriftUri(), new Configuration());
        } catch (MetaException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static void pump(Process process, Path log, CountDownLatch ready) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.println(line);
                if (line.startsWith(MetastoreServerMain.READY)) {
                    ready.countDown();
                }
            }
        } catch (IOException e) {
            // The process died (killed): its output ends here.
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
