package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.oracle.versions.OracleEngine;
import io.strata.oracle.versions.PaimonReleases;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
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
 * file indexes): the release writes, Strata reads the same rows, writes on top, the release reads that and
 * writes and compacts on top, Strata reads and compacts, the release reads again; and a table Strata creates
 * and writes is read, written and compacted by the release.
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

    private static Table load(OracleEngine paimon, String table) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
    }

    private static void strataWrite(Table table, List<GenericRow> rows) {
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
                List<String> theirs = kinded(paimon.readChanges("db", "t", read), type);
                List<String> ours = ChangeRows.read(table, table.newIncrementalScan().withOptions(read).plan());
                assertThat(ours).as("Paimon %s and Strata read %s", version, read).isEqualTo(theirs).isNotEmpty();
            }
            List<String> strataChangelog = ChangeRows.read(table,
                    table.newIncrementalScan().between(afterFirst, afterStrata).plan());
            assertThat(strataChangelog).as("Strata's lookups: updates as -U/+U, the delete as -D")
                    .anyMatch(r -> r.startsWith("-U")).anyMatch(r -> r.startsWith("+U")).anyMatch(r -> r.startsWith("-D"));
        }
    }

    private static List<String> kinded(List<GenericRow> rows, RowType type) {
        List<String> out = new ArrayList<>();
        for (GenericRow r : rows) {
            out.add(r.kind().shortString() + TestRows.format(r, type));
        }
        out.sort(null);
        return out;
    }
}
