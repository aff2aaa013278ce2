package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fileindex.FileIndexPredicate;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.PaimonTypes;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.Schema;
import io.strata.schema.SchemaManager;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.BinaryString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bitmap file indexes with Apache Paimon 1.4.2 as the oracle: Strata writes the bytes Paimon writes for the same
 * rows (embedded or as {@code <file>.index}, beside bloom filters, in both format versions), Paimon's own index
 * reader answers from Strata's bytes, and Strata's scan skips files by Paimon's bitmaps and its own for
 * {@code =}, {@code IN}, {@code IS NULL} and {@code IS NOT NULL}, on append tables and on deletion-vector
 * primary-key tables.
 */
class BitmapIndexPaimonInteropTest {

    @TempDir
    Path warehouse;

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "id", DataTypes.INT()),
            new DataField(1, "name", DataTypes.STRING()),
            new DataField(2, "code", DataTypes.BIGINT()),
            new DataField(3, "day", DataTypes.DATE()),
            new DataField(4, "flag", DataTypes.BOOLEAN()),
            new DataField(5, "ts", DataTypes.TIMESTAMP(3)),
            new DataField(6, "score", DataTypes.DOUBLE()),
            new DataField(7, "gone", DataTypes.INT())));

    /** Bitmaps on every column, version 1 on one, small dictionary blocks on another, bloom filters beside. */
    private static final String[] INDEX_OPTIONS = {
        "file-index.bitmap.columns", "name,code,day,flag,ts,score,gone,id",
        "file-index.bitmap.code.version", "1",
        "file-index.bitmap.name.index-block-size", "128 b",
        "file-index.bloom-filter.columns", "name,id",
        "file-index.bloom-filter.name.items", "200",
        "file-index.bloom-filter.id.items", "300"};

    /** Repeated values, values of one row ("solo-"), nulls, one null row (day 17), a column of nulls only. */
    private static GenericRow row(int i) {
        return GenericRow.of(i, i % 11 == 0 ? null : Utf8String.fromString(i % 37 == 5 ? "solo-" + i : "n" + (i * 7 % 23)),
                i % 13 == 0 ? null : (long) (i * i % 61) - 30, i == 17 ? null : 19_000 + i % 40,
                i % 3 == 0 ? null : i % 2 == 0, Timestamp.fromEpochMillis(1_700_000_000_000L + (i % 50) * 1000L),
                i % 9 * 0.5, null);
    }

    private static Map<String, String> options(String... more) {
        Map<String, String> options = new HashMap<>(Map.of("bucket", "-1"));
        for (int i = 0; i < more.length; i += 2) {
            options.put(more[i], more[i + 1]);
        }
        return options;
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private Table load(PaimonOracle paimon, String table) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
    }

    private static List<DataFileMeta> files(Table table) throws Exception {
        return TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null).stream()
                .map(e -> e.file()).toList();
    }

    private static byte[] indexBytes(PaimonOracle paimon, String table, DataFileMeta file) throws Exception {
        if (file.embeddedIndex() != null) {
            return file.embeddedIndex();
        }
        return Files.readAllBytes(paimon.tablePath("db", table).resolve("bucket-0").resolve(file.extraFiles().get(0)));
    }

    private static int strataPlannedFiles(Table table, Predicate filter) {
        return table.newScan().filter(filter).plan().splits().stream().mapToInt(s -> s.files().size()).sum();
    }

    private static int paimonPlannedFiles(PaimonOracle paimon, String table, org.apache.paimon.predicate.Predicate filter) {
        return paimon.table("db", table).newReadBuilder().withFilter(filter).newScan().plan().splits().stream()
                .mapToInt(s -> ((org.apache.paimon.table.source.DataSplit) s).dataFiles().size()).sum();
    }

    private static org.apache.paimon.predicate.PredicateBuilder paimonPredicates(RowType type) {
        return new org.apache.paimon.predicate.PredicateBuilder(PaimonTypes.toPaimon(type));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"orc, embedded", "parquet, separate file"})
    void strataWritesTheIndexBytesPaimonWritesAndPaimonReadsThem(String format, String placement) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Map<String, String> options = options(concat(INDEX_OPTIONS, "file.format", format,
                    "file-index.in-manifest-threshold", placement.equals("embedded") ? "64 kb" : "500 b"));
            paimon.createTable("db", "twin", TYPE, List.of(), List.of(), options);
            paimon.createTable("db", "t", TYPE, List.of(), List.of(), options);
            List<GenericRow> rows = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                rows.add(row(i));
            }
            paimon.write("db", "twin", rows);
            Table table = load(paimon, "t");
            try (BatchWrite write = table.newBatchWrite()) {
                rows.forEach(write::write);
                write.commit();
            }
            DataFileMeta paimons = files(load(paimon, "twin")).get(0);
            DataFileMeta stratas = files(table).get(0);
            assertThat(stratas.embeddedIndex() != null).isEqualTo(placement.equals("embedded"))
                    .isEqualTo(paimons.embeddedIndex() != null);
            byte[] bytes = indexBytes(paimon, "t", stratas);
            assertThat(bytes).isEqualTo(indexBytes(paimon, "twin", paimons));
            assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(
                    TestRows.formatAll(paimon.readAll("db", "twin"), TYPE));

            // Paimon's own index reader answers from Strata's bytes.
            org.apache.paimon.fileindex.FileIndexPredicate index =
                    new org.apache.paimon.fileindex.FileIndexPredicate(bytes, PaimonTypes.toPaimon(TYPE));
            org.apache.paimon.predicate.PredicateBuilder p = paimonPredicates(TYPE);
            assertThat(index.evaluate(p.equal(1, BinaryString.fromString("solo-42"))).remain()).isTrue();
            assertThat(index.evaluate(p.equal(1, BinaryString.fromString("solo-43"))).remain()).isFalse();
            assertThat(index.evaluate(p.in(2, List.<Object>of(999L, (long) (7 * 7 % 61) - 30))).remain()).isTrue();
            assertThat(index.evaluate(p.equal(2, 999L)).remain()).isFalse();
            assertThat(index.evaluate(p.equal(3, 19_039)).remain()).isTrue();
            assertThat(index.evaluate(p.equal(3, 19_040)).remain()).isFalse();
            assertThat(index.evaluate(p.isNull(3)).remain()).isTrue();
            assertThat(index.evaluate(p.isNull(7)).remain()).isTrue();
            assertThat(index.evaluate(p.isNotNull(7)).remain()).isFalse();
            assertThat(index.evaluate(p.isNull(5)).remain()).isFalse();
            assertThat(index.evaluate(p.equal(6, 4.0)).remain()).isTrue();
            assertThat(index.evaluate(p.equal(6, 4.25)).remain()).isFalse();
            if (placement.equals("embedded")) {
                assertThat(paimonPlannedFiles(paimon, "t", p.equal(1, BinaryString.fromString("solo-43")))).isZero();
                assertThat(paimonPlannedFiles(paimon, "t", p.equal(1, BinaryString.fromString("solo-42")))).isOne();
            }
            // Strata reads both engines' indexes alike.
            PredicateBuilder s = new PredicateBuilder(TYPE);
            for (String t : List.of("twin", "t")) {
                Table read = load(paimon, t);
                assertThat(strataPlannedFiles(read, s.equal("name", Utf8String.fromString("solo-43")))).as(t).isZero();
                assertThat(strataPlannedFiles(read, s.in("day", 19_040, 19_041))).as(t).isZero();
                assertThat(strataPlannedFiles(read, s.equal("score", 4.25))).as(t).isZero();
                assertThat(TestRows.readAll(read, read.newScan().filter(s.equal("name",
                        Utf8String.fromString("solo-42"))).plan())).as(t).hasSize(1);
            }
        }
    }

    /**
     * Twenty files, each holding its own marker values and the same extremes, so that min/max statistics skip
     * nothing: the bitmaps alone select the files, for Paimon's indexes and Strata's, and Paimon plans alike.
     */
    @ParameterizedTest(name = "written by {0}")
    @CsvSource({"strata", "paimon"})
    void aQueryPlansOnlyTheFilesWhoseBitmapsHoldItsValues(String writer) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of(), List.of(), options("file.format", "parquet",
                    "file-index.bitmap.columns", "name,code,day,gone", "file-index.in-manifest-threshold", "4 kb"));
            Table table = load(paimon, "t");
            for (int f = 0; f < 20; f++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    boolean extreme = i < 2;
                    String name = f % 4 == 0 && i == 5 ? null : extreme ? (i == 0 ? "a" : "zz") : "n" + (i * 7 + f) % 30;
                    rows.add(GenericRow.of(f * 100 + i, name == null ? null : Utf8String.fromString(name),
                            extreme ? (i == 0 ? -1_000_000_000L : 1_000_000_000L) : (long) (i * 31 + f) % 50,
                            extreme ? (i == 0 ? 0 : 50_000) : 19_000 + (i + f) % 25, null, null, null, null));
                }
                rows.add(GenericRow.of(-f, Utf8String.fromString(marker(f)), 5_000_000L + f, 30_000 + f, null, null,
                        null, null));
                if (writer.equals("strata")) {
                    try (BatchWrite write = table.newBatchWrite()) {
                        rows.forEach(write::write);
                        write.commit();
                    }
                } else {
                    paimon.write("db", "t", rows);
                }
            }
            table = load(paimon, "t");
            List<DataFileMeta> files = files(table);
            assertThat(files).hasSize(20).allSatisfy(f -> assertThat(f.embeddedIndex()).isNotNull());
            PredicateBuilder s = new PredicateBuilder(TYPE);
            Predicate seven = s.equal("name", Utf8String.fromString(marker(7)));
            assertThat(strataPlannedFiles(table, seven)).isOne();
            assertThat(TestRows.readAll(table, table.newScan().filter(seven).plan())).hasSize(1);
            assertThat(strataPlannedFiles(table, s.in("code", 5_000_003L, 5_000_011L))).isEqualTo(2);
            assertThat(strataPlannedFiles(table, s.equal("day", 30_005))).isOne();
            assertThat(strataPlannedFiles(table, s.equal("name", Utf8String.fromString("absent")))).isZero();
            assertThat(strataPlannedFiles(table, PredicateBuilder.and(seven, s.equal("code", 5_000_007L)))).isOne();
            assertThat(strataPlannedFiles(table, PredicateBuilder.or(seven, s.equal("day", 30_009)))).isEqualTo(2);
            assertThat(strataPlannedFiles(table, s.isNull("name"))).isEqualTo(5);
            assertThat(strataPlannedFiles(table, s.isNotNull("gone"))).isZero();
            // Conditions a bitmap does not answer at the level of a file keep every file.
            assertThat(strataPlannedFiles(table, s.notEqual("name", Utf8String.fromString(marker(7))))).isEqualTo(20);
            assertThat(strataPlannedFiles(table, s.between("code", 5_000_003L, 5_000_004L))).isEqualTo(20);

            // The index, not the statistics, decides: file by file, as the scan asks it.
            for (DataFileMeta file : files) {
                FileIndexPredicate index = FileIndexPredicate.of(file.embeddedIndex(), file.fileName());
                assertThat(index.mayMatch(seven)).isEqualTo(index.mayMatch(s.equal("code", 5_000_007L)));
                assertThat(index.mayMatch(s.isNull("gone"))).isTrue();
                assertThat(index.mayMatch(s.isNotNull("gone"))).isFalse();
                assertThat(index.mayMatch(s.isNotNull("name"))).isTrue();
            }
            assertThat(files.stream().filter(f -> mayMatch(f, seven)).count()).isOne();
            assertThat(files.stream().filter(f -> mayMatch(f, s.isNull("name"))).count()).isEqualTo(5);

            org.apache.paimon.predicate.PredicateBuilder p = paimonPredicates(TYPE);
            assertThat(paimonPlannedFiles(paimon, "t", p.equal(1, BinaryString.fromString(marker(7))))).isOne();
            assertThat(paimonPlannedFiles(paimon, "t", p.equal(3, 30_005))).isOne();
        }
    }

    private static boolean mayMatch(DataFileMeta file, Predicate predicate) {
        try {
            return FileIndexPredicate.of(file.embeddedIndex(), file.fileName()).mayMatch(predicate);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String marker(int f) {
        return "marker-" + f;
    }

    /**
     * Primary-key tables with deletion vectors: both engines index every record of a file alike (the same bytes
     * file by file), and a scan skips by them the files above level 0, whoever wrote the table.
     */
    @Test
    void deletionVectorPrimaryKeyTablesWriteAndSkipAsPaimon() throws Exception {
        RowType pkType = new RowType(List.of(new DataField(0, "id", DataTypes.INT().withNullable(false)),
                TYPE.fields().get(1), TYPE.fields().get(2), TYPE.fields().get(3)));
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            // Two buckets: two files at least, whatever compaction makes of each bucket's levels.
            Map<String, String> options = Map.of("bucket", "2", "deletion-vectors.enabled", "true",
                    "file.format", "orc", "file-index.bitmap.columns", "name,code,day",
                    "file-index.in-manifest-threshold", "4 kb", "num-sorted-run.compaction-trigger", "50");
            paimon.createTable("db", "strata", pkType, List.of(), List.of("id"), options);
            paimon.createTable("db", "paimon", pkType, List.of(), List.of("id"), options);
            Table table = load(paimon, "strata");
            for (int c = 0; c < 4; c++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    rows.add(GenericRow.of(c * 10 + i, Utf8String.fromString("v" + c + "-" + i), i == 3 ? null : (long) c,
                            19_000 + c));
                }
                // Key 0 is renamed at every commit: only its last name matches.
                rows.add(GenericRow.of(0, Utf8String.fromString("zero-" + c), (long) c, null));
                try (BatchWrite write = table.newBatchWrite()) {
                    rows.forEach(write::write);
                    write.commit();
                }
                paimon.write("db", "paimon", rows);
            }
            assertThat(indexesByFile(load(paimon, "strata"))).isEqualTo(indexesByFile(load(paimon, "paimon")));
            PredicateBuilder s = new PredicateBuilder(pkType);
            for (String t : List.of("strata", "paimon")) {
                Table read = load(paimon, t);
                assertThat(files(read)).as(t).allSatisfy(f -> assertThat(f.level()).isPositive());
                Predicate latest = s.equal("name", Utf8String.fromString("zero-3"));
                Predicate other = s.equal("name", Utf8String.fromString("v3-4"));
                assertThat(strataPlannedFiles(read, null)).as(t).isGreaterThan(1);
                assertThat(strataPlannedFiles(read, other)).as(t).isOne();
                assertThat(strataPlannedFiles(read, latest)).as(t).isOne();
                assertThat(TestRows.readAll(read, read.newScan().filter(latest).plan())).as(t)
                        .containsExactly("[0, zero-3, 3, null]");
                assertThat(TestRows.readAll(read, read.newScan().filter(s.equal("name",
                        Utf8String.fromString("zero-2"))).plan())).as(t).isEmpty();
                assertThat(TestRows.readAll(read, read.newScan().filter(s.isNull("day")).plan())).as(t)
                        .containsExactly("[0, zero-3, 3, null]");
            }
            org.apache.paimon.predicate.PredicateBuilder p = paimonPredicates(pkType);
            assertThat(paimonPlannedFiles(paimon, "strata", p.equal(1, BinaryString.fromString("v3-4")))).isOne();
        }
    }

    /** Each live file's index, as "level/rows: bytes", sorted. */
    private static List<String> indexesByFile(Table table) throws Exception {
        return files(table).stream()
                .map(f -> f.level() + "/" + f.rowCount() + ": " + java.util.Arrays.toString(f.embeddedIndex()))
                .sorted().toList();
    }

    @Test
    void badBitmapOptionsAndIndexesAreRefusedNamingThem() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            assertThatThrownBy(() -> create("decimal", Schema.newBuilder().column("price", DataTypes.DECIMAL(10, 2))
                    .options(options("file-index.bitmap.columns", "price")).build()))
                    .hasMessageContaining("'file-index.bitmap.columns'").hasMessageContaining("'price'")
                    .hasMessageContaining("DECIMAL").hasMessageContaining("bitmap");
            assertThatThrownBy(() -> create("bytes", Schema.newBuilder().column("raw", DataTypes.BYTES())
                    .options(options("file-index.bitmap.columns", "raw")).build()))
                    .hasMessageContaining("'raw'").hasMessageContaining("BYTES");
            assertThatThrownBy(() -> create("unknown", Schema.newBuilder().column("id", DataTypes.INT())
                    .options(options("file-index.bitmap.columns", "nope")).build()))
                    .hasMessageContaining("'file-index.bitmap.columns'").hasMessageContaining("'nope'");
            assertThatThrownBy(() -> create("version", Schema.newBuilder().column("id", DataTypes.INT())
                    .options(options("file-index.bitmap.columns", "id", "file-index.bitmap.id.version", "3")).build()))
                    .hasMessageContaining("'file-index.bitmap.id.version'");
            assertThatThrownBy(() -> create("block", Schema.newBuilder().column("id", DataTypes.INT())
                    .options(options("file-index.bitmap.columns", "id", "file-index.bitmap.id.index-block-size", "lots"))
                    .build())).hasMessageContaining("'file-index.bitmap.id.index-block-size'");
            // bsi stays refused for writing, and is ignored by reads.
            paimon.createTable("db", "bsi", TYPE, List.of(), List.of(), options("file-index.bsi.columns", "id"));
            Table bsi = load(paimon, "bsi");
            assertThat(TestRows.readAll(bsi)).isEmpty();
            assertThatThrownBy(bsi::newBatchWrite).hasMessageContaining("'file-index.bsi.columns' = 'id'");

            // A malformed bitmap inside a valid container fails the scan that needs it, naming the file.
            paimon.createTable("db", "t", TYPE, List.of(), List.of(), options("file-index.bitmap.columns", "name",
                    "file-index.in-manifest-threshold", "1 b"));
            Table table = load(paimon, "t");
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(row(1));
                write.write(row(2));
                write.commit();
            }
            DataFileMeta file = files(table).get(0);
            Path index = paimon.tablePath("db", "t").resolve("bucket-0").resolve(file.extraFiles().get(0));
            byte[] good = Files.readAllBytes(index);
            int bitmapStart = ByteBuffer.wrap(good).getInt(12); // the header's length: the only index starts there
            Predicate byName = new PredicateBuilder(TYPE).equal("name", Utf8String.fromString("n7"));
            assertThat(strataPlannedFiles(table, byName)).isOne();
            byte[] badVersion = good.clone();
            badVersion[bitmapStart] = 9;
            Files.write(index, badVersion);
            assertThatThrownBy(() -> table.newScan().filter(byName).plan())
                    .hasMessageContaining(index.getFileName().toString()).hasMessageContaining("bitmap index version 9");
            byte[] truncated = good.clone();
            ByteBuffer.wrap(truncated).putInt(bitmapStart + 5, Integer.MAX_VALUE); // more values than rows
            Files.write(index, truncated);
            assertThatThrownBy(() -> table.newScan().filter(byName).plan())
                    .hasMessageContaining(index.getFileName().toString()).hasMessageContaining("column 'name'");
            // A scan that needs no index reads the file.
            assertThat(TestRows.readAll(table)).hasSize(2);
        }
    }

    private void create(String name, Schema schema) {
        new SchemaManager(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.resolve(name).toUri()))
                .createTable(schema);
    }
}
