package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.CloseableIterator;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * HiveQL over a Strata primary-key table (partitioned, 2 buckets) written by Strata's core with
 * updates and deletes over four commits: Hive must return exactly the merged rows core reads, on a
 * fetch task and on each mode of {@link ExecutionMode#matrix()} (Tez and MapReduce, vectorized and not), each query proving
 * from its plan which engine ran it and how the scan was vectorized.
 */
class StrataTableReadIT {

    private static final String[] DAYS = {"2024-01-01", "2024-01-02"};

    private static EmbeddedHive hive;
    private static Table table;
    /** The merged table as the test wrote it: id -> row. */
    private static final TreeMap<Long, GenericRow> model = new TreeMap<>();

    @BeforeAll
    static void writeTableAndRegisterIt() {
        hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-warehouse");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("shop", true);
        table = catalog.createTable(Identifier.of("shop", "orders"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("dt", DataTypes.STRING())
                .column("name", DataTypes.VARCHAR(20))
                .column("code", DataTypes.CHAR(4))
                .column("note", DataTypes.STRING())
                .column("flag", DataTypes.BOOLEAN())
                .column("tiny", DataTypes.TINYINT())
                .column("small", DataTypes.SMALLINT())
                .column("qty", DataTypes.INT())
                .column("price", DataTypes.FLOAT())
                .column("score", DataTypes.DOUBLE())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("big", DataTypes.DECIMAL(30, 5))
                .column("day", DataTypes.DATE())
                .column("ts", DataTypes.TIMESTAMP(3))
                .column("payload", DataTypes.BYTES())
                .partitionKeys("dt")
                .primaryKey("id", "dt")
                .option("bucket", "2")
                .build(), false);

        commit(ids(1, 30), List.of(), 0);          // inserts
        commit(ids(1, 10), List.of(), 1);          // updates
        commit(List.of(), List.of(3L, 13L, 23L), 0); // deletes
        List<Long> last = new ArrayList<>(ids(31, 36));
        last.add(20L);
        commit(last, List.of(30L), 2);             // inserts, an update and a delete in one commit

        hive.query("CREATE EXTERNAL TABLE strata_it.orders STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + table.location() + "'");
    }

    private static List<Long> ids(long from, long to) {
        List<Long> ids = new ArrayList<>();
        for (long i = from; i <= to; i++) {
            ids.add(i);
        }
        return ids;
    }

    private static String day(long id) {
        return DAYS[(int) (id % 2)];
    }

    private static GenericRow row(long id, int version) {
        boolean nulls = id % 7 == 0;
        return GenericRow.of(
                id,
                Utf8String.fromString(day(id)),
                Utf8String.fromString("name-" + id + "-v" + version),
                Utf8String.fromString(String.format("C%03d", id % 1000)),
                nulls ? null : Utf8String.fromString("note " + id),
                id % 3 == 0,
                (byte) (id - 20),
                (short) (id * 100 - 1000),
                (int) (id % 10) + version,
                nulls ? null : id * 1.5f,
                id / 8.0,
                Decimal.fromBigDecimal(new BigDecimal(id * 100 + version).movePointLeft(2), 10, 2),
                Decimal.fromBigDecimal(new BigDecimal("123456789012345678901234." + (10000 + id)).setScale(5), 30, 5),
                (int) LocalDate.of(2024, 1, 1).plusDays(id).toEpochDay(),
                Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 3, 1, 12, 0).plusSeconds(id * 61).plusNanos(
                        (id % 4) * 125_000_000L)),
                ("p" + id).getBytes(StandardCharsets.UTF_8));
    }

    private static void commit(List<Long> upserts, List<Long> deletes, int version) {
        try (BatchWrite w = table.newBatchWrite()) {
            for (long id : upserts) {
                GenericRow r = row(id, version);
                w.write(r);
                model.put(id, r);
            }
            for (long id : deletes) {
                w.delete(row(id, 0));
                model.remove(id);
            }
            w.commit();
        }
    }

    /** Every row core's own read returns, as Hive prints them. */
    private static List<String> coreRows() throws IOException {
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        RowType type = plan.readType();
        List<String> lines = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    lines.add(HiveText.line(rows.next(), type));
                }
            }
        }
        return lines;
    }

    private static List<String> modelRows() {
        RowType type = table.schema().rowType();
        return model.values().stream().map(r -> HiveText.line(r, type)).toList();
    }

    @Test
    void coreReadsTheModelMerged() throws IOException {
        // The oracle itself: every key once with its latest version, deletes gone.
        assertThat(coreRows()).containsExactlyInAnyOrderElementsOf(modelRows()).hasSize(32);
    }

    @Test
    void selectStarOnAFetchTaskReturnsTheMergedRows() throws IOException {
        List<String> rows = hive.query("SELECT * FROM strata_it.orders");
        assertThat(rows).containsExactlyInAnyOrderElementsOf(coreRows());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void selectStarOnEveryEngineReturnsTheMergedRows(ExecutionMode mode) throws IOException {
        assertThat(hive.query(mode, "SELECT * FROM strata_it.orders")).containsExactlyInAnyOrderElementsOf(coreRows());
        PlanAssert.assertThatPlan(hive.lastPlan()).assertStrataScan(mode);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void whereFiltersOnPartitionAndValueColumns(ExecutionMode mode) {
        List<String> rows = hive.query(mode, "SELECT id, name, amount FROM strata_it.orders WHERE dt = '2024-01-01' AND qty >= 5");
        PlanAssert.assertThatPlan(hive.lastPlan()).assertStrataScan(mode);
        List<String> expected = model.values().stream()
                .filter(r -> r.getString(1).toString().equals("2024-01-01") && r.getInt(8) >= 5)
                .map(r -> r.getLong(0) + "\t" + r.getString(2) + "\t"
                        + r.getDecimal(11, 10, 2).toBigDecimal().toPlainString())
                .toList();
        assertThat(expected).isNotEmpty();
        assertThat(rows).containsExactlyInAnyOrderElementsOf(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void hivePushesItsFilterToTheTableScan(ExecutionMode mode) throws Exception {
        // The handler takes the whole filter for planning (pruning) and leaves it all to Hive as residual.
        List<String> plan = hive.run(mode, "EXPLAIN SELECT id FROM strata_it.orders WHERE dt = '2024-01-02' AND id = 7");
        assertThat(plan).filteredOn(l -> l.contains("filterExpr:")).singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("(dt = '2024-01-02')", "(id = 7L)");
        assertThat(plan).anyMatch(l -> l.contains("Filter Operator"));
        assertThat(plan).anyMatch(l -> l.contains(mode.engine() == Engine.TEZ ? "Tez" : "Map Reduce"));
        assertThat(hive.query(mode, "SELECT id, name FROM strata_it.orders WHERE dt = '2024-01-02' AND id = 7"))
                .containsExactly("7\tname-7-v1");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void countStar(ExecutionMode mode) {
        assertThat(hive.query(mode, "SELECT count(*) FROM strata_it.orders")).containsExactly(String.valueOf(model.size()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void groupByPartitionColumn(ExecutionMode mode) {
        List<String> expected = new ArrayList<>();
        for (String d : DAYS) {
            long n = model.values().stream().filter(r -> r.getString(1).toString().equals(d)).count();
            long qty = model.values().stream().filter(r -> r.getString(1).toString().equals(d))
                    .mapToLong(r -> r.getInt(8)).sum();
            expected.add(d + "\t" + n + "\t" + qty);
        }
        assertThat(hive.query(mode, "SELECT dt, count(*), sum(qty) FROM strata_it.orders GROUP BY dt ORDER BY dt"))
                .containsExactlyElementsOf(expected);
        PlanAssert.assertThatPlan(hive.lastPlan()).assertStrataScan(mode);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void aSessionCanReadAnOlderSnapshot(ExecutionMode mode) {
        String sql = "SELECT id, name FROM strata_it.orders WHERE id IN (1, 3, 20, 30)";
        try {
            hive.query("SET strata.scan.snapshot-id=1");
            assertThat(hive.query(mode, sql)).containsExactlyInAnyOrder(
                    "1\tname-1-v0", "3\tname-3-v0", "20\tname-20-v0", "30\tname-30-v0");
            hive.query("SET strata.scan.snapshot-id=3");
            assertThat(hive.query(mode, sql)).containsExactlyInAnyOrder("1\tname-1-v1", "20\tname-20-v0", "30\tname-30-v0");
        } finally {
            hive.query("SET strata.scan.snapshot-id=");
        }
        assertThat(hive.query(mode, sql)).containsExactlyInAnyOrder("1\tname-1-v1", "20\tname-20-v2");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void timeTravelWithHiveSyntax(ExecutionMode mode) {
        assertThat(hive.query(mode, "SELECT id, name FROM strata_it.orders FOR SYSTEM_VERSION AS OF 1 WHERE id IN (1, 3, 20, 30)"))
                .containsExactlyInAnyOrder("1\tname-1-v0", "3\tname-3-v0", "20\tname-20-v0", "30\tname-30-v0");
        long secondCommit = table.snapshots().snapshot(2).timeMillis();
        String at = java.time.LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(secondCommit), java.time.ZoneId.systemDefault())
                .toString().replace('T', ' ');
        assertThat(hive.query(mode, "SELECT id, name FROM strata_it.orders FOR SYSTEM_TIME AS OF '" + at + "' WHERE id IN (1, 3)"))
                .containsExactlyInAnyOrder("1\tname-1-v1", "3\tname-3-v1"); // 3 was deleted by snapshot 3
    }

    /**
     * {@code SET strata.scan.mode=compacted-full}: the snapshot of the latest compaction (Paimon's batch scan mode),
     * not the commit after it; without a compaction, the latest; a mode a query cannot take fails naming the setting.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void compactedFullReadsTheLatestCompaction(ExecutionMode mode) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new Path(hive.newDirectory("strata-compacted-" + mode.name().toLowerCase()).toUri()));
        catalog.createDatabase("shop", true);
        Table compacted = catalog.createTable(Identifier.of("shop", "t"), Schema.newBuilder()
                .column("id", DataTypes.INT()).column("v", DataTypes.STRING()).primaryKey("id").option("bucket", "1")
                .build(), false);
        for (int round = 0; round < 2; round++) {
            try (BatchWrite w = compacted.newBatchWrite()) {
                w.write(GenericRow.of(round, Utf8String.fromString("r" + round)));
                w.commit();
            }
        }
        compacted.compactFull();
        try (BatchWrite w = compacted.newBatchWrite()) {
            w.write(GenericRow.of(0, Utf8String.fromString("after")));
            w.commit();
        }
        String name = "strata_it.compacted_" + mode.name().toLowerCase();
        hive.query("CREATE EXTERNAL TABLE " + name + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + compacted.location() + "'");
        try {
            hive.query("SET strata.scan.mode=compacted-full");
            assertThat(hive.query(mode, "SELECT v, count(*) FROM " + name + " GROUP BY v"))
                    .containsExactlyInAnyOrder("r0\t1", "r1\t1");
            assertThat(hive.query(mode, "SELECT name FROM strata_it.orders WHERE id = 1")).as("never compacted: the latest")
                    .containsExactly("name-1-v1");
            hive.query("SET strata.scan.mode=incremental");
            assertThatThrownBy(() -> hive.run(mode, "SELECT count(*) FROM " + name))
                    .hasMessageContaining("strata.scan.mode").hasMessageContaining("incremental");
        } finally {
            hive.query("SET strata.scan.mode=");
        }
        assertThat(hive.query(mode, "SELECT v, count(*) FROM " + name + " GROUP BY v"))
                .containsExactlyInAnyOrder("after\t1", "r1\t1");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void anUnknownSnapshotFailsTheQueryNamingIt(ExecutionMode mode) {
        // Hive's fetch task would return no rows for a failure caused by a missing file: it must fail instead.
        assertThatThrownBy(() -> hive.run(mode, "SELECT id FROM strata_it.orders FOR SYSTEM_VERSION AS OF 99"))
                .hasMessageContaining("Snapshot 99").hasMessageContaining("does not exist");
        try {
            hive.query("SET strata.scan.snapshot-id=99");
            assertThatThrownBy(() -> hive.run(mode, "SELECT count(*) FROM strata_it.orders")).hasMessageContaining("Snapshot 99");
            // The planner's questions about the (partitioned) table resolve the snapshot: the query fails while
            // Hive compiles it, before any task runs.
            assertThat(hive.lastPlan()).isNull();
        } finally {
            hive.query("SET strata.scan.snapshot-id=");
        }
    }

    @Test
    void describeShowsTheTableSchemaInHiveTypes() {
        assertThat(hive.query("DESCRIBE strata_it.orders")).extracting(l -> String.join(" ", List.of(l.trim().split("\\s+")).subList(0, 2)))
                .startsWith("id bigint", "dt string", "name varchar(20)", "code char(4)", "note string",
                        "flag boolean", "tiny tinyint", "small smallint", "qty int", "price float", "score double",
                        "amount decimal(10,2)", "big decimal(30,5)", "day date", "ts timestamp", "payload binary");
    }
}
