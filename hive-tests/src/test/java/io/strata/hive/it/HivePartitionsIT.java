package io.strata.hive.it;

import static io.strata.hive.it.WrittenTables.coreRows;
import static io.strata.hive.it.WrittenTables.dataFiles;
import static io.strata.hive.it.WrittenTables.latestKind;
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
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Partitions of a Strata table created with {@code PARTITIONED BY} from Hive, answered from the snapshot without
 * a metastore partition per value: {@code SHOW PARTITIONS}, the partitions a filter keeps in the plan (and
 * with time travel, those of the snapshot read), {@code ALTER TABLE ... DROP PARTITION}, which deletes the
 * partitions' data in one OVERWRITE snapshot that Apache Paimon reads the same way, and partition specs in
 * {@code INSERT}, {@code INSERT OVERWRITE} and {@code TRUNCATE}.
 */
class HivePartitionsIT {

    private static EmbeddedHive hive;

    @BeforeAll
    static void start() {
        hive = EmbeddedHive.get();
    }

    /** A table partitioned by (dt, h) with five rows in four partitions, in one commit of Strata's writer. */
    private static Table partitioned(String name) {
        hive.query("CREATE TABLE strata_it." + name + " (id INT, v STRING) PARTITIONED BY (dt STRING, h INT)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='dt,h,id', 'bucket'='2')");
        // Hive's configuration names the embedded metastore for the table's commit callbacks.
        Table table = Tables.load(new FileIO(new HiveConf()), new org.apache.hadoop.fs.Path(location("strata_it." + name)));
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(1, "a", "2024-01-01", 1));
            w.write(row(2, "b", "2024-01-01", 1));
            w.write(row(3, "c", "2024-01-01", 2));
            w.write(row(4, "d", "2024-01-02", 1));
            w.write(row(5, "e", "2024-01-02", 3));
            w.commit();
        }
        return table;
    }

    private static GenericRow row(int id, String v, String dt, int h) {
        return GenericRow.of(id, Utf8String.fromString(v), Utf8String.fromString(dt), h);
    }

    /**
     * Partition specs in writes to a table created {@code PARTITIONED BY} from Hive: static, mixed and dynamic
     * {@code INSERT}, {@code INSERT OVERWRITE} of one partition, {@code TRUNCATE} of another; each one snapshot,
     * read back by Hive, core and Apache Paimon, with the partitions {@code SHOW PARTITIONS} then lists.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void partitionSpecsInInsertOverwriteAndTruncate(Engine engine) {
        String name = "parts_written_" + engine.setting();
        Table table = partitioned(name);
        String t = "strata_it." + name;
        ExecutionMode mode = ExecutionMode.of(engine, true);

        hive.query(mode, "INSERT INTO " + t + " PARTITION (dt='2024-01-03', h=4) VALUES (6, 'f')");
        hive.query(mode, "INSERT INTO " + t + " PARTITION (dt='2024-01-03', h) VALUES (7, 'g', 5)");
        hive.query(mode, "INSERT INTO " + t + " PARTITION (dt, h) VALUES (8, 'h', '2024-01-04', 6)");
        hive.query(mode, "INSERT OVERWRITE TABLE " + t + " PARTITION (dt='2024-01-01', h=1) VALUES (9, 'i')");
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        hive.query("TRUNCATE TABLE " + t + " PARTITION (dt='2024-01-02')");

        List<String> expected = List.of("3\tc\t2024-01-01\t2", "6\tf\t2024-01-03\t4", "7\tg\t2024-01-03\t5",
                "8\th\t2024-01-04\t6", "9\ti\t2024-01-01\t1");
        assertThat(hive.query(mode, "SELECT id, v, dt, h FROM " + t)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
        assertThat(hive.query("SHOW PARTITIONS " + t)).containsExactly("dt=2024-01-01/h=1", "dt=2024-01-01/h=2",
                "dt=2024-01-03/h=4", "dt=2024-01-03/h=5", "dt=2024-01-04/h=6");
    }

    /** The statements run once; every read runs on each engine (Tez and MapReduce, {@link EmbeddedHive#queryOnEachMode}). */
    @Test
    void showPartitionsAndDropPartitionAnsweredFromTheSnapshot() {
        String name = "parts";
        Table table = partitioned(name);
        String t = "strata_it." + name;

        assertThat(hive.query("SHOW PARTITIONS " + t)).containsExactly(
                "dt=2024-01-01/h=1", "dt=2024-01-01/h=2", "dt=2024-01-02/h=1", "dt=2024-01-02/h=3");
        assertThat(hive.query("SHOW PARTITIONS " + t + " PARTITION (dt='2024-01-02')"))
                .containsExactly("dt=2024-01-02/h=1", "dt=2024-01-02/h=3");
        // Hive 4.1 looks the columns of SHOW PARTITIONS ... WHERE / ORDER BY up among the metastore's partition
        // columns, which a table Strata partitions has none of (PARTITION (...) above narrows the list), and hands
        // no LIMIT to a handler: documented limits.
        assertThatThrownBy(() -> hive.run("SHOW PARTITIONS " + t + " WHERE dt = '2024-01-02'"))
                .isInstanceOf(CommandProcessorException.class).hasMessageContaining("dt");
        assertThatThrownBy(() -> hive.run("SHOW PARTITIONS " + t + " ORDER BY dt DESC"))
                .isInstanceOf(CommandProcessorException.class).hasMessageContaining("partition keys");
        assertThat(hive.query("SHOW PARTITIONS " + t + " LIMIT 2")).hasSize(4);

        // The plan prunes partitions: the scan's row count is that of the partitions the filter keeps.
        assertThat(scanRowCount("SELECT * FROM " + t, name)).isEqualTo("5.0");
        assertThat(scanRowCount("SELECT * FROM " + t + " WHERE dt = '2024-01-02'", name)).isEqualTo("2.0");
        assertThat(scanRowCount("SELECT * FROM " + t + " WHERE h = 2", name)).isEqualTo("1.0");
        assertThat(hive.queryOnEachMode("SELECT id FROM " + t + " WHERE dt = '2024-01-02' OR h = 2"))
                .containsExactlyInAnyOrder("3", "4", "5");

        List<Path> written = dataFiles(table);
        hive.query("ALTER TABLE " + t + " DROP PARTITION (dt='2024-01-01')");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("OVERWRITE");
        assertThat(hive.queryOnEachMode("SELECT id, v, dt, h FROM " + t))
                .containsExactlyInAnyOrder("4\td\t2024-01-02\t1", "5\te\t2024-01-02\t3");
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrder("4\td\t2024-01-02\t1", "5\te\t2024-01-02\t3");
        assertThat(coreRows(table)).hasSize(2);
        assertThat(hive.query("SHOW PARTITIONS " + t)).containsExactly("dt=2024-01-02/h=1", "dt=2024-01-02/h=3");
        // The files stay for the older snapshot, which still reads (and prunes) the dropped partitions.
        assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(written);
        assertThat(hive.queryOnEachMode("SELECT count(*) FROM " + t + " FOR SYSTEM_VERSION AS OF 1 WHERE dt = '2024-01-01'"))
                .containsExactly("3");
        assertThat(scanRowCount("SELECT * FROM " + t + " FOR SYSTEM_VERSION AS OF 1 WHERE dt = '2024-01-01'", name))
                .isEqualTo("3.0");
        assertThat(scanRowCount("SELECT * FROM " + t + " WHERE dt = '2024-01-01'", name)).isEqualTo("1.0");

        // A partition that does not exist: nothing to drop (Hive's default, hive.exec.drop.ignorenonexistent), or
        // refused where the session asks for that; nothing committed either way.
        hive.query("ALTER TABLE " + t + " DROP PARTITION (dt='2030-01-01')");
        hive.query("ALTER TABLE " + t + " DROP IF EXISTS PARTITION (dt='2030-01-01')");
        assertThatThrownBy(() -> hive.runInOwnSession(Map.of("hive.exec.drop.ignorenonexistent", "false"),
                List.of("ALTER TABLE " + t + " DROP PARTITION (dt='2030-01-01')")))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("2030-01-01");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);

        // A partition exists when it has rows: Hive cannot add one.
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + t + " ADD PARTITION (dt='2030-01-01', h=1)"))
                .isInstanceOf(CommandProcessorException.class);
        assertThat(hive.query("SHOW PARTITIONS " + t)).hasSize(2);

        // A comparison drops every partition it matches, in one commit.
        hive.query("ALTER TABLE " + t + " DROP PARTITION (h > 1)");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
        assertThat(hive.queryOnEachMode("SELECT id FROM " + t)).containsExactly("4");
        assertThat(PaimonReader.rows(table)).containsExactly("4\td\t2024-01-02\t1");
        hive.query("DROP TABLE " + t);
    }

    /**
     * The metastore sync's entry of a partitioned table has metastore partitions: Hive finds the partitions a
     * DROP PARTITION names there, the Strata table loses their data in one commit, and the sync (a commit
     * callback) removes them from the metastore.
     */
    @Test
    void dropPartitionThroughTheMetastorePartitionedEntryOfTheSync() {
        String name = "parts_synced";
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(new HiveConf()),
                new org.apache.hadoop.fs.Path(hive.newDirectory("strata-parts").toUri()));
        catalog.createDatabase("w", true);
        Table table = catalog.createTable(Identifier.of("w", name), Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("v", DataTypes.STRING())
                .column("dt", DataTypes.STRING().withNullable(false))
                .column("h", DataTypes.INT().withNullable(false))
                .partitionKeys("dt", "h")
                .primaryKey("dt", "h", "id")
                .option("bucket", "1")
                .option("metastore.sync.uri", "embedded")
                .option("metastore.sync.database", "strata_it")
                .option("metastore.sync.table", name)
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row(1, "a", "2024-01-01", 1));
            w.write(row(2, "b", "2024-01-01", 2));
            w.write(row(3, "c", "2024-01-02", 1));
            w.commit();
        }
        String synced = "strata_it." + name;
        assertThat(hive.query("SHOW PARTITIONS " + synced)).hasSize(3);

        hive.query("ALTER TABLE " + synced + " DROP PARTITION (dt='2024-01-01')");
        assertThat(latestKind(table)).isEqualTo(CommitKind.OVERWRITE);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(PaimonReader.rows(table)).containsExactly("3\tc\t2024-01-02\t1");
        assertThat(hive.query("SHOW PARTITIONS " + synced)).containsExactly("dt=2024-01-02/h=1");
        assertThat(hive.queryOnEachMode("SELECT id FROM " + synced)).containsExactly("3");
    }

    @Test
    void anUnpartitionedTableHasNoPartitionsToShowOrDrop() {
        hive.query("CREATE TABLE strata_it.parts_none (id INT, v STRING) STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " TBLPROPERTIES ('primary-key'='id', 'bucket'='1')");
        assertThatThrownBy(() -> hive.run("SHOW PARTITIONS strata_it.parts_none"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("not a partitioned table");
        assertThatThrownBy(() -> hive.run("ALTER TABLE strata_it.parts_none DROP PARTITION (id=1)"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("id");
        hive.query("DROP TABLE strata_it.parts_none");
    }

    /** The row count the cost-based plan of {@code query} gives the scan of table {@code name}. */
    private static String scanRowCount(String query, String name) {
        String plan = String.join("\n", hive.query("EXPLAIN CBO COST " + query));
        Matcher scan = Pattern.compile("HiveTableScan\\(table=\\[\\[strata_it, " + name + "]].*?rowcount = ([0-9.E]+)")
                .matcher(plan);
        assertThat(scan.find()).as(plan).isTrue();
        return scan.group(1);
    }

    private static String location(String table) {
        for (String line : hive.query("DESCRIBE FORMATTED " + table)) {
            if (line.startsWith("Location:")) {
                return line.substring("Location:".length()).trim();
            }
        }
        throw new AssertionError("No Location in DESCRIBE FORMATTED " + table);
    }
}
