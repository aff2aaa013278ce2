package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStore;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.hadoop.hive.metastore.security.HadoopThriftAuthBridge;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code strata sync} against a real embedded Hive metastore (Derby under a temp directory). */
class SyncCommandIT {

    @TempDir
    Path dir;

    /** What one run printed and returned. */
    record Run(int exitCode, String out, String err) {
    }

    @BeforeAll
    static void embeddedMetastore() {
        EmbeddedMetastoreSite.install();
    }

    @Test
    void syncsAPartitionedTableThenFindsNoChange() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        Table table = ordersTable(catalog, "cli_shop", "orders");
        long snapshot = write(table, "2026-12-01", "2026-12-02");
        String location = dir.resolve("lake/cli_shop.db/orders").toString();

        Run first = run("sync", "--metastore", "embedded", "--table", location);
        System.out.println(first.out() + first.err());
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out()).contains("-> cli_shop.orders: FULL, partitions +2 ~0 -0, snapshot " + snapshot)
                .contains("Synced 1 of 1 table(s) to embedded");
        try (IMetaStoreClient client = embeddedClient()) {
            assertThat(client.getTable("cli_shop", "orders").getParameters())
                    .containsEntry("strata.snapshot-id", Long.toString(snapshot));
            assertThat(client.listPartitionNames("cli_shop", "orders", (short) -1))
                    .containsExactlyInAnyOrder("dt=2026-12-01", "dt=2026-12-02");
        }

        Run second = run("sync", "--metastore", "embedded", "--table", location);
        System.out.println(second.out() + second.err());
        assertThat(second.exitCode()).isZero();
        assertThat(second.out()).contains("INCREMENTAL, partitions +0 ~0 -0, snapshot " + snapshot + " (no change)");
    }

    @Test
    void optionsRegisterASecondEntryWithPaimonsFormats() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        long snapshot = write(ordersTable(catalog, "cli_twin", "orders"), "d1", "d2");
        String location = dir.resolve("lake/cli_twin.db/orders").toString();
        Run strata = run("sync", "--metastore", "embedded", "--table", location);
        Run paimon = run("sync", "--metastore", "embedded", "--table", location,
                "--option", "metastore.sync.table=orders_paimon", "--option", "metastore.sync.paimon-formats=true");
        assertThat(strata.exitCode()).as(strata.err()).isZero();
        assertThat(paimon.exitCode()).as(paimon.err()).isZero();
        assertThat(paimon.out()).contains("-> cli_twin.orders_paimon: FULL, partitions +2");
        try (IMetaStoreClient client = embeddedClient()) {
            assertThat(client.getTable("cli_twin", "orders").getSd().getInputFormat())
                    .isEqualTo("io.strata.hive.StrataInputFormat");
            org.apache.hadoop.hive.metastore.api.Table twin = client.getTable("cli_twin", "orders_paimon");
            assertThat(twin.getSd().getInputFormat()).isEqualTo("org.apache.paimon.hive.mapred.PaimonInputFormat");
            assertThat(twin.getParameters()).containsEntry("strata.snapshot-id", Long.toString(snapshot));
            assertThat(client.listPartitionNames("cli_twin", "orders_paimon", (short) -1))
                    .containsExactlyInAnyOrder("dt=d1", "dt=d2");
        }

        Run unknown = run("sync", "--metastore", "embedded", "--table", location, "--option", "bucket=3");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("--option bucket: not a metastore sync option")
                .contains("metastore.sync.paimon-formats");
        Run badValue = run("sync", "--metastore", "embedded", "--table", location,
                "--option", "metastore.sync.partition-batch-size=lots");
        assertThat(badValue.exitCode()).isEqualTo(2);
        assertThat(badValue.err()).contains("metastore.sync.partition-batch-size=lots");
        Run oneName = run("sync", "--metastore", "embedded", "--warehouse", dir.resolve("lake").toString(),
                "--option", "metastore.sync.table=x");
        assertThat(oneName.exitCode()).isEqualTo(2);
        assertThat(oneName.err()).contains("names ONE table");
    }

    @Test
    void syncsAWarehouseDatabase() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        write(ordersTable(catalog, "cli_wh", "a"), "d1");
        write(ordersTable(catalog, "cli_wh", "b"), "d1", "d2", "d3");
        Run run = run("sync", "--metastore", "embedded", "--warehouse", dir.resolve("lake").toString(),
                "--database", "cli_wh");
        System.out.println(run.out() + run.err());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("-> cli_wh.a: FULL, partitions +1").contains("-> cli_wh.b: FULL, partitions +3")
                .contains("Synced 2 of 2 table(s)");
        try (IMetaStoreClient client = embeddedClient()) {
            assertThat(client.listPartitionNames("cli_wh", "b", (short) -1)).hasSize(3);
        }
    }

    @Test
    void badArgumentsExitWithTwoAndSayWhy() {
        String table = dir.resolve("nothing-here").toString();
        Run missingMetastore = run("sync", "--table", table);
        assertThat(missingMetastore.exitCode()).isEqualTo(CommandLine.ExitCode.USAGE).isEqualTo(2);
        assertThat(missingMetastore.err()).contains("Missing required option: '--metastore=<uri>'");

        Run both = run("sync", "--metastore", "embedded", "--table", table, "--warehouse", dir.toString());
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("mutually exclusive");

        Run neither = run("sync", "--metastore", "embedded");
        assertThat(neither.exitCode()).isEqualTo(2);
        assertThat(neither.err()).contains("--table").contains("--warehouse");

        Run noTable = run("sync", "--metastore", "embedded", "--table", table);
        assertThat(noTable.exitCode()).isEqualTo(2);
        assertThat(noTable.err()).contains("No Strata table at").contains("nothing-here");

        Run watchWarehouse = run("sync", "--metastore", "embedded", "--warehouse", dir.toString(), "--watch");
        assertThat(watchWarehouse.exitCode()).isEqualTo(2);
        assertThat(watchWarehouse.err()).contains("not supported in watch mode");

        Run badInterval = run("sync", "--metastore", "embedded", "--table", table, "--watch", "--interval", "soon");
        assertThat(badInterval.exitCode()).isEqualTo(2);
        assertThat(badInterval.err()).contains("Invalid --interval 'soon'");
    }

    @Test
    void helpShowsExamplesAndExitCodes() {
        Run help = run("sync", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("--metastore").contains("Examples:").contains("--watch")
                .contains("Exit codes: 0 all tables synced");
    }

    @Test
    void anUnreachableMetastoreExitsWithOne() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        write(ordersTable(catalog, "cli_down", "t"), "d1");
        String location = dir.resolve("lake/cli_down.db/t").toString();
        Run badUri = run("sync", "--metastore", "not-a-uri", "--table", location);
        assertThat(badUri.exitCode()).isEqualTo(2);
        assertThat(badUri.err()).contains("Invalid --metastore 'not-a-uri'");

        // Nothing listens on port 1: the table fails, named with the reason.
        Run run = run("sync", "--metastore", "thrift://127.0.0.1:1", "--table", location);
        System.out.println(run.out() + run.err());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("FAILED").contains("cli_down.db/t").contains("127.0.0.1:1");
        assertThat(run.out()).contains("Synced 0 of 1 table(s)").contains("1 failed");
    }

    @Test
    void watchFollowsEachSnapshotAndStopsCleanlyWhenInterrupted() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        Table table = ordersTable(catalog, "cli_watch", "orders");
        long s1 = write(table, "d1");
        String location = dir.resolve("lake/cli_watch.db/orders").toString();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        AtomicInteger exitCode = new AtomicInteger(-1);
        Thread watch = new Thread(() -> exitCode.set(command(out, err).execute("sync", "--metastore", "embedded",
                "--table", location, "--watch", "--interval", "100ms")), "strata-sync-watch");
        watch.start();
        try (IMetaStoreClient client = embeddedClient()) {
            awaitOutput(out::getBuffer, "metastore at snapshot " + s1, watch);
            assertThat(client.listPartitionNames("cli_watch", "orders", (short) -1)).containsExactly("dt=d1");
            long s2 = write(table, "d2");
            awaitOutput(out::getBuffer, "metastore at snapshot " + s2, watch);
            assertThat(client.getTable("cli_watch", "orders").getParameters())
                    .containsEntry("strata.snapshot-id", Long.toString(s2));
            long s3 = write(table, "d3");
            awaitOutput(out::getBuffer, "metastore at snapshot " + s3, watch);
            assertThat(client.getTable("cli_watch", "orders").getParameters())
                    .containsEntry("strata.snapshot-id", Long.toString(s3));
            assertThat(client.listPartitionNames("cli_watch", "orders", (short) -1))
                    .containsExactlyInAnyOrder("dt=d1", "dt=d2", "dt=d3");

            watch.interrupt();
            watch.join(TimeUnit.MINUTES.toMillis(2));
            assertThat(watch.isAlive()).as("the watch stopped after the interrupt").isFalse();
            System.out.println(out + "" + err);
            assertThat(exitCode.get()).as(err.toString()).isZero();
            assertThat(out.toString()).startsWith("Watching ").contains("(Ctrl-C to stop)")
                    .endsWith("Stopped watching " + path(location) + ": metastore at snapshot " + s3
                            + ", table at snapshot " + s3 + System.lineSeparator());
            assertThat(err.toString()).doesNotContain("FAILED");
        }
    }

    @Test
    void aWatchStoppedWhileTheMetastoreLagsExitsWithOne() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        long s1 = write(ordersTable(catalog, "cli_lag", "orders"), "d1");
        String location = dir.resolve("lake/cli_lag.db/orders").toString();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        AtomicInteger exitCode = new AtomicInteger(-1);
        // Nothing listens on port 1: every sync of the watch fails (and is retried at the next interval).
        Thread watch = new Thread(() -> exitCode.set(command(out, err).execute("sync", "--metastore",
                "thrift://127.0.0.1:1", "--table", location, "--watch", "--interval", "100ms")), "strata-sync-watch");
        watch.start();
        awaitOutput(out::getBuffer, "Watching ", watch);
        watch.interrupt();
        watch.join(TimeUnit.MINUTES.toMillis(2));
        assertThat(watch.isAlive()).isFalse();
        System.out.println(out + "" + err);
        assertThat(exitCode.get()).isEqualTo(1);
        assertThat(out.toString()).contains("Stopped watching " + path(location) + ": metastore at snapshot none,"
                + " table at snapshot " + s1);
        assertThat(err.toString()).contains("FAILED " + path(location)).contains("is behind the table");
    }

    /**
     * The installed command ({@code target/classes} + the runtime class path bin/strata uses) in a process
     * of its own: watch mode against a Thrift metastore, stopped by SIGTERM (what Ctrl-C and a service
     * manager send) after its shutdown hook printed the last line; and {@code embedded}, which needs server
     * classes that installation does not have, refused with the alternative named.
     */
    @Test
    void theInstalledCommandStopsWatchingOnSigterm() throws Exception {
        Path runtimeClasspath = Path.of("target/classpath.txt");
        Assumptions.assumeTrue(Files.exists(runtimeClasspath),
                "needs the cli package phase (target/classpath.txt, as bin/strata does)");
        String classpath = Path.of("target/classes").toAbsolutePath() + java.io.File.pathSeparator
                + Files.readString(runtimeClasspath).trim();
        assertThat(classpath).as("the installed command's class path").contains("hive-storage-api");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        Table table = ordersTable(catalog, "cli_proc", "orders");
        long s1 = write(table, "d1");
        String location = dir.resolve("lake/cli_proc.db/orders").toString();

        // The installed command now carries Hive's metastore server (strata quickstart and strata sql run an
        // embedded Hive), so --metastore embedded is no longer refused for want of its classes.
        int port = thriftMetastore();
        // To a file, not a pipe: a pipe's reader can lose the last lines when the process exits under it.
        Path log = dir.resolve("watch.log");
        Process watch = strata(classpath, log, "sync", "--metastore", "thrift://127.0.0.1:" + port, "--table", location,
                "--watch", "--interval", "200ms");
        java.util.function.Supplier<String> output = () -> {
            try {
                return Files.readString(log);
            } catch (java.io.IOException e) {
                return "(cannot read " + log + ": " + e.getMessage() + ")";
            }
        };
        try {
            awaitOutput(output, "metastore at snapshot " + s1, watch);
            long s2 = write(table, "d2");
            awaitOutput(output, "metastore at snapshot " + s2, watch);
            watch.destroy(); // SIGTERM
            assertThat(watch.waitFor(2, TimeUnit.MINUTES)).isTrue();
            System.out.println(output.get());
            assertThat(watch.exitValue()).as("killed by SIGTERM").isEqualTo(128 + 15);
            assertThat(output.get()).contains("Stopped watching " + path(location) + ": metastore at snapshot "
                    + s2 + ", table at snapshot " + s2);
            try (IMetaStoreClient client = embeddedClient()) {
                assertThat(client.listPartitionNames("cli_proc", "orders", (short) -1))
                        .containsExactlyInAnyOrder("dt=d1", "dt=d2");
            }
        } finally {
            watch.destroyForcibly();
        }
    }

    private static Process strata(String classpath, Path output, String... args) throws java.io.IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-cp");
        command.add(classpath);
        command.add(StrataCommand.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
    }

    private static int thriftPort = -1;

    /** A Thrift metastore server in this JVM over the tests' Derby database (started once). */
    private static synchronized int thriftMetastore() throws Exception {
        if (thriftPort < 0) {
            int port;
            try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
            HiveConf conf = new HiveConf();
            conf.set("hive.in.test", "false"); // with it on, the server rejects ordinary clients
            Thread server = new Thread(() -> {
                try {
                    HiveMetaStore.startMetaStore(port, HadoopThriftAuthBridge.getBridge(), conf);
                } catch (Throwable e) {
                    e.printStackTrace();
                }
            }, "thrift-metastore-" + port);
            server.setDaemon(true);
            server.start();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (true) {
                try (java.net.Socket s = new java.net.Socket()) {
                    s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 500);
                    break;
                } catch (java.io.IOException e) {
                    assertThat(System.nanoTime()).as("the Thrift metastore opens port %s", port).isLessThan(deadline);
                    Thread.sleep(100);
                }
            }
            thriftPort = port;
        }
        return thriftPort;
    }

    /** Waits until {@code output} contains {@code text}; fails when the command ended without it. */
    private static void awaitOutput(java.util.function.Supplier<? extends CharSequence> output, String text,
            Object command) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (!output.get().toString().contains(text)) {
            boolean alive = command instanceof Thread t ? t.isAlive() : ((Process) command).isAlive();
            assertThat(alive).as("the watch is still running, waiting for '%s'; output so far:%n%s", text, output.get())
                    .isTrue();
            assertThat(System.nanoTime()).as("'%s' printed; output so far:%n%s", text, output.get()).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    /** The location as the command prints it (a file: URI of the canonical path). */
    private static String path(String location) throws java.io.IOException {
        String uri = new java.io.File(location).getCanonicalFile().toURI().toString();
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }

    private static Table ordersTable(FileSystemCatalog catalog, String db, String name) {
        catalog.createDatabase(db, true);
        return catalog.createTable(Identifier.of(db, name), Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .partitionKeys("dt")
                .build(), false);
    }

    private static long write(Table table, String... partitions) {
        try (BatchWrite w = table.newBatchWrite()) {
            long id = 1;
            for (String p : partitions) {
                w.write(GenericRow.of(Utf8String.fromString(p), id++, Utf8String.fromString("v")));
            }
            return w.commit();
        }
    }

    private static IMetaStoreClient embeddedClient() throws Exception {
        return EmbeddedMetastoreSite.client();
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = command(out, err).execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static CommandLine command(StringWriter out, StringWriter err) {
        CommandLine cmd = StrataCommand.newCommandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd;
    }
}
