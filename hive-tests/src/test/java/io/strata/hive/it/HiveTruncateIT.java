package io.strata.hive.it;

import static io.strata.hive.it.WrittenTables.coreRows;
import static io.strata.hive.it.WrittenTables.dataFiles;
import static io.strata.hive.it.WrittenTables.latestKind;
import static io.strata.hive.it.WrittenTables.local;
import static io.strata.hive.it.WrittenTables.reload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code TRUNCATE TABLE} of a Strata table from HiveQL: ONE OVERWRITE snapshot that deletes every live file
 * (Apache Paimon reads the table as empty and the snapshot as its own OVERWRITE), the files stay for older
 * snapshots, the metastore sync follows, and the table takes writes on each engine afterwards. A truncate
 * that cannot be made changes nothing.
 */
class HiveTruncateIT {

    private static EmbeddedHive hive;
    private static FileSystemCatalog catalog;

    @BeforeAll
    static void warehouse() {
        hive = EmbeddedHive.get();
        Path warehouse = hive.newDirectory("strata-truncate");
        catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("w", true);
    }

    private static Table primaryKeyTable(String name, Schema.Builder extra) {
        Schema.Builder schema = extra
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("dt", DataTypes.STRING().withNullable(false))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2");
        Table table = catalog.createTable(Identifier.of("w", name), schema.build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        return table;
    }

    /**
     * The table's first rows, (id, name, dt) after (id, name, dt), in one commit of Strata's writer (with the table's
     * commit callbacks: the metastore sync): a Hive INSERT, tested in HiveInsertIT, would cost a job per table.
     */
    private static void seed(Table table, Object... idNameDt) {
        // Hive's configuration names the embedded metastore that the table's metastore sync writes to.
        Table withHiveConf = Tables.load(new FileIO(new org.apache.hadoop.hive.conf.HiveConf()), table.location());
        try (BatchWrite w = withHiveConf.newBatchWrite()) {
            for (int i = 0; i < idNameDt.length; i += 3) {
                w.write(GenericRow.of(idNameDt[i], Utf8String.fromString((String) idNameDt[i + 1]),
                        Utf8String.fromString((String) idNameDt[i + 2])));
            }
            w.commit();
        }
    }

    /**
     * {@code count(*)} of a truncated table is 0, read by the engine. With {@code hive.compute.query.using.stats}
     * on (Hive's default) Hive answers it without reading when the snapshot has no partition left (it sums the
     * statistics of no partition), so the engine's read is checked with it off, then Hive's own answer with it on.
     */
    private static void assertCountIsZero(ExecutionMode mode, String table) {
        String usingStats = hive.setting("hive.compute.query.using.stats");
        hive.query("SET hive.compute.query.using.stats=false");
        try {
            assertThat(hive.query(mode, "SELECT count(*) FROM " + table)).containsExactly("0");
            hive.query("SET hive.compute.query.using.stats=true");
            assertThat(hive.query("SELECT count(*) FROM " + table)).containsExactly("0");
        } finally {
            hive.query("SET hive.compute.query.using.stats=" + (usingStats == null ? "true" : usingStats));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void truncateIsOneOverwriteSnapshotThatPaimonReadsAsEmpty(Engine engine) {
        String name = "trunc_pk_" + engine.setting();
        Table table = primaryKeyTable(name, Schema.newBuilder());
        ExecutionMode mode = ExecutionMode.of(engine, true);
        seed(table, 1, "a", "2024-01-01", 2, "b", "2024-01-02", 3, "c", "2024-01-02");
        List<Path> written = dataFiles(table);
        assertThat(written).isNotEmpty();

        hive.query("TRUNCATE TABLE strata_it." + name);
        assertCountIsZero(mode, "strata_it." + name);
        assertThat(hive.query("SELECT * FROM strata_it." + name)).isEmpty();
        assertThat(coreRows(table)).isEmpty();
        assertThat(PaimonReader.rows(table)).isEmpty();
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        // The metastore did not delete the table's files: snapshot 1 still reads them.
        assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(written);
        assertThat(hive.query("SELECT count(*) FROM strata_it." + name + " FOR SYSTEM_VERSION AS OF 1"))
                .containsExactly("3");

        // A second truncate has nothing to delete: no snapshot.
        hive.query("TRUNCATE TABLE strata_it." + name);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);

        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (2, 'b2', '2024-01-02')");
        assertThat(hive.query(mode, "SELECT * FROM strata_it." + name)).containsExactly("2\tb2\t2024-01-02");
        assertThat(PaimonReader.rows(table)).containsExactly("2\tb2\t2024-01-02");
        assertThat(PaimonReader.latestKind(table)).isEqualTo("APPEND");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void truncateOfATableCreatedThroughHive(Engine engine) {
        String name = "trunc_managed_" + engine.setting();
        hive.query("CREATE TABLE strata_it." + name + " (id INT, v STRING) STORED BY"
                + " 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('bucket'='-1')");
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (1, 'a'), (2, 'b')");
        hive.query("TRUNCATE TABLE strata_it." + name);
        Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(location("strata_it." + name)));
        assertCountIsZero(mode, "strata_it." + name);
        assertThat(PaimonReader.rows(table)).isEmpty();
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (3, 'c')");
        assertThat(hive.query(mode, "SELECT * FROM strata_it." + name)).containsExactly("3\tc");
        assertThat(PaimonReader.rows(table)).containsExactly("3\tc");
        hive.query("DROP TABLE strata_it." + name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void theTruncateRunsTheMetastoreSync(Engine engine) {
        String name = "trunc_synced_" + engine.setting();
        Table table = primaryKeyTable(name, Schema.newBuilder()
                .option("metastore.sync.uri", "embedded")
                .option("metastore.sync.database", "strata_it")
                .option("metastore.sync.table", name + "_synced"));
        ExecutionMode mode = ExecutionMode.of(engine, true);
        seed(table, 1, "a", "2024-02-01", 2, "b", "2024-02-02");
        assertThat(hive.query("SHOW PARTITIONS strata_it." + name + "_synced"))
                .containsExactly("dt=2024-02-01", "dt=2024-02-02");

        hive.query("TRUNCATE TABLE strata_it." + name);
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        // The commit callback brought the synced entry to the truncate's snapshot: no partition left.
        assertThat(hive.query("SHOW PARTITIONS strata_it." + name + "_synced")).isEmpty();
        assertThat(tableParameter("strata_it." + name + "_synced", "strata.snapshot-id")).isEqualTo("2");
        assertThat(hive.query("SELECT * FROM strata_it." + name + "_synced")).isEmpty();
        assertCountIsZero(mode, "strata_it." + name);
        assertThat(PaimonReader.rows(table)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void truncateThroughTheMetastorePartitionedEntryOfTheSync(Engine engine) {
        String name = "trunc_synced_parts_" + engine.setting();
        Table table = primaryKeyTable(name, Schema.newBuilder()
                .option("metastore.sync.uri", "embedded")
                .option("metastore.sync.database", "strata_it")
                .option("metastore.sync.table", name + "_synced"));
        ExecutionMode mode = ExecutionMode.of(engine, true);
        seed(table, 1, "a", "2024-02-01", 2, "b", "2024-02-02", 3, "c", "2024-02-03");
        String synced = "strata_it." + name + "_synced";
        assertThat(hive.query("SHOW PARTITIONS " + synced)).hasSize(3);

        // Hive names the metastore's partitions; the Strata table loses exactly those, and the sync follows.
        hive.query("TRUNCATE TABLE " + synced + " PARTITION (dt='2024-02-02')");
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrder("1\ta\t2024-02-01", "3\tc\t2024-02-03");
        assertThat(hive.query("SHOW PARTITIONS " + synced)).containsExactly("dt=2024-02-01", "dt=2024-02-03");
        assertThat(hive.query(mode, "SELECT id FROM " + synced)).containsExactlyInAnyOrder("1", "3");

        hive.query("TRUNCATE TABLE " + synced);
        assertThat(PaimonReader.rows(table)).isEmpty();
        assertThat(hive.query("SHOW PARTITIONS " + synced)).isEmpty();
        assertCountIsZero(mode, "strata_it." + name);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void truncateOfAPartitionOfATableStrataPartitions(Engine engine) {
        String name = "trunc_part_" + engine.setting();
        Table table = primaryKeyTable(name, Schema.newBuilder());
        ExecutionMode mode = ExecutionMode.of(engine, true);
        seed(table, 1, "a", "2024-02-01", 2, "b", "2024-02-02", 3, "c", "2024-02-02");
        // The handler answers the partition names from the snapshot; the meta hook truncates those.
        hive.query("TRUNCATE TABLE strata_it." + name + " PARTITION (dt='2024-02-02')");
        assertThat(hive.query(mode, "SELECT * FROM strata_it." + name)).containsExactly("1\ta\t2024-02-01");
        assertThat(PaimonReader.rows(table)).containsExactly("1\ta\t2024-02-01");
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
        // A partition without data (nothing deleted, no snapshot), and a column that is not a partition column.
        hive.query("TRUNCATE TABLE strata_it." + name + " PARTITION (dt='2030-01-01')");
        assertThat(PaimonReader.rows(table)).containsExactly("1\ta\t2024-02-01");
        assertThatThrownBy(() -> hive.run("TRUNCATE TABLE strata_it." + name + " PARTITION (name='a')"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("'name' in the PARTITION clause is not a partition column");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void truncateOfATableWhoseDirectoryIsGoneFailsNamingItAndChangesNothing(Engine engine) throws Exception {
        String name = "trunc_gone_" + engine.setting();
        Table table = primaryKeyTable(name, Schema.newBuilder());
        seed(table, 1, "a", "2024-01-01");
        deleteRecursively(local(table));
        assertThatThrownBy(() -> hive.run("TRUNCATE TABLE strata_it." + name))
                .isInstanceOf(CommandProcessorException.class)
                // Hive 4.1's TruncateTableOperation reports "Exception while processing"; the hook's reason is its cause.
                .hasStackTraceContaining("No Strata table for Hive table strata_it." + name + " at " + table.location());
        assertThat(Files.exists(local(table))).as("nothing written").isFalse();
        assertThat(location("strata_it." + name)).as("the metastore entry is unchanged").isNotBlank();
    }

    private String tableParameter(String table, String key) {
        for (String line : hive.query("SHOW TBLPROPERTIES " + table)) {
            String[] cells = line.split("\t");
            if (cells.length == 2 && cells[0].trim().equals(key)) {
                return cells[1].trim();
            }
        }
        return null;
    }

    private String location(String table) {
        for (String line : hive.query("DESCRIBE FORMATTED " + table)) {
            if (line.startsWith("Location:")) {
                return line.substring("Location:".length()).trim();
            }
        }
        throw new AssertionError("No Location in DESCRIBE FORMATTED " + table);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
