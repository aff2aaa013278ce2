package io.strata.table;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.BOOLEAN;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericArray;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.Schema;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Strata writes tables of every merge engine it supports for writing (deduplicate with sequence fields
 * and ignore-delete, partial-update with sequence groups, aggregation with many functions), through a
 * write buffer of 16 kb so that it spills many times per commit: many keys, many commits with updates,
 * retractions and nulls, out-of-order sequence fields. After every few commits three reads must equal
 * the reference model ({@link MergeEngineWriteModel}): Strata's read of Strata's table, Paimon's read of
 * the same commits written by Paimon itself into a table of its own, and Paimon's read of Strata's table;
 * finally Strata fully compacts its table and both reads of it still equal the model.
 */
class MergeEngineWriteTest {

    private static final int COMMITS = 12;
    private static final int ROWS_PER_COMMIT = 1500;
    private static final int KEYS = 400;

    @TempDir
    Path strataWarehouse;

    @TempDir
    Path paimonWarehouse;

    /** Writes the same commits to a Strata and a Paimon table and checks both against the model. */
    private void run(RowType type, Map<String, String> options, MergeEngineWriteModel model,
            BiFunction<Random, Integer, GenericRow> rows, long seed, String format) throws Exception {
        Map<String, String> all = new HashMap<>(options);
        all.put("bucket", "2");
        all.put("file.format", format);
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(strataWarehouse.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder().primaryKey(type.field(0).name());
        for (DataField f : type.fields()) {
            schema.column(f.name(), f.type());
        }
        all.forEach(schema::option);
        // 16 kb: every commit spills its buffers many times (Paimon's own buffer cannot be that small).
        schema.option("write-buffer-size", "16 kb");
        Table strata = catalog.createTable(Identifier.of("db", "t"), schema.build(), false);
        RowType strataType = strata.schema().rowType();
        Random random = new Random(seed);
        try (PaimonOracle paimon = new PaimonOracle(paimonWarehouse);
                PaimonOracle paimonOnStrata = new PaimonOracle(strataWarehouse)) {
            Map<String, String> paimonOptions = new HashMap<>(all);
            // No compaction in Paimon's table: both tables hold one level-0 run per commit and bucket.
            paimonOptions.put("write-only", "true");
            paimon.createTable("db", "t", type, List.of(), List.of(type.field(0).name()), paimonOptions);
            int checks = 0;
            for (int c = 0; c < COMMITS; c++) {
                List<GenericRow> commit = new ArrayList<>();
                for (int i = 0; i < ROWS_PER_COMMIT; i++) {
                    commit.add(rows.apply(random, c));
                }
                try (BatchWrite w = strata.newBatchWrite()) {
                    Set<Path> before = spillDirectories();
                    for (GenericRow row : commit) {
                        w.write(row);
                    }
                    Set<Path> during = spillDirectories();
                    during.removeAll(before);
                    assertThat(during).as("the buffers spilled, commit %s", c).isNotEmpty();
                    w.commit();
                }
                paimon.write("db", "t", commit);
                model.commit(commit);
                if (c % 4 == 3 || c == COMMITS - 1) {
                    List<String> expected = TestRows.formatAll(model.read(), strataType);
                    assertThat(expected).as("rows after commit %s", c).hasSizeGreaterThan(KEYS / 4);
                    assertThat(TestRows.readAll(strata)).as("Strata reads Strata's table, commit %s", c)
                            .isEqualTo(expected);
                    assertThat(TestRows.formatAll(paimon.readAll("db", "t"), strataType))
                            .as("Paimon reads Paimon's table, commit %s", c).isEqualTo(expected);
                    assertThat(TestRows.formatAll(paimonOnStrata.readAll("db", "t"), strataType))
                            .as("Paimon reads Strata's table, commit %s", c).isEqualTo(expected);
                    checks++;
                }
            }
            assertThat(checks).isEqualTo(3);
            // Strata's full compaction merges the level-0 runs with the same merge function: nothing changes.
            List<String> expected = TestRows.formatAll(model.read(), strataType);
            assertThat(strata.compactFull()).isPositive();
            assertThat(TestRows.readAll(strata)).as("Strata reads Strata's compacted table").isEqualTo(expected);
            assertThat(TestRows.formatAll(paimonOnStrata.readAll("db", "t"), strataType))
                    .as("Paimon reads Strata's compacted table").isEqualTo(expected);
        }
    }

    /** The write buffers' spill directories now in the temp directory. */
    private static Set<Path> spillDirectories() throws IOException {
        try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return entries.filter(p -> p.getFileName().toString().startsWith("strata-spill-"))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }

    private Table createStrata(RowType type, String... options) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(strataWarehouse.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder().primaryKey(type.field(0).name()).option("bucket", "1");
        for (DataField f : type.fields()) {
            schema.column(f.name(), f.type());
        }
        for (int i = 0; i < options.length; i += 2) {
            schema.option(options[i], options[i + 1]);
        }
        return catalog.createTable(Identifier.of("db", "bad"), schema.build(), false);
    }

    @Test
    void firstRowTablesTakeOnlyTheLookupOrNoChangelogProducer() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(strataWarehouse)) {
            paimon.createTable("db", "fr", DEDUP, List.of(), List.of("k"), Map.of("merge-engine", "first-row", "bucket", "1"));
        }
        // Paimon refuses to create such a table: its options are changed behind its back.
        java.nio.file.Path schemaFile = strataWarehouse.resolve("db.db").resolve("fr").resolve("schema").resolve("schema-0");
        java.nio.file.Files.writeString(schemaFile, java.nio.file.Files.readString(schemaFile)
                .replace("\"merge-engine\" : \"first-row\"", "\"merge-engine\" : \"first-row\", \"changelog-producer\" : \"input\""));
        Table table = Tables.load(FileIO.local(),
                new org.apache.hadoop.fs.Path(strataWarehouse.resolve("db.db").resolve("fr").toUri()));
        assertThatThrownBy(table::newBatchWrite).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Table ").hasMessageContaining("fr")
                .hasMessageContaining("'changelog-producer' = 'input'").hasMessageContaining("first-row");
    }

    @Test
    void aRetractionTheAggregationCannotTakeFailsTheWriteNamingTableColumnAndOptions() throws Exception {
        Table table = createStrata(AGG, "merge-engine", "aggregation", "fields.la.aggregate-function", "listagg");
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1, 1L, 1, null, null, Utf8String.fromString("x"), null, null, null, null));
            assertThatThrownBy(() -> w.delete(GenericRow.of(1, 1L, 1, null, null, Utf8String.fromString("x"), null, null,
                    null, null)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Table ").hasMessageContaining("bad")
                    .hasMessageContaining("column 'la'").hasMessageContaining("'fields.la.aggregate-function'")
                    .hasMessageContaining("'fields.la.ignore-retract'");
        }
        assertThat(table.latestSnapshot()).isEmpty();
    }

    @Test
    void aDeleteOnAPartialUpdateTableWithoutDeleteRulesFailsTheWrite() throws Exception {
        Table table = createStrata(PARTIAL, "merge-engine", "partial-update");
        try (BatchWrite w = table.newBatchWrite()) {
            assertThatThrownBy(() -> w.delete(GenericRow.of(1, null, null, null, null, null, null, null)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bad")
                    .hasMessageContaining("'partial-update.remove-record-on-delete'").hasMessageContaining("'ignore-delete'");
        }
    }

    private static Utf8String maybeString(Random random, String prefix, int range) {
        return random.nextInt(5) == 0 ? null : Utf8String.fromString(prefix + random.nextInt(range));
    }

    private static Integer maybeInt(Random random, int range) {
        return random.nextInt(5) == 0 ? null : random.nextInt(range);
    }

    private static RowKind kind(Random random, int commit, int retractPercent) {
        int r = random.nextInt(100);
        if (commit == 0 || r >= 2 * retractPercent) {
            return random.nextInt(4) == 0 ? RowKind.UPDATE_AFTER : RowKind.INSERT;
        }
        return r < retractPercent ? RowKind.DELETE : RowKind.UPDATE_BEFORE;
    }

    // ---------------------------------------------------------------- deduplicate

    static final RowType DEDUP = new RowType(List.of(
            FIELD(0, "k", INT().withNullable(false)), FIELD(1, "ts", INT()), FIELD(2, "v", STRING()), FIELD(3, "n", BIGINT())));

    @ParameterizedTest(name = "{0} descending={1} ignoreDelete={2}")
    @CsvSource({"orc,true,true", "parquet,false,false"})
    void deduplicateWithSequenceFieldAndIgnoreDelete(String format, boolean descending, boolean ignoreDelete) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("sequence.field", "ts"));
        if (descending) {
            options.put("sequence.field.sort-order", "descending");
        }
        if (ignoreDelete) {
            options.put("ignore-delete", "true");
        }
        MergeEngineWriteModel model = new MergeEngineWriteModel(DEDUP, 0, 1, descending,
                kind -> kind.isAdd() || !ignoreDelete, records -> records.get(records.size() - 1));
        run(DEDUP, options, model, (random, c) -> {
            GenericRow row = GenericRow.of(random.nextInt(KEYS), random.nextInt(50), maybeString(random, "v", 1000),
                    random.nextInt(5) == 0 ? null : random.nextLong());
            row.setKind(kind(random, c, 8));
            return row;
        }, 11 + (descending ? 1 : 0) + (ignoreDelete ? 2 : 0), format);
    }

    // ---------------------------------------------------------------- partial-update

    static final RowType PARTIAL = new RowType(List.of(
            FIELD(0, "k", INT().withNullable(false)),
            FIELD(1, "g1", BIGINT()), FIELD(2, "a", STRING()), FIELD(3, "b", INT()),
            FIELD(4, "g2", INT()), FIELD(5, "c", STRING()), FIELD(6, "total", BIGINT()),
            FIELD(7, "free", STRING())));

    @ParameterizedTest(name = "{0}")
    @CsvSource({"parquet"})
    void partialUpdateWithSequenceGroups(String format) throws Exception {
        Map<String, String> options = Map.of("merge-engine", "partial-update",
                "fields.g1.sequence-group", "a,b", "fields.g2.sequence-group", "c,total",
                "fields.total.aggregate-function", "sum");
        MergeEngineWriteModel model = new MergeEngineWriteModel(PARTIAL, 0, -1, false, kind -> true,
                ReferenceMerges::partialUpdateWithGroups);
        run(PARTIAL, options, model, (random, c) -> {
            // Two sources: one writes group 1, the other group 2 (some rows both), sequence values out of order.
            int source = random.nextInt(5);
            boolean one = source != 1;
            boolean two = source != 0;
            GenericRow row = GenericRow.of(random.nextInt(KEYS),
                    one ? (Object) (long) random.nextInt(30) : null, one ? maybeString(random, "a", 100) : null,
                    one ? maybeInt(random, 100) : null,
                    two ? (Object) random.nextInt(30) : null, two ? maybeString(random, "c", 100) : null,
                    two && random.nextInt(4) > 0 ? (Object) (long) random.nextInt(1000) : null,
                    maybeString(random, "f", 100));
            row.setKind(kind(random, c, 6));
            return row;
        }, 21, format);
    }

    /** Without sequence groups: non-null fields overwrite, a -D deletes the row, a -U is ignored. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"orc"})
    void partialUpdateRemovingTheRecordOnDelete(String format) throws Exception {
        Map<String, String> options = Map.of("merge-engine", "partial-update",
                "partial-update.remove-record-on-delete", "true");
        MergeEngineWriteModel model = new MergeEngineWriteModel(PARTIAL, 0, -1, false, kind -> true,
                ReferenceMerges::partialUpdateRemoveOnDelete);
        run(PARTIAL, options, model, (random, c) -> {
            GenericRow row = GenericRow.of(random.nextInt(KEYS),
                    random.nextInt(3) == 0 ? null : (long) random.nextInt(30), maybeString(random, "a", 100),
                    maybeInt(random, 100), maybeInt(random, 30), maybeString(random, "c", 100),
                    random.nextInt(3) == 0 ? null : (long) random.nextInt(1000), maybeString(random, "f", 100));
            row.setKind(kind(random, c, 6));
            return row;
        }, 23, format);
    }



    // ---------------------------------------------------------------- aggregation

    static final RowType AGG = new RowType(List.of(
            FIELD(0, "k", INT().withNullable(false)),
            FIELD(1, "s", BIGINT()), FIELD(2, "mx", INT()), FIELD(3, "mn", STRING()), FIELD(4, "lnn", STRING()),
            FIELD(5, "la", STRING()), FIELD(6, "co", ARRAY(INT())), FIELD(7, "bo", BOOLEAN()), FIELD(8, "lv", INT()),
            FIELD(9, "d1", INT())));

    /**
     * {@code retract}: -U/-D records retract (functions that cannot are told to ignore retractions);
     * otherwise {@code aggregation.remove-record-on-delete}: -D records delete the row (no -U records).
     */
    @ParameterizedTest(name = "{0} retract={1}")
    @CsvSource({"orc,true", "parquet,false"})
    void aggregationWithManyFunctions(String format, boolean retract) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("merge-engine", "aggregation",
                "fields.s.aggregate-function", "sum", "fields.mx.aggregate-function", "max",
                "fields.mn.aggregate-function", "min", "fields.lnn.aggregate-function", "last_non_null_value",
                "fields.la.aggregate-function", "listagg", "fields.co.aggregate-function", "collect",
                "fields.bo.aggregate-function", "bool_or", "fields.lv.aggregate-function", "last_value",
                // d1 has no function of its own: the default applies.
                "fields.default-aggregate-function", "max"));
        if (retract) {
            for (String f : List.of("mx", "mn", "la", "bo", "d1")) {
                options.put("fields." + f + ".ignore-retract", "true");
            }
        } else {
            options.put("aggregation.remove-record-on-delete", "true");
        }
        MergeEngineWriteModel model = new MergeEngineWriteModel(AGG, 0, -1, false, kind -> true,
                records -> ReferenceMerges.aggregate(records, !retract));
        run(AGG, options, model, (random, c) -> {
            Object[] array = new Object[random.nextInt(3)];
            for (int i = 0; i < array.length; i++) {
                array[i] = maybeInt(random, 5);
            }
            GenericRow row = GenericRow.of(random.nextInt(KEYS),
                    random.nextInt(5) == 0 ? null : (long) random.nextInt(1000), maybeInt(random, 1000),
                    maybeString(random, "m", 1000), maybeString(random, "l", 1000), maybeString(random, "t", 10),
                    random.nextInt(4) == 0 ? null : new GenericArray(array),
                    random.nextInt(4) == 0 ? null : random.nextInt(5) == 0, maybeInt(random, 1000), maybeInt(random, 1000));
            RowKind kind = kind(random, c, retract ? 6 : 8);
            row.setKind(!retract && kind == RowKind.UPDATE_BEFORE ? RowKind.INSERT : kind);
            return row;
        }, 31 + (retract ? 1 : 0), format);
    }

}
