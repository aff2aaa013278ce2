package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.ColumnStatistics;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Statistics;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Column statistics for Hive's optimizer: what Hive receives from a Strata table's snapshot (ranges and null
 * counts of its data files, distinct counts from Paimon's statistics file), a join whose plan improves with them
 * (the plan a native ORC table gets), and {@code ANALYZE TABLE ... FOR COLUMNS} on each engine writing Paimon's
 * statistics file that Apache Paimon 1.4.2 reads.
 */
class ColumnStatisticsIT {

    private static final EmbeddedHive hive = EmbeddedHive.get();
    private static final int STORES = 2_000;
    private static final int SALES = 20_000;
    private static final int REGIONS = 10;
    private static Table stores;
    private static Table sales;

    @BeforeAll
    static void createTables() throws IOException {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(hive.newDirectory("strata-stats").toUri()));
        catalog.createDatabase("db", true);
        stores = catalog.createTable(Identifier.of("db", "stores"), Schema.newBuilder()
                .column("store_id", DataTypes.INT())
                .column("region", DataTypes.STRING())
                .column("opened", DataTypes.DATE())
                .primaryKey("store_id")
                .option("bucket", "2")
                .build(), false);
        try (BatchWrite w = stores.newBatchWrite()) {
            for (int id = 0; id < STORES; id++) {
                w.write(GenericRow.of(id, id % 7 == 0 ? null : Utf8String.fromString("region-" + (id % REGIONS)),
                        19_000 + id % 365));
            }
            w.commit();
        }
        sales = catalog.createTable(Identifier.of("db", "sales"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("store_id", DataTypes.INT())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .primaryKey("id")
                .option("bucket", "2")
                .build(), false);
        try (BatchWrite w = sales.newBatchWrite()) {
            for (long id = 0; id < SALES; id++) {
                w.write(GenericRow.of(id, (int) (id % STORES),
                        Decimal.fromBigDecimal(BigDecimal.valueOf(id % 1000, 2), 10, 2)));
            }
            w.commit();
        }
        hive.query("CREATE EXTERNAL TABLE strata_it.stats_stores STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + stores.location() + "'");
        hive.query("CREATE EXTERNAL TABLE strata_it.stats_sales STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + sales.location() + "'");
    }

    /** {@code DESCRIBE FORMATTED t col}: the figures Hive's optimizer gets for the column, by name. */
    private static Map<String, String> describe(String table, String column) {
        Map<String, String> figures = new LinkedHashMap<>();
        for (String line : hive.query("DESCRIBE FORMATTED strata_it." + table + " " + column)) {
            String[] parts = line.split("\t", -1);
            figures.put(parts[0].trim(), parts.length > 1 ? parts[1].trim() : "");
        }
        return figures;
    }

    @Test
    void hiveReceivesTheRangesAndNullCountsOfTheSnapshot() {
        assertThat(describe("stats_sales", "store_id")).containsEntry("min", "0").containsEntry("max", "1999")
                .containsEntry("num_nulls", "0").containsEntry("distinct_count", "2000");
        // The one-column primary key: as many distinct values as rows.
        assertThat(describe("stats_sales", "id")).containsEntry("min", "0").containsEntry("max", "19999")
                .containsEntry("distinct_count", "20000");
        assertThat(describe("stats_sales", "amount")).containsEntry("min", "0").containsEntry("max", "9.99")
                .containsEntry("num_nulls", "0");
        assertThat(describe("stats_stores", "opened")).containsEntry("min", "2022-01-08")
                .containsEntry("max", "2023-01-07").containsEntry("distinct_count", "365");
        Map<String, String> region = describe("stats_stores", "region");
        System.out.println("[ColumnStatisticsIT] region before ANALYZE: " + region);
        assertThat(region).containsEntry("num_nulls", Long.toString((STORES + 6) / 7));
        for (Engine engine : Engine.values()) {
            hive.query("SET hive.execution.engine=" + engine.setting());
            String plan = String.join("\n", hive.query("EXPLAIN SELECT store_id, sum(amount) FROM strata_it.stats_sales"
                    + " WHERE store_id < 20 GROUP BY store_id"));
            System.out.println("[ColumnStatisticsIT] " + engine + "\n" + plan);
            // The range 0..1999 makes store_id < 20 one row in a hundred.
            assertThat(plan).as(engine.toString()).contains("Column stats: COMPLETE").contains("Num rows: 200 ");
        }
        hive.query("SET hive.execution.engine=tez");
    }

    /**
     * The join of the sales with the stores of a range of ids: with the stores' id range Hive estimates that 20 of
     * 2,000 stores pass the filter and broadcasts them to the sales scan (a map join, as for the same rows in a
     * native ORC table with its statistics); without column statistics it estimates 666 and shuffles both sides.
     */
    @Test
    void aJoinGetsThePlanANativeTableGets() {
        hive.query("SET hive.stats.autogather=true");
        hive.query("SET hive.stats.column.autogather=true");
        hive.query("CREATE TABLE strata_it.stats_stores_orc STORED AS ORC AS SELECT * FROM strata_it.stats_stores");
        hive.query("SET hive.stats.autogather=false");
        hive.query("SET hive.stats.column.autogather=false");
        // The broadcast side must stay under 4,000 bytes: 20 stores fit, 666 do not.
        hive.query("SET hive.auto.convert.join.noconditionaltask.size=4000");
        String join = "EXPLAIN SELECT d.region, sum(s.amount) FROM strata_it.stats_sales s JOIN strata_it.%s d"
                + " ON s.store_id = d.store_id WHERE d.store_id < 20 GROUP BY d.region";
        try {
            for (Engine engine : Engine.values()) {
                hive.query("SET hive.execution.engine=" + engine.setting());
                String strata = String.join("\n", hive.query(String.format(join, "stats_stores")));
                String orc = String.join("\n", hive.query(String.format(join, "stats_stores_orc")));
                assertThat(strata).as(engine + ": Strata\n" + strata).contains("Map Join Operator")
                        .contains("Num rows: 20 ");
                assertThat(orc).as(engine + ": ORC\n" + orc).contains("Map Join Operator");
            }
            hive.query("SET hive.execution.engine=tez");
            hive.query("SET hive.stats.fetch.column.stats=false");
            String without = String.join("\n", hive.query(String.format(join, "stats_stores")));
            System.out.println("[ColumnStatisticsIT] without column statistics:\n" + without);
            assertThat(without).doesNotContain("Map Join Operator").contains("Merge Join Operator")
                    .contains("Num rows: 666 ");
        } finally {
            hive.query("SET hive.stats.fetch.column.stats=true");
            hive.query("SET hive.execution.engine=tez");
            hive.query("SET hive.auto.convert.join.noconditionaltask.size=10000000");
        }
    }

    /**
     * {@code ANALYZE ... FOR COLUMNS} on each engine: Hive's figures land in Paimon's statistics file of an ANALYZE
     * snapshot (the rows unchanged), Paimon reads them, and Hive plans with the distinct counts.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void analyzeWritesPaimonsStatisticsFile(Engine engine) {
        Snapshot before = stores.latestSnapshot().orElseThrow();
        hive.query("SET hive.execution.engine=" + engine.setting());
        try {
            hive.query("ANALYZE TABLE strata_it.stats_stores COMPUTE STATISTICS FOR COLUMNS");
        } finally {
            hive.query("SET hive.execution.engine=tez");
        }
        Snapshot analyzed = stores.latestSnapshot().orElseThrow();
        assertThat(analyzed.id()).isEqualTo(before.id() + 1);
        assertThat(analyzed.commitKind()).isEqualTo(CommitKind.ANALYZE);
        assertThat(analyzed.totalRecordCount()).isEqualTo(before.totalRecordCount());
        Statistics statistics = stores.statistics().latest().orElseThrow();
        System.out.println("[ColumnStatisticsIT] " + engine + ": " + statistics);
        assertThat(statistics.snapshotId()).isEqualTo(before.id());
        assertThat(statistics.mergedRecordCount()).isEqualTo((long) STORES);
        ColumnStatistics region = statistics.columns().get("region");
        assertThat(region.distinctCount()).isEqualTo((long) REGIONS);
        assertThat(region.nullCount()).isEqualTo((STORES + 6) / 7L);
        assertThat(region.maxLength()).isEqualTo(8L);
        ColumnStatistics storeId = statistics.columns().get("store_id");
        assertThat(storeId.min()).isEqualTo("0");
        assertThat(storeId.max()).isEqualTo("1999");
        assertThat(storeId.distinctCount()).isBetween(1_900L, 2_100L);
        assertThat(statistics.columns().get("opened").min()).isEqualTo("19000");

        org.apache.paimon.stats.Statistics paimon = PaimonReader.statistics(stores).orElseThrow();
        assertThat(paimon.mergedRecordCount()).hasValue(STORES);
        assertThat(paimon.colStats().get("region").distinctCount()).hasValue(REGIONS);
        assertThat(paimon.colStats().get("store_id").min()).map(Object::toString).contains("0");
        assertThat(PaimonReader.rows(stores)).hasSize(STORES);

        assertThat(describe("stats_stores", "region")).containsEntry("distinct_count", Long.toString(REGIONS));
        String groupBy = String.join("\n", hive.query("EXPLAIN SELECT region, count(*) FROM strata_it.stats_stores"
                + " GROUP BY region"));
        assertThat(groupBy).as(groupBy).contains("Num rows: " + (REGIONS + 1) + " ");
    }

    /**
     * The row count Hive plans with is what a read returns where metadata tells it: a deletion-vector table does
     * not count the versions its vectors retired nor its level-0 files (reads skip them), a compacted bucket not its
     * deletes; a table whose buckets still need a merge counts every stored row (an upper bound). A 36% higher
     * count had Hive plan two reducers for a deletion-vector table where the same rows compacted got one.
     */
    @Test
    void hivePlansWithTheRowsAReadReturns() throws IOException {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(hive.newDirectory("strata-rows").toUri()));
        catalog.createDatabase("db", true);
        Map<String, Table> tables = new LinkedHashMap<>();
        for (String kind : List.of("dv", "runs")) {
            Schema.Builder schema = Schema.newBuilder()
                    .column("id", DataTypes.BIGINT())
                    .column("v", DataTypes.STRING())
                    .primaryKey("id")
                    .option("bucket", "2");
            if (kind.equals("dv")) {
                schema.option("deletion-vectors.enabled", "true");
            }
            Table table = catalog.createTable(Identifier.of("db", kind), schema.build(), false);
            for (int round = 0; round < 3; round++) {
                try (BatchWrite w = table.newBatchWrite()) {
                    // 1,000 keys, then two rounds that update 300 of them and delete 50.
                    for (long id = 0; id < 1_000; id++) {
                        if (round == 0 || id % 10 < 3) {
                            w.write(GenericRow.of(id, Utf8String.fromString("v" + round)));
                        } else if (id % 20 == 5) {
                            w.write(GenericRow.ofKind(io.strata.data.RowKind.DELETE, id, null));
                        }
                    }
                    w.commit();
                }
            }
            hive.query("CREATE EXTERNAL TABLE strata_it.rows_" + kind + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                    + " LOCATION '" + table.location() + "'");
            tables.put(kind, table);
        }
        assertThat(hive.query("SELECT count(*) FROM strata_it.rows_dv")).containsExactly("950");
        assertThat(planRows("rows_dv")).isEqualTo(950);
        // Three sorted runs a read merges: every stored row, deletes included.
        assertThat(planRows("rows_runs")).isEqualTo(1_000 + 2 * (300 + 50));
        tables.get("runs").compactFull();
        assertThat(planRows("rows_runs")).isEqualTo(950);
    }

    /** The rows of the table scan in Hive's plan of an aggregate over the table. */
    private static long planRows(String table) {
        String plan = String.join("\n", hive.query("EXPLAIN SELECT v, count(*) FROM strata_it." + table + " GROUP BY v"));
        java.util.regex.Matcher rows = java.util.regex.Pattern.compile("TableScan[\\s\\S]*?Num rows: (\\d+) ")
                .matcher(plan);
        assertThat(rows.find()).as(plan).isTrue();
        return Long.parseLong(rows.group(1));
    }
}
