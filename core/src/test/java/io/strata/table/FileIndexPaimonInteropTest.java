package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.oracle.PaimonOracle;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
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
 * Bloom-filter file indexes with Apache Paimon 1.4.2 as the oracle: Strata writes the bytes Paimon writes
 * (embedded in the manifest below {@code file-index.in-manifest-threshold}, else {@code <file>.index}), both
 * skip files by each other's indexes for {@code =} and {@code IN}, and a point query on an indexed column
 * plans one data file of 100.
 */
class FileIndexPaimonInteropTest {

    @TempDir
    Path warehouse;

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "id", DataTypes.INT()),
            new DataField(1, "name", DataTypes.STRING()),
            new DataField(2, "code", DataTypes.BIGINT())));

    private static GenericRow row(int id, String name, Long code) {
        return GenericRow.of(id, name == null ? null : Utf8String.fromString(name), code);
    }

    private static Map<String, String> options(String format, String... more) {
        Map<String, String> options = new HashMap<>(Map.of("file.format", format, "bucket", "-1"));
        for (int i = 0; i < more.length; i += 2) {
            options.put(more[i], more[i + 1]);
        }
        return options;
    }

    private Table load(PaimonOracle paimon, String table) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", table).toUri()));
    }

    private static List<DataFileMeta> files(Table table) throws Exception {
        return TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null).stream()
                .map(e -> e.file()).toList();
    }

    private static int strataPlannedFiles(Table table, Predicate filter) {
        return table.newScan().filter(filter).plan().splits().stream().mapToInt(s -> s.files().size()).sum();
    }

    private static int paimonPlannedFiles(PaimonOracle paimon, String table, org.apache.paimon.predicate.Predicate filter) {
        return paimon.table("db", table).newReadBuilder().withFilter(filter).newScan().plan().splits().stream()
                .mapToInt(s -> ((org.apache.paimon.table.source.DataSplit) s).dataFiles().size()).sum();
    }

    private static org.apache.paimon.predicate.PredicateBuilder paimonPredicates() {
        return new org.apache.paimon.predicate.PredicateBuilder(io.strata.oracle.PaimonTypes.toPaimon(TYPE));
    }

    @ParameterizedTest(name = "{0}, {1} items: {2}")
    @CsvSource({"orc, 100, embedded", "parquet, 2000, separate file"})
    void strataWritesTheIndexBytesPaimonWrites(String format, int items, String placement) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Map<String, String> options = options(format, "file-index.bloom-filter.columns", "name",
                    "file-index.bloom-filter.name.items", String.valueOf(items), "file-index.bloom-filter.name.fpp", "0.05");
            paimon.createTable("db", "twin", TYPE, List.of(), List.of(), options);
            paimon.createTable("db", "t", TYPE, List.of(), List.of(), options);
            List<GenericRow> rows = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                rows.add(row(i, i % 7 == 0 ? null : "name-" + i, (long) i));
            }
            paimon.write("db", "twin", rows);
            Table table = load(paimon, "t");
            try (BatchWrite write = table.newBatchWrite()) {
                rows.forEach(write::write);
                write.commit();
            }
            DataFileMeta paimons = files(load(paimon, "twin")).get(0);
            DataFileMeta stratas = files(table).get(0);
            if (placement.equals("embedded")) {
                assertThat(paimons.embeddedIndex()).isNotNull();
                assertThat(stratas.embeddedIndex()).isEqualTo(paimons.embeddedIndex());
                assertThat(stratas.extraFiles()).isEmpty();
            } else {
                assertThat(paimons.embeddedIndex()).isNull();
                assertThat(stratas.embeddedIndex()).isNull();
                assertThat(stratas.extraFiles()).containsExactly(stratas.fileName() + ".index");
                byte[] expected = Files.readAllBytes(paimon.tablePath("db", "twin").resolve("bucket-0")
                        .resolve(paimons.extraFiles().get(0)));
                assertThat(Files.readAllBytes(paimon.tablePath("db", "t").resolve("bucket-0")
                        .resolve(stratas.extraFiles().get(0)))).isEqualTo(expected);
            }
            // Each reads the other's index: a name no file holds plans nothing (embedded) and reads nothing.
            PredicateBuilder strata = new PredicateBuilder(TYPE);
            for (String t : List.of("twin", "t")) {
                Table read = load(paimon, t);
                assertThat(strataPlannedFiles(read, strata.equal("name", Utf8String.fromString("nobody"))))
                        .as(t).isZero();
                assertThat(strataPlannedFiles(read, strata.equal("name", Utf8String.fromString("name-8")))).as(t).isOne();
                assertThat(TestRows.readAll(read, read.newScan().filter(strata.equal("name",
                        Utf8String.fromString("name-8"))).plan())).as(t).contains("[8, name-8, 8]");
            }
            org.apache.paimon.predicate.Predicate nobody = paimonPredicates().equal(1, BinaryString.fromString("nobody"));
            if (placement.equals("embedded")) {
                assertThat(paimonPlannedFiles(paimon, "t", nobody)).isZero();
            }
            assertThat(paimonPlannedFiles(paimon, "t", paimonPredicates().equal(1, BinaryString.fromString("name-8"))))
                    .isOne();
        }
    }

    /** The point query of the issue: 100 files, one holds the value; both engines plan that one file only. */
    @ParameterizedTest(name = "written by {0}")
    @CsvSource({"strata", "paimon"})
    void aPointQueryOnAnIndexedColumnPlansOneFileOfAHundred(String writer) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of(), List.of(), options("parquet",
                    "file-index.bloom-filter.columns", "name,code", "file-index.bloom-filter.name.items", "20",
                    "file-index.bloom-filter.name.fpp", "0.001", "file-index.bloom-filter.code.items", "20",
                    "file-index.bloom-filter.code.fpp", "0.001", "file-index.in-manifest-threshold", "1 kb"));
            Table table = load(paimon, "t");
            for (int f = 0; f < 100; f++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    // Names and codes are not ordered across files: min/max statistics cannot skip any file.
                    rows.add(row(f * 20 + i, "n" + ((f * 7919 + i * 104729) % 100_003), (long) ((i * 37 + f * 101) % 9973)));
                }
                rows.add(row(-f, i0(f), 5_000_000L + f));
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
            assertThat(files(table)).hasSize(100);
            PredicateBuilder strata = new PredicateBuilder(TYPE);
            Predicate one = strata.equal("name", Utf8String.fromString(i0(42)));
            assertThat(strataPlannedFiles(table, one)).isOne();
            assertThat(TestRows.readAll(table, table.newScan().filter(one).plan())).contains("[-42, " + i0(42) + ", 5000042]");
            assertThat(strataPlannedFiles(table, strata.in("code", 5_000_042L, 5_000_077L))).isEqualTo(2);
            assertThat(strataPlannedFiles(table, PredicateBuilder.and(one, strata.equal("code", 5_000_042L)))).isOne();
            assertThat(strataPlannedFiles(table, strata.equal("name", Utf8String.fromString("absent")))).isZero();
            // Conditions a bloom filter cannot answer skip nothing.
            assertThat(strataPlannedFiles(table, strata.notEqual("name", Utf8String.fromString(i0(42))))).isEqualTo(100);
            assertThat(strataPlannedFiles(table, PredicateBuilder.or(one, strata.equal("name",
                    Utf8String.fromString(i0(77)))))).isEqualTo(2);
            // An OR with a condition no index answers keeps what the statistics keep.
            assertThat(strataPlannedFiles(table, PredicateBuilder.or(one, strata.isNull("id")))).isGreaterThan(1);
            // Paimon plans the same query against the same table alike.
            assertThat(paimonPlannedFiles(paimon, "t", paimonPredicates().equal(1, BinaryString.fromString(i0(42)))))
                    .isOne();
        }
    }

    /**
     * Primary-key tables index the values of every record (Paimon writes the same bytes); a scan skips by them
     * only where no merge is needed: files above level 0 of a deletion-vector table. Without deletion vectors an
     * updated value still in an older file must not hide or resurrect a row, so nothing is skipped.
     */
    @ParameterizedTest(name = "deletion vectors {0}")
    @CsvSource({"true", "false"})
    void primaryKeyTablesSkipByIndexOnlyWithDeletionVectors(boolean deletionVectors) throws Exception {
        RowType pkType = new RowType(List.of(new DataField(0, "id", DataTypes.INT().withNullable(false)),
                TYPE.fields().get(1), TYPE.fields().get(2)));
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", pkType, List.of(), List.of("id"), Map.of("bucket", "1",
                    "deletion-vectors.enabled", String.valueOf(deletionVectors), "file.format", "orc",
                    "file-index.bloom-filter.columns", "name", "file-index.bloom-filter.name.items", "50",
                    "file-index.bloom-filter.name.fpp", "0.001", "num-sorted-run.compaction-trigger", "50"));
            Table table = load(paimon, "t");
            for (int c = 0; c < 6; c++) {
                try (BatchWrite write = table.newBatchWrite()) {
                    for (int i = 0; i < 10; i++) {
                        write.write(row(c * 10 + i, "v" + c + "-" + i, (long) c));
                    }
                    // Key 0 is renamed at every commit: only its last name matches.
                    write.write(row(0, "zero-" + c, (long) c));
                    write.commit();
                }
            }
            PredicateBuilder strata = new PredicateBuilder(pkType);
            Predicate old = strata.equal("name", Utf8String.fromString("zero-2"));
            Predicate latest = strata.equal("name", Utf8String.fromString("zero-5"));
            Predicate other = strata.equal("name", Utf8String.fromString("v3-4"));
            int all = strataPlannedFiles(table, null);
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), pkType)).contains("[0, zero-5, 5]")
                    .doesNotContain("[0, zero-2, 2]");
            // Filters are applied to the rows read, so every plan reads the right rows.
            assertThat(TestRows.readAll(table, table.newScan().filter(latest).plan())).containsExactly("[0, zero-5, 5]");
            assertThat(TestRows.readAll(table, table.newScan().filter(old).plan())).isEmpty();
            assertThat(TestRows.readAll(table, table.newScan().filter(other).plan())).containsExactly("[34, v3-4, 3]");
            if (deletionVectors) {
                assertThat(all).isGreaterThan(1);
                assertThat(strataPlannedFiles(table, other)).isOne();
                assertThat(strataPlannedFiles(table, latest)).isOne();
            } else {
                assertThat(strataPlannedFiles(table, other)).isEqualTo(all);
            }
        }
    }

    private static String i0(int f) {
        return "point-" + f;
    }

    @Test
    void badIndexOptionsAndFilesAreRefusedNamingThem() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "bsi", TYPE, List.of(), List.of(), options("orc",
                    "file-index.bsi.columns", "id"));
            Table bsi = load(paimon, "bsi");
            assertThat(TestRows.readAll(bsi)).isEmpty();
            assertThatThrownBy(bsi::newBatchWrite).hasMessageContaining("'file-index.bsi.columns' = 'id'")
                    .hasMessageContaining("bloom-filter");
            Map<String, String> unknownColumn = new HashMap<>(options("orc", "file-index.bloom-filter.columns", "nope"));
            assertThatThrownBy(() -> new io.strata.schema.SchemaManager(FileIO.local(),
                    new org.apache.hadoop.fs.Path(warehouse.resolve("x").toUri())).createTable(
                    io.strata.schema.Schema.newBuilder().column("id", DataTypes.INT()).options(unknownColumn).build()))
                    .hasMessageContaining("'nope'");
            assertThatThrownBy(() -> new io.strata.schema.SchemaManager(FileIO.local(),
                    new org.apache.hadoop.fs.Path(warehouse.resolve("y").toUri())).createTable(
                    io.strata.schema.Schema.newBuilder().column("flag", DataTypes.BOOLEAN())
                            .options(options("orc", "file-index.bloom-filter.columns", "flag")).build()))
                    .hasMessageContaining("'flag'").hasMessageContaining("BOOLEAN");

            // A corrupt separate index fails the scan that needs it, naming the file.
            paimon.createTable("db", "t", TYPE, List.of(), List.of(), options("orc", "file-index.bloom-filter.columns",
                    "name", "file-index.bloom-filter.name.items", "5000"));
            Table table = load(paimon, "t");
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(row(1, "a", 1L));
                write.commit();
            }
            DataFileMeta file = files(table).get(0);
            Path index = paimon.tablePath("db", "t").resolve("bucket-0").resolve(file.extraFiles().get(0));
            Files.write(index, new byte[] {1, 2, 3});
            assertThatThrownBy(() -> table.newScan().filter(new PredicateBuilder(TYPE).equal("name",
                    Utf8String.fromString("a"))).plan()).hasMessageContaining(index.getFileName().toString());
            assertThat(TestRows.readAll(table)).containsExactly("[1, a, 1]");
        }
    }
}
