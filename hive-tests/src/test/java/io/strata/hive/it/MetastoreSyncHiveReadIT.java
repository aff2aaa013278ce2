package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreClients;
import io.strata.metastore.MetastoreSession;
import io.strata.metastore.MetastoreSync;
import io.strata.metastore.MetastoreSyncOptions;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hive 4.1 reads the rows of tables only the metastore sync registered, through the metastore's
 * partitions. Needs the connector to read a metastore partition (its input path is the partition
 * directory, not the table's), and for count(*) from statistics the handler to allow it (Hive 4 asks
 * HiveStorageHandler.canComputeQueryUsingStats) only where the sync marked the statistics exact. Reads run
 * on each mode of {@link ExecutionMode#matrix()}.
 */
class MetastoreSyncHiveReadIT {

    private static EmbeddedHive hive;

    @BeforeAll
    static void sync() {
        hive = SyncedTables.get();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void hiveReadsTheSyncedTableWithoutACreateTable(ExecutionMode mode) {
        assertThat(hive.query(mode, "SELECT dt, id, v FROM synced.events")).containsExactlyInAnyOrderElementsOf(SyncedTables.appendRows);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void aPrunedQueryReadsOnlyItsPartition(ExecutionMode mode) {
        List<String> expected = SyncedTables.appendRows.stream().filter(r -> r.startsWith("2024-01-02")).toList();
        assertThat(hive.query(mode, "SELECT dt, id, v FROM synced.events WHERE dt = '2024-01-02'"))
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void countStarOfAPrimaryKeyTableIsMergedNotTakenFromTheStatistics(ExecutionMode mode) {
        String usingStats = hive.setting("hive.compute.query.using.stats");
        hive.query("SET hive.compute.query.using.stats=true");
        try {
            // Files hold 60 upserts and a delete for 29 live keys; numRows (61) is never marked accurate: the
            // engine runs the count.
            assertThat(hive.query(mode, "SELECT count(*) FROM synced.orders")).containsExactly("29");
            assertThat(hive.query(mode, "SELECT count(*) FROM synced.orders WHERE dt = '2024-01-01'")).containsExactly("9");
        } finally {
            // The session's value before (Hive's default: on), not a fixed one: later classes share the session.
            hive.query("SET hive.compute.query.using.stats=" + (usingStats == null ? "true" : usingStats));
        }
    }

    @Test
    void countStarOfAnAppendTableIsExactWithStatisticsOn() {
        String usingStats = hive.setting("hive.compute.query.using.stats");
        hive.query("SET hive.compute.query.using.stats=true");
        try {
            assertThat(hive.query("SELECT count(*) FROM synced.events"))
                    .containsExactly(Integer.toString(SyncedTables.appendRows.size()));
            // From the statistics: no engine ran.
            assertThat(hive.lastPlan().taskTypes()).doesNotContain(Engine.TEZ.taskType(), Engine.MR.taskType());
            assertThat(hive.query("SELECT count(*) FROM synced.events WHERE dt = '2024-01-02'")).containsExactly("20");
        } finally {
            // The session's value before (Hive's default: on), not a fixed one: later classes share the session.
            hive.query("SET hive.compute.query.using.stats=" + (usingStats == null ? "true" : usingStats));
        }
    }

    /**
     * A DATE partition key: the directory holds the day number ({@code dt=19723}, Paimon's legacy name),
     * the metastore the date; Hive prunes by the date and the connector still finds the directory.
     */
    @Test
    void aDatePartitionedTableIsPrunedByItsDateAndReadFromItsLegacyDirectory() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new Path(hive.newDirectory("sync-dates").toUri()));
        catalog.createDatabase("synced_dates", true);
        Table days = catalog.createTable(Identifier.of("synced_dates", "days"),
                Schema.newBuilder().column("dt", DataTypes.DATE())
                        .column("id", DataTypes.INT()).column("v", DataTypes.STRING())
                        .partitionKeys("dt").option("bucket", "-1").build(), false);
        List<String> rows = new ArrayList<>();
        try (BatchWrite w = days.newBatchWrite()) {
            for (int i = 0; i < 9; i++) {
                LocalDate date = LocalDate.of(2024, 1, 1 + i % 3);
                w.write(GenericRow.of((int) date.toEpochDay(), i, Utf8String.fromString("v" + i)));
                rows.add(date + "\t" + i + "\tv" + i);
            }
            w.commit();
        }
        MetastoreSession.ClientFactory embedded = () -> MetastoreClients.open(
                MetastoreSyncOptions.EMBEDDED, new HiveConf());
        try (MetastoreSync sync = new MetastoreSync(
                new MetastoreSession(embedded, 2, Duration.ofMillis(10),
                        Duration.ofMillis(100)), Map.of())) {
            assertThat(sync.sync(days).added()).isEqualTo(3);
        }
        assertThat(hive.query("SHOW PARTITIONS synced_dates.days"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        assertThat(hive.queryOnEachMode("SELECT dt, id, v FROM synced_dates.days")).containsExactlyInAnyOrderElementsOf(rows);
        assertThat(hive.queryOnEachMode("SELECT dt, id, v FROM synced_dates.days WHERE dt = DATE '2024-01-01'"))
                .containsExactlyInAnyOrderElementsOf(rows.stream().filter(r -> r.startsWith("2024-01-01")).toList());
        // Only that partition's directory (dt=19723) is an input of the pruned query.
        assertThat(String.join("\n", hive.query("EXPLAIN DEPENDENCY SELECT id FROM synced_dates.days"
                + " WHERE dt = DATE '2024-01-02'"))).contains("dt=2024-01-02").doesNotContain("dt=2024-01-01")
                .doesNotContain("dt=2024-01-03");
    }
}
