package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.format.ColumnarBatch;
import io.strata.format.ColumnarRow;
import io.strata.format.FileFormat;
import io.strata.format.FormatReader;
import io.strata.format.registry.FormatFactories;
import io.strata.fs.FileIO;
import io.strata.lsm.DataFileReadType;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.Rows;
import io.strata.schema.Schema;
import io.strata.schema.SchemaChange;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Tables with {@code file.format = avro} with Apache Paimon 1.4.2 as the oracle, both ways: Paimon creates
 * and writes, Strata reads, writes and compacts on top, Paimon reads it back (and the reverse); the Avro
 * primary-key files Paimon's postpone-bucket tables keep their waiting rows in, read by Strata's Avro reader
 * in its full key-value layout; tables Avro cannot hold are refused.
 */
class AvroPaimonInteropTest {

    @TempDir
    Path warehouse;

    /**
     * p (partition), k (key), columns of the types whose Avro encoding has the most to get wrong (every type
     * is covered value by value in format/avro/AvroPaimonOracleTest), nested columns.
     */
    static RowType tableType() {
        List<DataField> fields = new ArrayList<>();
        fields.add(new DataField(0, "p", DataTypes.STRING().withNullable(false)));
        fields.add(new DataField(1, "k", DataTypes.INT().withNullable(false)));
        fields.add(new DataField(2, "tiny", DataTypes.TINYINT()));
        fields.add(new DataField(3, "dec", DataTypes.DECIMAL(10, 2)));
        fields.add(new DataField(4, "big_dec", DataTypes.DECIMAL(38, 10)));
        fields.add(new DataField(5, "ts", DataTypes.TIMESTAMP(6)));
        fields.add(new DataField(6, "ltz", DataTypes.TIMESTAMP_LTZ(3)));
        fields.add(new DataField(7, "str", DataTypes.VARCHAR(30)));
        fields.add(new DataField(8, "bin", DataTypes.BYTES()));
        fields.add(new DataField(9, "day", DataTypes.DATE()));
        fields.add(new DataField(10, "time", DataTypes.TIME(3)));
        fields.add(new DataField(11, "dbl", DataTypes.DOUBLE()));
        fields.add(new DataField(12, "arr_rows", DataTypes.ARRAY(new RowType(List.of(
                new DataField(1000, "x", DataTypes.INT()), new DataField(1001, "y", DataTypes.STRING()))))));
        fields.add(new DataField(13, "m", DataTypes.MAP(DataTypes.INT().withNullable(false), DataTypes.BIGINT())));
        fields.add(new DataField(14, "r", new RowType(List.of(new DataField(1002, "a", DataTypes.DECIMAL(20, 2)),
                new DataField(1003, "b", DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.STRING())))))));
        fields.add(new DataField(15, "ms", new MultisetType(DataTypes.STRING(), true)));
        return new RowType(fields);
    }

    private static Map<String, String> options(boolean primaryKey) {
        Map<String, String> options = new HashMap<>();
        options.put("file.format", "avro");
        options.put("bucket", primaryKey ? "2" : "-1");
        return options;
    }

    private static List<String> strataRows(Table table) throws Exception {
        List<GenericRow> rows = new ArrayList<>();
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = read.open(split)) {
                while (it.hasNext()) {
                    rows.add(GenericRow.copyOf(it.next(), plan.readType()));
                }
            }
        }
        return Rows.sorted(rows, plan.readType());
    }

    private static void write(Table table, List<GenericRow> rows) throws Exception {
        try (BatchWrite w = table.newBatchWrite()) {
            for (GenericRow r : rows) {
                w.write(r);
            }
            w.commit();
        }
    }

    private static List<String> dataFileExtensions(Path table) throws Exception {
        return fileExtensions(table, "data-");
    }

    private static List<String> fileExtensions(Path table, String prefix) throws Exception {
        try (Stream<Path> files = Files.walk(table)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(prefix))
                    .map(n -> n.substring(n.lastIndexOf('.') + 1)).distinct().toList();
        }
    }

    @ParameterizedTest(name = "primaryKey={0}")
    @ValueSource(booleans = {true, false})
    void paimonCreatesAndWritesStrataReadsWritesAndCompacts(boolean primaryKey) throws Exception {
        RowType type = tableType();
        List<List<GenericRow>> history = PaimonInteropTest.history(type, primaryKey, true, 71, 3);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), primaryKey ? List.of("p", "k") : List.of(),
                    options(primaryKey));
            paimon.write("db", "t", history.get(0));
            paimon.write("db", "t", history.get(1));
            Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
            assertThat(strataRows(table)).isEqualTo(Rows.sorted(paimon.readAll("db", "t"), type));

            write(table, history.get(2));
            assertThat(Rows.sorted(paimon.readAll("db", "t"), type)).isEqualTo(strataRows(table));
            table.compactFull();
            assertThat(Rows.sorted(paimon.readAll("db", "t"), type)).isEqualTo(strataRows(table));
            assertThat(dataFileExtensions(paimon.tablePath("db", "t"))).containsExactly("avro");
        }
    }

    @ParameterizedTest(name = "primaryKey={0}")
    @ValueSource(booleans = {true, false})
    void strataCreatesAndWritesPaimonReadsWritesAndCompacts(boolean primaryKey) throws Exception {
        RowType type = tableType();
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder();
        for (DataField f : type.fields()) {
            schema.column(f.name(), f.type());
        }
        schema.partitionKeys("p");
        if (primaryKey) {
            schema.primaryKey("p", "k");
        }
        schema.options(options(primaryKey));
        Table table = catalog.createTable(Identifier.of("db", "t"), schema.build(), false);
        List<List<GenericRow>> history = PaimonInteropTest.history(type, primaryKey, true, 72, 3);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            write(table, history.get(0));
            write(table, history.get(1));
            assertThat(Rows.sorted(paimon.readAll("db", "t"), type)).isEqualTo(strataRows(table));

            paimon.write("db", "t", history.get(2));
            paimon.compact("db", "t");
            assertThat(strataRows(table)).isEqualTo(Rows.sorted(paimon.readAll("db", "t"), type));
            assertThat(dataFileExtensions(paimon.tablePath("db", "t"))).containsExactly("avro");
        }
    }

    /**
     * A postpone-bucket table's waiting rows are Avro primary-key files ({@code _KEY_} columns, sequence
     * number, row kind, values), written with {@code metadata.stats-mode = none}, in arrival order (not
     * sorted by key) and without sequence numbers: every row's is -1 (Paimon's {@code UNKNOWN_SEQUENCE}); the
     * postpone compaction numbers them in file order. Strata's reader reads one in that layout, by name and
     * by id through the file's write type, row for row.
     */
    @Test
    void postponeBucketFilesReadInTheirKeyValueLayout() throws Exception {
        RowType type = new RowType(List.of(
                new DataField(0, "p", DataTypes.STRING().withNullable(false)),
                new DataField(1, "id", DataTypes.INT().withNullable(false)),
                new DataField(2, "name", DataTypes.STRING()),
                new DataField(3, "amount", DataTypes.DECIMAL(12, 2))));
        List<GenericRow> written = List.of(
                row(RowKind.INSERT, 3, "three", 300), row(RowKind.INSERT, 1, "one", 100),
                row(RowKind.UPDATE_AFTER, 3, "THREE", 301), row(RowKind.DELETE, 1, "one", 100),
                row(RowKind.INSERT, 2, null, 0));
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "id"), Map.of("bucket", "-2"));
            paimon.write("db", "t", written);
            List<Path> files;
            try (Stream<Path> list = Files.list(paimon.tablePath("db", "t").resolve("p=a").resolve("bucket-postpone"))) {
                files = list.filter(f -> f.getFileName().toString().startsWith("data-")).toList();
            }
            assertThat(files).hasSize(1);
            assertThat(files.get(0).getFileName().toString()).endsWith(".avro");

            RowType keyValue = keyValueType(type, List.of(type.field(1)));
            org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(files.get(0).toUri());
            List<String> expected = new ArrayList<>();
            for (GenericRow w : written) {
                expected.add(Rows.canonical(GenericRow.of(w.get(1), -1L, w.kind().toByteValue(), w.get(0), w.get(1),
                        w.get(2), w.get(3)), keyValue));
            }
            assertThat(readFile(file, keyValue, null)).isEqualTo(expected);
            assertThat(readFile(file, keyValue, keyValue)).isEqualTo(expected);
        }
    }

    private static GenericRow row(RowKind kind, int id, String name, long cents) {
        GenericRow r = GenericRow.of(Utf8String.fromString("a"), id, name == null ? null : Utf8String.fromString(name),
                io.strata.data.Decimal.fromUnscaledLong(cents, 12, 2));
        r.setKind(kind);
        return r;
    }

    /** {@code _KEY_<k>} per key column (ids shifted), {@code _SEQUENCE_NUMBER}, {@code _VALUE_KIND}, the values. */
    private static RowType keyValueType(RowType valueType, List<DataField> keys) {
        List<DataField> fields = new ArrayList<>();
        for (DataField k : keys) {
            fields.add(new DataField(k.id() + DataFileReadType.KEY_FIELD_ID_START, DataFileReadType.KEY_PREFIX + k.name(),
                    k.type()));
        }
        fields.addAll(DataFileReadType.systemFields());
        fields.addAll(valueType.fields());
        return new RowType(fields);
    }

    private static List<String> readFile(org.apache.hadoop.fs.Path file, RowType readType, RowType writeType)
            throws Exception {
        List<String> rows = new ArrayList<>();
        try (FormatReader reader = FormatFactories.of(FileFormat.AVRO).createReader(FileIO.local(), file, readType,
                writeType, 2, null)) {
            ColumnarBatch batch;
            while ((batch = reader.nextBatch()) != null) {
                ColumnarRow row = new ColumnarRow(batch.columns());
                for (int i = 0; i < batch.numRows(); i++) {
                    rows.add(Rows.canonical(GenericRow.copyOf(row.at(i), readType), readType));
                }
            }
        }
        return rows;
    }

    /**
     * Paimon's {@code file.format.per.level} (Avro at level 0, Parquet above), both ways: Paimon's files are read by
     * their extension; Strata's writes put level 0 in Avro and its full compaction writes Parquet at the top level;
     * Paimon reads every state.
     */
    @Test
    void perLevelFormatsAreReadAndWrittenBothWays() throws Exception {
        RowType type = tableType();
        List<List<GenericRow>> history = PaimonInteropTest.history(type, true, true, 73, 5);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "k"),
                    Map.of("bucket", "1", "file.format", "parquet", "file.format.per.level", "0:avro"));
            // Two level-0 files, merged into Parquet (a lone level-0 file is moved up as it is, still Avro).
            paimon.write("db", "t", history.get(0));
            paimon.write("db", "t", history.get(1));
            paimon.compact("db", "t");
            paimon.write("db", "t", history.get(2));
            assertThat(fileExtensions(paimon.tablePath("db", "t"), "data-")).containsExactlyInAnyOrder("avro", "parquet");

            Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
            assertThat(strataRows(table)).isEqualTo(Rows.sorted(paimon.readAll("db", "t"), type));
            write(table, history.get(3));
            assertThat(newestLevel0Extension(table)).isEqualTo("avro");
            assertThat(Rows.sorted(paimon.readAll("db", "t"), type)).isEqualTo(strataRows(table));
            table.compactFull();
            assertThat(liveExtensions(table)).containsExactly("parquet");
            paimon.write("db", "t", history.get(4));
            assertThat(Rows.sorted(paimon.readAll("db", "t"), type)).isEqualTo(strataRows(table));
        }
    }

    /**
     * Strata's table with a format and a compression per level and changelog files of their own format
     * ({@code changelog-file.format}, {@code changelog-file.compression}): each file gets what Paimon would give it,
     * and Paimon reads the rows and the changelog.
     */
    @Test
    void strataWritesEachLevelAndTheChangelogInTheirFormats() throws Exception {
        RowType type = new RowType(List.of(new DataField(0, "k", DataTypes.INT().withNullable(false)),
                new DataField(1, "v", DataTypes.STRING())));
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Table table = catalog.createTable(Identifier.of("db", "levels"), Schema.newBuilder()
                .column("k", DataTypes.INT().withNullable(false)).column("v", DataTypes.STRING()).primaryKey("k")
                .option("bucket", "1").option("file.format", "parquet").option("file.format.per.level", "0:avro")
                .option("file.compression.per.level", "0:snappy").option("changelog-producer", "input")
                .option("changelog-file.format", "orc").option("changelog-file.compression", "lz4").build(), false);
        write(table, List.of(GenericRow.of(1, Utf8String.fromString("a")), GenericRow.of(2, Utf8String.fromString("b"))));
        write(table, List.of(GenericRow.of(1, Utf8String.fromString("a2"))));
        Path root = Path.of(table.location().toUri());
        assertThat(fileExtensions(root, "data-")).containsExactly("avro");
        assertThat(fileExtensions(root, "changelog-")).containsExactly("orc");
        try (Stream<Path> files = Files.walk(root)) {
            Path avro = files.filter(f -> f.getFileName().toString().endsWith(".avro")).findFirst().orElseThrow();
            try (org.apache.avro.file.DataFileReader<Object> reader = new org.apache.avro.file.DataFileReader<>(
                    avro.toFile(), new org.apache.avro.generic.GenericDatumReader<>())) {
                assertThat(reader.getMetaString("avro.codec")).as("level 0's compression").isEqualTo("snappy");
            }
        }
        table.compactFull();
        assertThat(liveExtensions(table)).containsExactly("parquet");
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            assertThat(Rows.sorted(paimon.readAll("db", "levels"), type)).isEqualTo(strataRows(table))
                    .containsExactly("+I[1, a2]", "+I[2, b]");
            List<String> changelog = new ArrayList<>();
            for (GenericRow r : paimon.readChanges("db", "levels", Map.of("incremental-between", "0,2"))) {
                changelog.add(r.kind().shortString() + Rows.values(r, type));
            }
            assertThat(changelog).containsExactlyInAnyOrder("+I1, a", "+I2, b", "+I1, a2");
        }
    }

    /** The live data files of the latest snapshot. */
    private static List<io.strata.manifest.DataFileMeta> liveFiles(Table table) throws Exception {
        io.strata.table.store.TableStore store = io.strata.table.store.TableStore.of(table);
        return store.snapshotFiles().liveEntries(store.snapshotManager().latestSnapshot().orElseThrow(), null).stream()
                .map(io.strata.manifest.ManifestEntry::file).toList();
    }

    /** The format of the level-0 file of the latest write. */
    private static String newestLevel0Extension(Table table) throws Exception {
        return liveFiles(table).stream().filter(f -> f.level() == 0)
                .max(java.util.Comparator.comparingLong(io.strata.manifest.DataFileMeta::maxSequenceNumber))
                .map(f -> extension(f.fileName())).orElseThrow();
    }

    private static List<String> liveExtensions(Table table) throws Exception {
        return liveFiles(table).stream().map(f -> extension(f.fileName())).distinct().toList();
    }

    private static String extension(String fileName) {
        return fileName.substring(fileName.lastIndexOf('.') + 1);
    }

    @Test
    void tablesAvroCannotHoldAreRefusedNamingTheColumnOrOption() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder precise = Schema.newBuilder().column("id", DataTypes.INT()).column("ts", DataTypes.TIMESTAMP(9))
                .option("file.format", "avro");
        assertThatThrownBy(() -> catalog.createTable(Identifier.of("db", "a"), precise.build(), false))
                .hasMessageContaining("Column 'ts' has type TIMESTAMP(9)");
        Schema.Builder lz4 = Schema.newBuilder().column("id", DataTypes.INT())
                .option("file.format", "avro").option("file.compression", "lz4");
        assertThatThrownBy(() -> catalog.createTable(Identifier.of("db", "b"), lz4.build(), false))
                .hasMessageContaining("file.compression 'lz4'");

        Identifier parquet = Identifier.of("db", "c");
        catalog.createTable(parquet, Schema.newBuilder().column("id", DataTypes.INT())
                .column("ts", DataTypes.TIMESTAMP(9)).build(), false);
        assertThatThrownBy(() -> catalog.alterTable(parquet, SchemaChange.setOption("file.format", "avro")))
                .hasMessageContaining("Column 'ts' has type TIMESTAMP(9)");

        Identifier avro = Identifier.of("db", "d");
        catalog.createTable(avro, Schema.newBuilder().column("id", DataTypes.INT()).column("v", DataTypes.STRING())
                .option("file.format", "avro").build(), false);
        assertThatThrownBy(() -> catalog.alterTable(avro, SchemaChange.addColumn("t", DataTypes.TIME(9), null)))
                .hasMessageContaining("Column 't' has type TIME(9)");
        // A level's codec is checked against that level's format.
        Schema.Builder levelCodec = Schema.newBuilder().column("id", DataTypes.INT())
                .option("file.format.per.level", "0:avro").option("file.compression.per.level", "0:lz4");
        assertThatThrownBy(() -> catalog.createTable(Identifier.of("db", "e"), levelCodec.build(), false))
                .hasMessageContaining("'lz4'");
    }
}
