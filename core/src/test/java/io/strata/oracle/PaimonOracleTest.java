package io.strata.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Proves the oracle: what it writes through Paimon, Paimon reads back, merged, for every type. */
class PaimonOracleTest {

    private static final String DB = "db";

    @TempDir
    Path warehouse;

    /** id, part, every atomic type, and nested types, with field ids that are not positions. */
    static RowType wideType() {
        List<DataField> fields = new ArrayList<>();
        fields.add(new DataField(0, "id", DataTypes.INT().withNullable(false)));
        fields.add(new DataField(1, "part", DataTypes.STRING().withNullable(false)));
        List<AtomicType> atomics = RandomRows.atomicTypes();
        for (int i = 0; i < atomics.size(); i++) {
            fields.add(new DataField(10 + i, "a" + i, atomics.get(i)));
        }
        fields.add(new DataField(100, "arr", DataTypes.ARRAY(DataTypes.INT())));
        fields.add(new DataField(101, "map", DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.DECIMAL(38, 4))));
        fields.add(new DataField(102, "nested", DataTypes.ROW(
                new DataField(103, "x", DataTypes.BIGINT()),
                new DataField(104, "ys", DataTypes.ARRAY(DataTypes.TIMESTAMP(6))))));
        fields.add(new DataField(105, "bag", new MultisetType(DataTypes.STRING().withNullable(false), true)));
        fields.add(new DataField(106, "arr_of_rows", DataTypes.ARRAY(DataTypes.ROW(
                new DataField(107, "k", DataTypes.VARCHAR(10)), new DataField(108, "v", DataTypes.BYTES())))));
        return new RowType(fields);
    }

    /** Each format with and without partitions and with 1 and 3 buckets, every pair of choices once. */
    static Stream<Arguments> layouts() {
        return Stream.of(
                Arguments.of("orc", false, 1),
                Arguments.of("orc", true, 3),
                Arguments.of("parquet", false, 3),
                Arguments.of("parquet", true, 1));
    }

    private List<GenericRow> randomRows(RandomRows random, RowType type, int count, int keyRange) {
        List<GenericRow> rows = random.rows(type, count);
        for (GenericRow row : rows) {
            row.set(0, random.random().nextInt(keyRange));
            row.set(1, Utf8String.fromString("p" + random.random().nextInt(3)));
        }
        return rows;
    }

    @ParameterizedTest(name = "pk {0} partitioned={1} buckets={2}")
    @MethodSource("layouts")
    void primaryKeyTableRoundTripsAfterMerge(String format, boolean partitioned, int buckets) {
        RowType type = wideType();
        List<String> partitionKeys = partitioned ? List.of("part") : List.of();
        List<String> primaryKeys = partitioned ? List.of("part", "id") : List.of("id", "part");
        Map<String, String> options = Map.of("bucket", Integer.toString(buckets), "file.format", format);
        RandomRows random = new RandomRows(format.hashCode() * 31L + buckets * 7L + (partitioned ? 1 : 0)).fileSafe();
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            oracle.createTable(DB, "t", type, partitionKeys, primaryKeys, options);
            assertThat(oracle.readAll(DB, "t")).isEmpty();

            List<GenericRow> changes = new ArrayList<>(randomRows(random, type, 300, 150));
            oracle.write(DB, "t", changes);
            List<GenericRow> afterFirst = Rows.deduplicate(changes, type, primaryKeys);

            // Second commit: updates (-U/+U pairs), deletes and new rows over the same keys.
            List<GenericRow> second = new ArrayList<>();
            for (GenericRow row : randomRows(random, type, 200, 200)) {
                int dice = random.random().nextInt(4);
                if (dice == 0) {
                    row.setKind(RowKind.DELETE);
                } else if (dice == 1) {
                    GenericRow before = copyWithKind(row, type, RowKind.UPDATE_BEFORE);
                    second.add(before);
                    row.setKind(RowKind.UPDATE_AFTER);
                }
                second.add(row);
            }
            oracle.write(DB, "t", second);
            changes.addAll(second);
            List<GenericRow> expected = Rows.deduplicate(changes, type, primaryKeys);

            assertThat(Rows.difference(oracle.readAll(DB, "t"), expected, type)).isEmpty();
            assertThat(Rows.difference(oracle.readAll(DB, "t", 1), afterFirst, type)).isEmpty();

            oracle.compact(DB, "t");
            assertThat(Rows.difference(oracle.readAll(DB, "t"), expected, type)).isEmpty();
            assertThat(bucketDirectories(oracle.tablePath(DB, "t"))).allMatch(b -> b < buckets);
            assertThat(oracle.rowType(DB, "t")).isEqualTo(type);
        }
    }

    @ParameterizedTest(name = "append {0} partitioned={1} buckets={2}")
    @MethodSource("layouts")
    void appendTableRoundTrips(String format, boolean partitioned, int buckets) {
        RowType type = wideType();
        List<String> partitionKeys = partitioned ? List.of("part") : List.of();
        Map<String, String> options = Map.of("bucket", Integer.toString(buckets), "bucket-key", "id", "file.format", format);
        RandomRows random = new RandomRows(format.hashCode() * 17L + buckets + (partitioned ? 5 : 0)).fileSafe();
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            oracle.createTable(DB, "t", type, partitionKeys, List.of(), options);
            List<GenericRow> first = randomRows(random, type, 200, 50);
            List<GenericRow> second = randomRows(random, type, 100, 50);
            oracle.write(DB, "t", first);
            oracle.write(DB, "t", second);
            List<GenericRow> all = new ArrayList<>(first);
            all.addAll(second);

            assertThat(Rows.difference(oracle.readAll(DB, "t"), all, type)).isEmpty();
            assertThat(Rows.difference(oracle.readAll(DB, "t", 1), first, type)).isEmpty();
            oracle.compact(DB, "t");
            assertThat(Rows.difference(oracle.readAll(DB, "t"), all, type)).isEmpty();
        }
    }

    /** Primary-key variants later tests rely on: dynamic bucket, deletion vectors, changelog, thin mode. */
    static Stream<Arguments> primaryKeyOptions() {
        return Stream.of(
                Arguments.of(Map.of()),
                Arguments.of(Map.of("bucket", "2", "deletion-vectors.enabled", "true")),
                Arguments.of(Map.of("bucket", "2", "changelog-producer", "input", "file.format", "orc")),
                Arguments.of(Map.of("bucket", "1", "data-file.thin-mode", "true")));
    }

    @ParameterizedTest(name = "pk {0}")
    @MethodSource("primaryKeyOptions")
    void primaryKeyVariantsRoundTripAndCompact(Map<String, String> options) {
        RowType type = RowType.of(
                new DataField(0, "id", DataTypes.INT().withNullable(false)),
                new DataField(1, "part", DataTypes.STRING().withNullable(false)),
                new DataField(2, "v", DataTypes.DECIMAL(38, 4)),
                new DataField(3, "ts", DataTypes.TIMESTAMP(6)));
        List<String> primaryKeys = List.of("part", "id");
        RandomRows random = new RandomRows(options.hashCode()).fileSafe();
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            oracle.createTable(DB, "t", type, List.of("part"), primaryKeys, options);
            List<GenericRow> changes = new ArrayList<>();
            for (int commit = 0; commit < 3; commit++) {
                List<GenericRow> rows = randomRows(random, type, 100, 80);
                for (GenericRow row : rows) {
                    if (commit > 0 && random.random().nextInt(4) == 0) {
                        row.setKind(RowKind.DELETE);
                    }
                }
                oracle.write(DB, "t", rows);
                changes.addAll(rows);
                if (commit == 1) {
                    oracle.compact(DB, "t");
                }
            }
            List<GenericRow> expected = Rows.deduplicate(changes, type, primaryKeys);
            assertThat(Rows.difference(oracle.readAll(DB, "t"), expected, type)).isEmpty();
            oracle.compact(DB, "t");
            assertThat(Rows.difference(oracle.readAll(DB, "t"), expected, type)).isEmpty();
            if (options.isEmpty() || options.containsKey("deletion-vectors.enabled")) {
                // Dynamic bucket keeps a HASH index, deletion vectors their index files.
                assertThat(oracle.tablePath(DB, "t").resolve("index")).isNotEmptyDirectory();
            }
        }
    }

    @Test
    void unbucketedAppendTableCompacts() {
        RowType type = wideType();
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            oracle.createTable(DB, "t", type, List.of("part"), List.of(), Map.of("file.format", "parquet"));
            RandomRows random = new RandomRows(7).fileSafe();
            List<GenericRow> all = new ArrayList<>();
            for (int commit = 0; commit < 3; commit++) {
                List<GenericRow> rows = randomRows(random, type, 40, 1000);
                oracle.write(DB, "t", rows);
                all.addAll(rows);
            }
            long snapshotsBefore = snapshotCount(oracle.tablePath(DB, "t"));
            assertThat(oracle.latestSnapshotId(DB, "t")).hasValue(3);
            oracle.compact(DB, "t");
            assertThat(snapshotCount(oracle.tablePath(DB, "t"))).isEqualTo(snapshotsBefore + 1);
            assertThat(oracle.latestSnapshotId(DB, "t")).hasValue(4);
            assertThat(Rows.difference(oracle.readAll(DB, "t"), all, type)).isEmpty();
        }
    }

    @Test
    void layoutIsPaimonsFilesystemCatalog() {
        RowType type = RowType.of(new DataField(0, "k", DataTypes.INT().withNullable(false)), new DataField(1, "v", DataTypes.STRING()));
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            oracle.createTable(DB, "t", type, List.of(), List.of("k"), Map.of("bucket", "1"));
            oracle.write(DB, "t", List.of(GenericRow.of(1, Utf8String.fromString("a"))));
            Path table = oracle.tablePath(DB, "t");
            assertThat(table).isEqualTo(warehouse.toAbsolutePath().resolve("db.db").resolve("t"));
            assertThat(table.resolve("schema/schema-0")).exists();
            assertThat(table.resolve("snapshot/snapshot-1")).exists();
            assertThat(table.resolve("bucket-0")).isDirectory();
            assertThat(Rows.sorted(oracle.readAll(DB, "t"), type)).containsExactly("+I[1, a]");
        }
    }

    @Test
    void errorsNameTheTable() {
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            assertThatThrownBy(() -> oracle.readAll(DB, "missing"))
                    .hasMessageContaining("db.missing")
                    .hasMessageContaining(warehouse.toAbsolutePath().toString());
        }
    }

    @Test
    void canonicalTextFollowsTheTypes() {
        RowType type = RowType.of(
                new DataField(0, "i", DataTypes.INT()),
                new DataField(1, "s", DataTypes.STRING()),
                new DataField(2, "d", DataTypes.DECIMAL(10, 2)),
                new DataField(3, "ts", DataTypes.TIMESTAMP(6)),
                new DataField(4, "t", DataTypes.TIME(0)),
                new DataField(5, "b", DataTypes.BYTES()),
                new DataField(6, "m", DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())));
        GenericRow row = GenericRow.of(
                1,
                Utf8String.fromString("a"),
                io.strata.data.Decimal.fromUnscaledLong(250, 10, 2),
                io.strata.data.Timestamp.fromLocalDateTime(java.time.LocalDateTime.parse("2024-01-01T00:00:00.123456")),
                3_600_000,
                new byte[] {10, -1},
                new io.strata.data.GenericMap(
                        new io.strata.data.GenericArray(new Object[] {Utf8String.fromString("z"), Utf8String.fromString("a")}),
                        new io.strata.data.GenericArray(new Object[] {1, null})));
        assertThat(Rows.canonical(row, type))
                .isEqualTo("+I[1, a, 2.50, 2024-01-01T00:00:00.123456, 01:00:00, 0x0aff, {a=null, z=1}]");
    }

    @Test
    void randomRowsAreSeededAndFitTheirTypes() {
        RowType type = RandomRows.allAtomicTypesRow();
        assertThat(Rows.sorted(Rows.random(type, 50, 3), type)).isEqualTo(Rows.sorted(Rows.random(type, 50, 3), type));
        assertThat(Rows.sorted(Rows.random(type, 50, 3), type)).isNotEqualTo(Rows.sorted(Rows.random(type, 50, 4), type));
        // Paimon's own serializer accepts every value (it checks decimal precision on conversion).
        for (GenericRow row : Rows.random(type, 500, 11)) {
            assertThat(PaimonValues.toStrataRow(PaimonValues.toPaimonBinaryRow(row, type), PaimonTypes.toPaimon(type)))
                    .satisfies(back -> assertThat(Rows.canonical(back, type)).isEqualTo(Rows.canonical(row, type)));
        }
    }

    private static GenericRow copyWithKind(GenericRow row, RowType type, RowKind kind) {
        GenericRow copy = GenericRow.copyOf(row, type);
        copy.setKind(kind);
        return copy;
    }

    private static List<Integer> bucketDirectories(Path table) {
        try (Stream<Path> files = Files.walk(table)) {
            return files.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("bucket-"))
                    .map(n -> Integer.parseInt(n.substring("bucket-".length())))
                    .toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long snapshotCount(Path table) {
        try (Stream<Path> files = Files.list(table.resolve("snapshot"))) {
            return files.filter(p -> p.getFileName().toString().startsWith("snapshot-")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
