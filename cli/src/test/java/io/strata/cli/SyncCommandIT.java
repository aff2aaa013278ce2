package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.FileStoreTable;
import io.strata.types.DataTypes;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code strata sync} against a real embedded Hive metastore (Derby under a temp directory). */
class SyncCommandIT {

    @TempDir
    static Path metastoreDir;

    @TempDir
    Path dir;

    /** What one run printed and returned. */
    record Run(int exitCode, String out, String err) {
    }

    @BeforeAll
    static void embeddedMetastore() throws Exception {
        String uri = metastoreDir.toUri().toString();
        String xml = "<?xml version=\"1.0\"?>\n<configuration>\n"
                + prop("hive.metastore.uris", "")
                + prop("javax.jdo.option.ConnectionURL",
                        "jdbc:derby:;databaseName=" + metastoreDir.resolve("metastore_db") + ";create=true")
                + prop("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver")
                + prop("datanucleus.schema.autoCreateAll", "true")
                + prop("hive.metastore.schema.verification", "false")
                + prop("hive.metastore.warehouse.dir", uri + "warehouse")
                + prop("hive.metastore.warehouse.external.dir", uri + "external")
                + prop("fs.defaultFS", "file:///")
                + prop("hive.metastore.event.db.notification.api.auth", "false")
                + prop("hive.support.concurrency", "false")
                + "</configuration>\n";
        Path site = metastoreDir.resolve("hive-site.xml");
        Files.writeString(site, xml);
        // Every HiveConf created afterwards in this JVM (the command's embedded client too) reads this file.
        HiveConf.setHiveSiteLocation(site.toUri().toURL());
        // The command's embedded metastore reads its configuration through MetastoreConf.
        MetastoreConf.setHiveSiteLocation(site.toUri().toURL());
    }

    private static String prop(String name, String value) {
        return "  <property><name>" + name + "</name><value>" + value + "</value></property>\n";
    }

    @Test
    void syncsAPartitionedTableThenFindsNoChange() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").toUri()));
        FileStoreTable table = ordersTable(catalog, "cli_shop", "orders");
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

    private static FileStoreTable ordersTable(FileSystemCatalog catalog, String db, String name) {
        catalog.createDatabase(db, true);
        return catalog.createTable(Identifier.of(db, name), Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .partitionKeys("dt")
                .build(), false);
    }

    private static long write(FileStoreTable table, String... partitions) {
        try (BatchWrite w = table.newBatchWrite()) {
            long id = 1;
            for (String p : partitions) {
                w.write(GenericRow.of(Utf8String.fromString(p), id++, Utf8String.fromString("v")));
            }
            return w.commit();
        }
    }

    private static IMetaStoreClient embeddedClient() throws Exception {
        HiveConf conf = new HiveConf();
        conf.set("hive.metastore.uris", "");
        return new HiveMetaStoreClient(conf);
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = StrataCommand.newCommandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int code = cmd.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
