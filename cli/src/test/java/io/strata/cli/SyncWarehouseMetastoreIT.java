package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.cli.hive.HiveHome;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata sync --metastore embedded} in a JVM with NO hive-site.xml (failsafe gives this class a JVM
 * of its own, and it installs no site file): the metastore is the warehouse's own under
 * {@code <warehouse>/.hive}, the one {@code strata sql} then reads; nothing lands in the working
 * directory. The methods run in order: the refusals need a JVM whose metastore is not configured yet.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SyncWarehouseMetastoreIT {

    @TempDir
    static Path dir;

    private static Path warehouse() {
        return dir.resolve("lake");
    }

    @Test
    @Order(1)
    void withoutSiteFileOrWarehouseEmbeddedIsRefusedNamingWhatToPass() throws Exception {
        assertThat(io.strata.metastore.EmbeddedMetastoreSettings.siteFile()).as("this JVM has no hive-site.xml").isNull();
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), hadoopPath(dir.resolve("elsewhere")));
        write(totalsTable(catalog, "loose", "t"), 1);
        Path loose = dir.resolve("loose-table");
        Files.move(dir.resolve("elsewhere/loose.db/t"), loose);

        Cli.Result sync = Cli.run("sync", "--metastore", "embedded", "--table", loose.toString());
        assertThat(sync.exitCode()).as(sync.toString()).isEqualTo(2);
        assertThat(sync.err()).contains("--metastore embedded found no hive-site.xml")
                .contains("--warehouse <dir>, or a --table laid out as <warehouse>/<db>.db/<table>")
                .contains("--metastore thrift://<host>:9083");

        Cli.Result adopt = Cli.run("adopt", "--metastore", "embedded", "--table", "shop.orders");
        assertThat(adopt.exitCode()).as(adopt.toString()).isEqualTo(2);
        assertThat(adopt.err()).contains("found no hive-site.xml").contains("give --warehouse <dir>");
        Cli.Result adoptThrift = Cli.run("adopt", "--metastore", "thrift://127.0.0.1:1", "--warehouse",
                dir.toString(), "--table", "shop.orders");
        assertThat(adoptThrift.exitCode()).isEqualTo(2);
        assertThat(adoptThrift.err()).contains("--warehouse names the warehouse of an embedded metastore");
        assertNothingInTheWorkingDirectory();
    }

    @Test
    @Order(2)
    void syncsIntoTheWarehouseMetastoreThatSqlReads() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), hadoopPath(warehouse()));
        write(totalsTable(catalog, "shop", "totals"), 10);
        Cli.Result sync = Cli.run("sync", "--metastore", "embedded", "--warehouse", warehouse().toString());
        System.out.println(sync);
        assertThat(sync.exitCode()).as(sync.toString()).isZero();
        Path metastoreDb = new HiveHome(warehouse()).metastoreDb();
        assertThat(sync.out()).contains("-> shop.totals: FULL, partitions +0 ~0 -0, snapshot 1 (table entry written)")
                .contains("Synced 1 of 1 table(s) to embedded metastore " + metastoreDb);
        assertThat(metastoreDb).isDirectory();

        Cli.Result sql = Cli.run("sql", "--warehouse", warehouse().toString(), "-e",
                "SHOW TABLES IN shop; SELECT id, v FROM shop.totals");
        System.out.println(sql);
        assertThat(sql.exitCode()).as(sql.toString()).isZero();
        assertThat(sql.out()).contains("| totals   |").contains("| 10 | v |");
        assertNothingInTheWorkingDirectory();
    }

    @Test
    @Order(3)
    void anUnpartitionedTableWhoseSnapshotMovedSaysFromWhereToWhere() {
        Table totals = Cli.table(warehouse(), "shop", "totals");
        long s2 = write(totals, 20);
        // --table alone: the warehouse (and so its metastore) is the one the table lies in.
        String location = warehouse().resolve("shop.db/totals").toString();
        Cli.Result moved = Cli.run("sync", "--metastore", "embedded", "--table", location);
        System.out.println(moved);
        assertThat(moved.exitCode()).as(moved.toString()).isZero();
        assertThat(moved.out()).contains("-> shop.totals: INCREMENTAL, partitions +0 ~0 -0, snapshot 1 -> " + s2)
                .doesNotContain("(no change)");

        Cli.Result again = Cli.run("sync", "--metastore", "embedded", "--table", location);
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).contains("snapshot " + s2 + " (no change)").doesNotContain(" -> " + s2 + " ");
    }

    @Test
    @Order(4)
    void adoptWithWarehouseUsesTheSameMetastore() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), hadoopPath(warehouse()));
        write(totalsTable(catalog, "shop", "legacy"), 1);
        // Registered with Apache Paimon's classes, as Paimon's Hive catalog would have.
        Cli.Result sync = Cli.run("sync", "--metastore", "embedded", "--table",
                warehouse().resolve("shop.db/legacy").toString(), "--option", "metastore.sync.paimon-formats=true");
        assertThat(sync.exitCode()).as(sync.toString()).isZero();

        Cli.Result adopt = Cli.run("adopt", "--metastore", "embedded", "--warehouse", warehouse().toString(),
                "--table", "shop.legacy");
        System.out.println(adopt);
        assertThat(adopt.exitCode()).as(adopt.toString()).isZero();
        assertThat(adopt.out()).contains("shop.legacy: ADOPTED").contains("1 table(s): 1 adopted");
        Cli.Result sql = Cli.run("sql", "--warehouse", warehouse().toString(), "-e", "SELECT id FROM shop.legacy");
        assertThat(sql.exitCode()).as(sql.toString()).isZero();
        assertThat(sql.out()).contains("| 1  |");
        assertNothingInTheWorkingDirectory();
    }

    /** WHY: a metastore or Derby log in the working directory is what got committed under cli/ once. */
    private static void assertNothingInTheWorkingDirectory() {
        assertThat(Path.of("metastore_db")).doesNotExist();
        assertThat(Path.of("derby.log")).doesNotExist();
    }

    private static org.apache.hadoop.fs.Path hadoopPath(Path path) {
        return new org.apache.hadoop.fs.Path(path.toUri());
    }

    private static Table totalsTable(FileSystemCatalog catalog, String db, String name) {
        catalog.createDatabase(db, true);
        return catalog.createTable(Identifier.of(db, name), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .build(), false);
    }

    private static long write(Table table, long id) {
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(id, Utf8String.fromString("v")));
            return w.commit();
        }
    }
}
