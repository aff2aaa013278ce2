package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.oracle.versions.OracleEngine;
import io.strata.oracle.versions.PaimonReleases;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
import io.strata.snapshot.ColumnStatistics;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Statistics;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Interop both ways with older Apache Paimon releases, each in a class loader of its own
 * ({@link PaimonReleases}): the releases of {@code strata.paimon.matrix} (1.2.0 in the default build, beside the
 * class path's 1.4.2 that every other oracle test uses; the full matrix is 1.2.0, 1.3.1 and 1.4.2). For each
 * table kind (fixed buckets in ORC and Parquet, dynamic buckets, deletion vectors, append tables, bloom-filter
 * and bitmap file indexes): the release writes, Strata reads the same rows, writes on top, the release reads that
 * and writes and compacts on top, Strata reads and compacts, the release reads again; and a table Strata creates
 * and writes is read, written and compacted by the release. Besides: table statistics both ways, postpone-bucket
 * tables, expiries, tags, diffs and lookup changelogs. What changes a table over time (merge engines, changelog
 * producers, schema evolution, snapshot expiration) is in {@link PaimonVersionMatrixChangesTest}.
 */
class PaimonVersionMatrixTest {

    @TempDir
    Path warehouse;

    static Stream<Arguments> releasesAndKinds() {
        List<Arguments> out = new ArrayList<>();
        for (String version : PaimonReleases.matrix()) {
            for (String kind : List.of("fixed-orc", "fixed-parquet", "dynamic", "deletion-vectors", "append")) {
                out.add(Arguments.of(version, kind));
            }
        }
        return out.stream();
    }

    static Stream<String> releases() {
        return PaimonReleases.matrix().stream();
    }

    /** p (partition), k (key), then one column of every atomic type and the nested types. */
    private static RowType tableType() {
        List<DataField> fields = new ArrayList<>();
        fields.add(new DataField(0, "p", DataTypes.STRING().withNullable(false)));
        fields.add(new DataField(1, "k", DataTypes.INT().withNullable(false)));
        List<AtomicType> types = RandomRows.atomicTypes();
        for (int i = 0; i < types.size(); i++) {
            fields.add(new DataField(i + 2, "c" + i, types.get(i)));
        }
        int next = fields.size();
        fields.add(new DataField(next++, "arr", DataTypes.ARRAY(DataTypes.INT())));
        fields.add(new DataField(next++, "m", DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.BIGINT())));
        fields.add(new DataField(next, "r", new RowType(List.of(
                new DataField(1002, "a", DataTypes.DECIMAL(20, 2)),
                new DataField(1003, "b", DataTypes.ARRAY(DataTypes.STRING()))))));
        return new RowType(fields);
    }

    private static Map<String, String> options(String kind) {
        Map<String, String> options = new HashMap<>();
        options.put("file.format", kind.endsWith("orc") ? "orc" : "parquet");
        switch (kind) {
            case "dynamic" -> {
                options.put("bucket", "-1");
                options.put("dynamic-bucket.target-row-num", "8");
            }
            case "append" -> options.put("bucket", "-1");
            case "deletion-vectors" -> {
                options.put("bucket", "2");
                options.put("deletion-vectors.enabled", "true");
            }
            default -> options.put("bucket", "2");
        }
        return options;
    }

    static Table load(OracleEngine paimon, String table) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
    }

    static void strataWrite(Table table, List<GenericRow> rows) {
        try (BatchWrite write = table.newBatchWrite()) {
            rows.forEach(write::write);
            write.commit();
        }
    }

    private static List<String> paimonRows(OracleEngine paimon, String table, RowType type) {
        return Rows.sorted(paimon.readAll("db", table), type);
    }

    private static List<String> strataRows(Table table, RowType type) throws Exception {
        List<GenericRow> rows = new ArrayList<>();
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (io.strata.data.CloseableIterator<io.strata.data.Row> it = read.open(split)) {
                while (it.hasNext()) {
                    rows.add(GenericRow.copyOf(it.next(), type));
                }
            }
        }
        return Rows.sorted(rows, type);
    }

    @ParameterizedTest(name = "Paimon {0}, {1}")
    @MethodSource("releasesAndKinds")
    void theReleaseWritesStrataReadsAndWritesOnTopAndBack(String version, String kind) throws Exception {
        RowType type = tableType();
        boolean primaryKey = !kind.equals("append");
        List<List<GenericRow>> history = PaimonInteropTest.history(type, primaryKey, true, version.hashCode() + kind.hashCode(), 5);
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            assertThat(paimon.paimonVersion()).isEqualTo(version);
            paimon.createTable("db", "t", type, List.of("p"), primaryKey ? List.of("p", "k") : List.of(), options(kind));
            paimon.write("db", "t", history.get(0));
            paimon.write("db", "t", history.get(1));
            Table table = load(paimon, "t");
            assertThat(strataRows(table, type)).as("Strata reads Paimon %s", version)
                    .isEqualTo(paimonRows(paimon, "t", type));
            strataWrite(table, history.get(2));
            assertThat(paimonRows(paimon, "t", type)).as("Paimon %s reads Strata's write", version)
                    .isEqualTo(strataRows(table, type));
            paimon.write("db", "t", history.get(3));
            paimon.compact("db", "t");
            assertThat(strataRows(table, type)).as("Strata reads Paimon %s's write and compaction", version)
                    .isEqualTo(paimonRows(paimon, "t", type));
            strataWrite(table, history.get(4));
            table.compactFull();
            assertThat(paimonRows(paimon, "t", type)).as("Paimon %s reads Strata's compaction", version)
                    .isEqualTo(strataRows(table, type));
            if (kind.equals("dynamic")) {
                // Every key in one bucket: the merged rows of the buckets add up to the rows of the table.
                int inBuckets = paimon.readByBucket("db", "t").values().stream().mapToInt(List::size).sum();
                assertThat(inBuckets).isEqualTo(paimonRows(paimon, "t", type).size());
            }
        }
    }

    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void strataCreatesAndWritesTheReleaseReadsWritesAndCompacts(String version) throws Exception {
        RowType type = tableType();
        List<List<GenericRow>> history = PaimonInteropTest.history(type, true, true, 11, 4);
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder();
        for (DataField f : type.fields()) {
            schema.column(f.name(), f.type());
        }
        // No bucket option: dynamic bucket mode, as Paimon makes such a table.
        schema.partitionKeys("p").primaryKey("p", "k").option("file.format", "orc")
                .option("dynamic-bucket.target-row-num", "10");
        Table table = catalog.createTable(Identifier.of("db", "t"), schema.build(), false);
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            strataWrite(table, history.get(0));
            strataWrite(table, history.get(1));
            assertThat(paimonRows(paimon, "t", type)).isEqualTo(strataRows(table, type));
            paimon.write("db", "t", history.get(2));
            paimon.compact("db", "t");
            assertThat(strataRows(table, type)).isEqualTo(paimonRows(paimon, "t", type));
            strataWrite(table, history.get(3));
            table.compactFull();
            assertThat(paimonRows(paimon, "t", type)).isEqualTo(strataRows(table, type));
            int inBuckets = paimon.readByBucket("db", "t").values().stream().mapToInt(List::size).sum();
            assertThat(inBuckets).isEqualTo(strataRows(table, type).size());
        }
    }

    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void bloomFilterIndexesOfTheReleaseSkipFiles(String version) throws Exception {
        RowType type = new RowType(List.of(new DataField(0, "id", DataTypes.INT()),
                new DataField(1, "name", DataTypes.STRING())));
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of(), List.of(), Map.of("bucket", "-1",
                    "file-index.bloom-filter.columns", "name", "file-index.bloom-filter.name.items", "20",
                    "file-index.bloom-filter.name.fpp", "0.001"));
            for (int f = 0; f < 10; f++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    rows.add(GenericRow.of(f * 10 + i, Utf8String.fromString("n" + ((f * 7919 + i * 104729) % 100_003))));
                }
                rows.add(GenericRow.of(-f, Utf8String.fromString("point-" + f)));
                paimon.write("db", "t", rows);
            }
            Table table = load(paimon, "t");
            Plan plan = table.newScan().filter(new PredicateBuilder(type).equal("name",
                    Utf8String.fromString("point-4"))).plan();
            assertThat(plan.splits().stream().mapToInt(s -> s.files().size()).sum()).isOne();
            // And Strata's own indexes on the same table, read back by the release.
            strataWrite(table, List.of(GenericRow.of(1000, Utf8String.fromString("strata"))));
            assertThat(paimon.readAll("db", "t")).hasSize(111);
        }
    }

    /**
     * Bitmap file indexes both ways: ten files of the release, each with its own marker values beside the same
     * extremes (so min/max statistics skip nothing), plan in Strata by the release's bitmaps alone; a file Strata
     * writes to the table is indexed as well (its marker plans it alone) and the release reads every row as Strata.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void bitmapIndexesOfTheReleaseAndOfStrataSkipFiles(String version) throws Exception {
        RowType type = new RowType(List.of(new DataField(0, "id", DataTypes.INT()),
                new DataField(1, "name", DataTypes.STRING()), new DataField(2, "code", DataTypes.BIGINT())));
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of(), List.of(), Map.of("bucket", "-1",
                    "file-index.bitmap.columns", "name,code", "file-index.in-manifest-threshold", "4 kb"));
            for (int f = 0; f < 10; f++) {
                paimon.write("db", "t", markedFile(f, "marker-" + f, 5_000_000L + f));
            }
            Table table = load(paimon, "t");
            PredicateBuilder p = new PredicateBuilder(type);
            assertThat(plannedFiles(table, p.equal("name", Utf8String.fromString("marker-4")))).isOne();
            assertThat(plannedFiles(table, p.in("code", 5_000_003L, 5_000_007L))).isEqualTo(2);
            assertThat(plannedFiles(table, p.equal("name", Utf8String.fromString("absent")))).isZero();
            Plan marked = table.newScan().filter(p.equal("code", 5_000_004L)).plan();
            assertThat(TestRows.readAll(table, marked)).containsExactly("[-4, marker-4, 5000004]");

            strataWrite(table, markedFile(10, "strata", 6_000_000L));
            assertThat(plannedFiles(table, p.equal("name", Utf8String.fromString("strata")))).isOne();
            assertThat(plannedFiles(table, p.equal("code", 6_000_000L))).isOne();
            assertThat(paimonRows(paimon, "t", type)).as("Paimon %s reads Strata's indexed file", version)
                    .hasSize(11 * 21).isEqualTo(strataRows(table, type));
        }
    }

    /** Twenty rows sharing values and extremes with every other file, and one marker row of the file's own. */
    private static List<GenericRow> markedFile(int f, String marker, long code) {
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            boolean extreme = i < 2;
            rows.add(GenericRow.of(f * 100 + i, Utf8String.fromString(extreme ? (i == 0 ? "a" : "zz") : "n" + (i % 7)),
                    extreme ? (i == 0 ? -1_000_000_000L : 1_000_000_000L) : (long) (i * 31 + f) % 50));
        }
        rows.add(GenericRow.of(-f, Utf8String.fromString(marker), code));
        return rows;
    }

    private static int plannedFiles(Table table, io.strata.predicate.Predicate filter) {
        return table.newScan().filter(filter).plan().splits().stream().mapToInt(s -> s.files().size()).sum();
    }

    /**
     * Table statistics both ways ({@link StatisticsPaimonInteropTest}'s table and rows): the ANALYZE snapshot the
     * release commits is read by Strata column by column and kept by Strata's write and compaction, where the release
     * reads it still; the ANALYZE snapshot Strata commits is read by the release as Strata wrote it.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void statisticsOfTheReleaseAndOfStrataReadBothWays(String version) throws Exception {
        RowType type = StatisticsPaimonInteropTest.TYPE;
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of(), List.of("id"), Map.of("bucket", "1"));
            paimon.write("db", "t", StatisticsPaimonInteropTest.rows());
            Table table = load(paimon, "t");
            Statistics theirs = analyzed(table, 3L);
            paimon.commitStatistics("db", "t", theirs);
            assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.ANALYZE);
            assertSameStatistics(table.statistics().latest().orElseThrow(), theirs);

            strataWrite(table, List.of(StatisticsPaimonInteropTest.row(4, 1L, "fig", "0.01", "2024-02-01",
                    "2024-02-01T00:00:00", 1.0, true)));
            table.compactFull();
            assertSameStatistics(table.statistics().latest().orElseThrow(), theirs);
            assertSameStatistics(paimon.statistics("db", "t").orElseThrow(), theirs);
            assertThat(paimonRows(paimon, "t", type)).hasSize(4).isEqualTo(strataRows(table, type));

            Statistics ours = analyzed(table, 4L);
            table.statistics().commit(ours);
            assertSameStatistics(paimon.statistics("db", "t").orElseThrow(), ours);
            assertThat(paimonRows(paimon, "t", type)).isEqualTo(strataRows(table, type));
        }
    }

    /** Strata's statistics of the latest snapshot's files, with the figures only an ANALYZE knows added. */
    private static Statistics analyzed(Table table, long rows) {
        Statistics files = table.statistics().fromDataFiles(table.latestSnapshot().orElseThrow());
        Map<String, ColumnStatistics> columns = new java.util.LinkedHashMap<>();
        files.columns().forEach((name, c) -> columns.put(name,
                new ColumnStatistics(c.columnId(), rows - 1, c.min(), c.max(), c.nullCount(), 8L, 9L)));
        return new Statistics(files.snapshotId(), files.schemaId(), rows, rows * 100, columns);
    }

    private static void assertSameStatistics(Statistics actual, Statistics expected) {
        assertThat(actual.snapshotId()).isEqualTo(expected.snapshotId());
        assertThat(actual.schemaId()).isEqualTo(expected.schemaId());
        assertThat(actual.mergedRecordCount()).isEqualTo(expected.mergedRecordCount());
        assertThat(actual.mergedRecordSize()).isEqualTo(expected.mergedRecordSize());
        assertThat(actual.columns()).isEqualTo(expected.columns()).hasSize(8);
    }

    /**
     * Postpone-bucket tables ({@code bucket = -2}): rows a streaming write of the release leaves waiting in
     * {@code bucket-postpone} are read neither by the release nor by Strata; rows the release writes into real
     * buckets (each partition with its own bucket count, as Flink's batch sink does) are read by Strata exactly as by
     * the release; Strata's writes and postpone compactions are read by the release as Strata reads them.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void postponeBucketTablesOfTheReleaseReadAlike(String version) throws Exception {
        RowType type = PostponeBucketPaimonInteropTest.TYPE;
        // The oracle writes real buckets through a copy of the table with a bucket count, which 1.2.0 and 1.3.1
        // refuse ("Cannot change bucket number through dynamic options"): there, only the waiting rows are written.
        boolean intoBuckets = !version.startsWith("1.2.") && !version.startsWith("1.3.");
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "id"),
                    Map.of("bucket", "-2", "file.format", "parquet"));
            if (intoBuckets) {
                paimon.writePostponeTableIntoBuckets("db", "t", List.of(postpone(RowKind.INSERT, "a", 1, "one"),
                        postpone(RowKind.INSERT, "a", 2, "two"), postpone(RowKind.INSERT, "a", 3, "three")), 2);
                paimon.writePostponeTableIntoBuckets("db", "t", List.of(postpone(RowKind.INSERT, "b", 1, "uno"),
                        postpone(RowKind.INSERT, "b", 2, "dos")), 3);
                paimon.writePostponeTableIntoBuckets("db", "t",
                        List.of(postpone(RowKind.UPDATE_AFTER, "a", 2, "two'")), 2);
            }
            paimon.write("db", "t", List.of(postpone(RowKind.INSERT, "a", 9, "waiting"),
                    postpone(RowKind.DELETE, "a", 1, "one")));
            try (Stream<Path> waiting = java.nio.file.Files.list(
                    paimon.tablePath("db", "t").resolve("p=a").resolve("bucket-postpone"))) {
                assertThat(waiting.filter(f -> f.getFileName().toString().startsWith("data-"))).isNotEmpty();
            }
            List<String> theirs = TestRows.formatAll(paimon.readAll("db", "t"), type);
            assertThat(theirs).isEqualTo(intoBuckets ? List.of("[a, 1, one]", "[a, 2, two']", "[a, 3, three]",
                    "[b, 1, uno]", "[b, 2, dos]") : List.of());
            Table table = load(paimon, "t");
            assertThat(TestRows.readAll(table)).as("Strata reads what Paimon %s reads", version).isEqualTo(theirs);
            // Strata's compaction moves the waiting rows into real buckets (a new partition gets the default one
            // bucket), the later record of a key winning; the release reads them, writes waiting rows again, and
            // Strata's write and second compaction land beside them.
            paimon.write("db", "t", List.of(postpone(RowKind.UPDATE_AFTER, "a", 9, "waited"),
                    postpone(RowKind.INSERT, "c", 1, "new")));
            table.newCompaction().full().run();
            List<String> moved = TestRows.formatAll(paimon.readAll("db", "t"), type);
            assertThat(moved).as("Paimon %s reads Strata's postpone compaction", version)
                    .contains("[a, 9, waited]", "[c, 1, new]").doesNotContain("[a, 1, one]")
                    .isEqualTo(TestRows.readAll(table));
            paimon.write("db", "t", List.of(postpone(RowKind.INSERT, "c", 2, "later")));
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(postpone(RowKind.INSERT, "c", 1, "strata"));
                write.commit();
            }
            table.newCompaction().full().run();
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), type)).contains("[c, 1, strata]", "[c, 2, later]")
                    .isEqualTo(TestRows.readAll(table));
        }
    }

    private static GenericRow postpone(RowKind kind, String p, int id, String name) {
        return PostponeBucketPaimonInteropTest.row(kind, p, id, name);
    }

    /**
     * Partition expiration and record-level expiry on a table the release made and wrote: Strata expires the old
     * partitions and, compacting, the expired records; the release reads what is left, writes and compacts on top,
     * and Strata reads what the release reads.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void partitionsAndRecordsOfTheReleaseExpire(String version) throws Exception {
        RowType type = new RowType(List.of(new DataField(0, "dt", DataTypes.STRING().withNullable(false)),
                new DataField(1, "id", DataTypes.INT().withNullable(false)), new DataField(2, "ts", DataTypes.INT()),
                new DataField(3, "v", DataTypes.STRING())));
        java.time.LocalDate today = java.time.LocalDate.now();
        int now = (int) (System.currentTimeMillis() / 1000);
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of("dt"), List.of("dt", "id"), Map.of("bucket", "1",
                    "partition.expiration-time", "2 d", "partition.timestamp-formatter", "yyyy-MM-dd",
                    "record-level.expire-time", "1 h", "record-level.time-field", "ts"));
            List<GenericRow> rows = new ArrayList<>();
            for (int daysBack : new int[] {5, 1, 0}) {
                for (int id = 0; id < 10; id++) {
                    rows.add(GenericRow.of(Utf8String.fromString(today.minusDays(daysBack).toString()), id,
                            id < 3 ? now - 7200 : now, Utf8String.fromString("v" + id)));
                }
            }
            paimon.write("db", "t", rows);
            Table table = load(paimon, "t");
            assertThat(table.expirePartitions().commit()).containsExactly(Map.of("dt", today.minusDays(5).toString()));
            table.compactFull();
            List<String> left = paimonRows(paimon, "t", type);
            assertThat(left).as("Paimon %s reads Strata's expiries", version).hasSize(2 * 7)
                    .isEqualTo(strataRows(table, type))
                    .noneMatch(r -> r.contains(today.minusDays(5).toString()));
            paimon.write("db", "t", List.of(GenericRow.of(Utf8String.fromString(today.toString()), 20, now,
                    Utf8String.fromString("late"))));
            paimon.compact("db", "t");
            assertThat(strataRows(table, type)).hasSize(15).isEqualTo(paimonRows(paimon, "t", type));
        }
    }

    /**
     * Scan modes and lookups across the release and Strata: a lookup-producer table written by both in turn, with
     * tags of both; the release's read of the diff between two tags, of the diff scan mode and of the changelog
     * equals Strata's, and the changelog Strata's lookups produce reads in the release as Strata reads it.
     */
    @ParameterizedTest(name = "Paimon {0}")
    @MethodSource("releases")
    void diffsTagsAndLookupChangelogsAcrossTheRelease(String version) throws Exception {
        RowType type = IncrementalReadPaimonInteropTest.TYPE;
        try (OracleEngine paimon = PaimonReleases.open(version, warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "id"), Map.of("bucket", "2",
                    "changelog-producer", "lookup"));
            List<GenericRow> first = new ArrayList<>();
            for (int id = 0; id < 40; id++) {
                first.add(IncrementalReadPaimonInteropTest.row(io.strata.data.RowKind.INSERT, id, "a" + id));
            }
            paimon.write("db", "t", first);
            Table table = load(paimon, "t");
            long afterFirst = table.snapshots().latestSnapshotId();
            paimon.createTag("db", "t", "first", afterFirst);
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < 40; id += 3) {
                    w.write(IncrementalReadPaimonInteropTest.row(io.strata.data.RowKind.INSERT, id, "s" + id));
                }
                w.delete(IncrementalReadPaimonInteropTest.row(io.strata.data.RowKind.INSERT, 7, null));
                w.commit();
            }
            long afterStrata = table.snapshots().latestSnapshotId();
            table.tags().create("strata", afterStrata);
            paimon.write("db", "t", List.of(IncrementalReadPaimonInteropTest.row(io.strata.data.RowKind.INSERT, 1, "p1"),
                    IncrementalReadPaimonInteropTest.row(io.strata.data.RowKind.INSERT, 50, "p50")));
            long latest = table.snapshots().latestSnapshotId();
            for (Map<String, String> read : List.of(Map.of("incremental-between", "first,strata"),
                    Map.of("incremental-between", afterFirst + "," + latest, "incremental-between-scan-mode", "diff"),
                    Map.of("incremental-between", "0," + latest),
                    Map.of("incremental-between", afterFirst + "," + afterStrata))) {
                List<String> theirs = ChangelogFiles.multiset(paimon.readChanges("db", "t", read), type);
                List<String> ours = ChangeRows.read(table, table.newIncrementalScan().withOptions(read).plan());
                assertThat(ours).as("Paimon %s and Strata read %s", version, read).isEqualTo(theirs).isNotEmpty();
            }
            List<String> strataChangelog = ChangeRows.read(table,
                    table.newIncrementalScan().between(afterFirst, afterStrata).plan());
            assertThat(strataChangelog).as("Strata's lookups: updates as -U/+U, the delete as -D")
                    .anyMatch(r -> r.startsWith("-U")).anyMatch(r -> r.startsWith("+U")).anyMatch(r -> r.startsWith("-D"));
        }
    }
}
