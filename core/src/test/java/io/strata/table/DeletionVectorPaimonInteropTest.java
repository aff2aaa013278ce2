package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.Snapshot;
import io.strata.table.commit.CommitHooks;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Deletion-vector tables with Apache Paimon 1.4.2 as the oracle, both ways: Strata writes and compacts
 * (inserts, updates, deletes over many commits), Paimon reads the same rows, writes and compacts on
 * top, and Strata reads Paimon's result; Paimon writes and compacts, Strata reads, writes and compacts
 * on top, and Paimon reads Strata's result. Every merge engine Paimon allows with deletion vectors,
 * partitioned and not, ORC and Parquet; each step is also checked against a model of the merge engine.
 */
class DeletionVectorPaimonInteropTest {

    @TempDir
    Path warehouse;

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "name", DataTypes.STRING()),
            new DataField(3, "amount", DataTypes.BIGINT())));

    /** What the table should hold, merged as the table's engine merges (name and amount of each key). */
    private static final class Model {
        final String engine;
        final Map<String, GenericRow> rows = new TreeMap<>();

        Model(String engine) {
            this.engine = engine;
        }

        boolean takesDeletes() {
            return engine.startsWith("deduplicate");
        }

        void apply(GenericRow r) {
            String key = r.getString(0) + "/" + r.getInt(1);
            if (r.kind() == RowKind.DELETE) {
                rows.remove(key);
                return;
            }
            GenericRow old = rows.get(key);
            String name = r.isNullAt(2) ? null : r.getString(2).toString();
            Long amount = r.isNullAt(3) ? null : r.getLong(3);
            if (old != null && !engine.startsWith("deduplicate")) {
                String oldName = old.isNullAt(2) ? null : old.getString(2).toString();
                Long oldAmount = old.isNullAt(3) ? null : old.getLong(3);
                // partial-update: non-null fields overwrite; aggregation: name last_non_null_value, amount sum.
                name = name == null ? oldName : name;
                if (engine.equals("aggregation")) {
                    amount = amount == null ? oldAmount : oldAmount == null ? amount : Long.valueOf(oldAmount + amount);
                } else {
                    amount = amount == null ? oldAmount : amount;
                }
            }
            rows.put(key, row(RowKind.INSERT, r.getString(0).toString(), r.getInt(1), name, amount));
        }

        List<String> expected() {
            return TestRows.formatAll(new ArrayList<>(rows.values()), TYPE);
        }
    }

    private static GenericRow row(RowKind kind, String p, int id, String name, Long amount) {
        return GenericRow.ofKind(kind, Utf8String.fromString(p), id, name == null ? null : Utf8String.fromString(name), amount);
    }

    /** One commit of random upserts (some with nulls) and, where the engine takes them, deletes. */
    private static List<GenericRow> commitRows(Random random, Model model, boolean partitioned, int commit) {
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            String p = partitioned ? "p" + random.nextInt(2) : "all";
            int id = random.nextInt(150);
            GenericRow r;
            if (model.takesDeletes() && model.rows.containsKey(p + "/" + id) && random.nextInt(5) == 0) {
                r = row(RowKind.DELETE, p, id, null, null);
            } else {
                r = row(random.nextBoolean() ? RowKind.INSERT : RowKind.UPDATE_AFTER, p, id,
                        random.nextInt(6) == 0 ? null : "c" + commit + "-" + i,
                        random.nextInt(6) == 0 ? null : (long) random.nextInt(1000));
            }
            rows.add(r);
            model.apply(r);
        }
        return rows;
    }

    private static Map<String, String> options(String engine, String format) {
        Map<String, String> options = new HashMap<>(Map.of("bucket", "2", "file.format", format,
                "deletion-vectors.enabled", "true", "num-sorted-run.compaction-trigger", "3"));
        switch (engine) {
            case "partial-update" -> options.put("merge-engine", "partial-update");
            case "aggregation" -> {
                options.put("merge-engine", "aggregation");
                options.put("fields.amount.aggregate-function", "sum");
            }
            case "deduplicate-lookup" -> options.put("changelog-producer", "lookup");
            case "deduplicate-input" -> options.put("changelog-producer", "input");
            default -> { }
        }
        return options;
    }

    private static Table load(PaimonOracle paimon) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
    }

    private static List<String> paimonRows(PaimonOracle paimon) {
        return TestRows.formatAll(paimon.readAll("db", "t"), TYPE);
    }

    private static void create(PaimonOracle paimon, String engine, String format, boolean partitioned) {
        paimon.createTable("db", "t", TYPE, partitioned ? List.of("p") : List.of(), List.of("p", "id"),
                options(engine, format));
    }

    private static int deletionVectorFiles(Table table) throws Exception {
        Snapshot latest = table.latestSnapshot().orElseThrow();
        int n = 0;
        for (List<IndexManifestEntry> entries : TableStore.of(table).snapshotFiles().deletionIndexFiles(latest).values()) {
            for (IndexManifestEntry e : entries) {
                n += e.indexFile().dvRanges() == null ? 0 : e.indexFile().dvRanges().size();
            }
        }
        return n;
    }

    // Each merge engine with one format here and the other in the opposite direction below (the verify time).
    @ParameterizedTest(name = "{0} {1} partitioned={2}")
    @CsvSource({
        "deduplicate,orc,true",
        "deduplicate,parquet,false",
        "deduplicate-lookup,parquet,true",
        "deduplicate-input,orc,false",
        "partial-update,parquet,true",
        "aggregation,orc,true"})
    void paimonReadsWhatStrataWroteThenWritesAndCompactsOnTop(String engine, String format, boolean partitioned)
            throws Exception {
        Random random = new Random(engine.hashCode() * 31L + format.hashCode());
        Model model = new Model(engine);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            create(paimon, engine, format, partitioned);
            Table table = load(paimon);
            int vectorsSeen = 0;
            try (StreamWrite w = table.newStreamWrite("strata-dv")) {
                for (int c = 1; c <= 10; c++) {
                    commitRows(random, model, partitioned, c).forEach(w::write);
                    w.commit(c);
                    assertThat(TestRows.readAll(table)).as("Strata's read after commit %d", c).isEqualTo(model.expected());
                    vectorsSeen = Math.max(vectorsSeen, deletionVectorFiles(table));
                    if (c % 3 == 0) {
                        assertThat(paimonRows(paimon)).as("Paimon's read after commit %d", c).isEqualTo(model.expected());
                    }
                }
            }
            // A batch write, then a policy compaction of Strata's.
            try (BatchWrite w = table.newBatchWrite()) {
                commitRows(random, model, partitioned, 11).forEach(w::write);
                w.commit();
            }
            table.newCompaction().policy().run();
            vectorsSeen = Math.max(vectorsSeen, deletionVectorFiles(table));
            assertThat(vectorsSeen).as("Strata's compactions wrote deletion vectors").isPositive();
            assertThat(paimonRows(paimon)).isEqualTo(model.expected());
            assertThat(TestRows.readAll(table)).isEqualTo(model.expected());

            // Paimon writes on top of Strata's levels and vectors, then compacts fully; Strata reads its result.
            paimon.write("db", "t", commitRows(random, model, partitioned, 12));
            assertThat(paimonRows(paimon)).isEqualTo(model.expected());
            assertThat(TestRows.readAll(load(paimon))).isEqualTo(model.expected());
            paimon.write("db", "t", commitRows(random, model, partitioned, 13));
            paimon.compact("db", "t");
            assertThat(paimonRows(paimon)).isEqualTo(model.expected());
            assertThat(TestRows.readAll(load(paimon))).isEqualTo(model.expected());
        }
    }

    @ParameterizedTest(name = "{0} {1} partitioned={2}")
    @CsvSource({
        "deduplicate,parquet,true",
        "deduplicate,orc,false",
        "deduplicate-lookup,orc,true",
        "partial-update,orc,true",
        "aggregation,parquet,true"})
    void strataReadsWritesAndCompactsWhatPaimonWrote(String engine, String format, boolean partitioned) throws Exception {
        Random random = new Random(engine.hashCode() * 17L + format.hashCode() + (partitioned ? 1 : 0));
        Model model = new Model(engine);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            create(paimon, engine, format, partitioned);
            for (int c = 1; c <= 5; c++) {
                paimon.write("db", "t", commitRows(random, model, partitioned, c));
                if (c == 2) {
                    paimon.compact("db", "t");
                }
            }
            Table table = load(paimon);
            assertThat(paimonRows(paimon)).isEqualTo(model.expected());
            assertThat(TestRows.readAll(table)).as("Strata reads Paimon's table").isEqualTo(model.expected());
            assertThat(deletionVectorFiles(table)).as("Paimon's compactions wrote deletion vectors").isPositive();

            // Strata writes and compacts on top of Paimon's levels and vectors.
            try (StreamWrite w = table.newStreamWrite("strata-dv")) {
                for (int c = 6; c <= 10; c++) {
                    commitRows(random, model, partitioned, c).forEach(w::write);
                    w.commit(c);
                    assertThat(TestRows.readAll(table)).as("Strata's read after commit %d", c).isEqualTo(model.expected());
                    assertThat(paimonRows(paimon)).as("Paimon's read after commit %d", c).isEqualTo(model.expected());
                }
            }
            try (BatchWrite w = table.newBatchWrite()) {
                commitRows(random, model, partitioned, 11).forEach(w::write);
                w.commit();
            }
            assertThat(paimonRows(paimon)).isEqualTo(model.expected());
            // And Paimon once more on top of Strata, then Strata's full compaction.
            paimon.write("db", "t", commitRows(random, model, partitioned, 12));
            assertThat(TestRows.readAll(table)).isEqualTo(model.expected());
            table.compactFull();
            assertThat(paimonRows(paimon)).isEqualTo(model.expected());
            assertThat(TestRows.readAll(table)).isEqualTo(model.expected());
            List<ManifestEntry> live = TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null);
            int maxLevel = table.schema().tableOptions().numLevels() - 1;
            assertThat(live).allSatisfy(e -> assertThat(e.file().level()).isEqualTo(maxLevel));
            assertThat(deletionVectorFiles(table)).isZero();
        }
    }

    /** Append tables with deletion vectors: Strata writes plain appends, as Paimon does; both read them. */
    @ParameterizedTest
    @CsvSource({"orc", "parquet"})
    void appendTablesWithVectorsTakePlainAppends(String format) throws Exception {
        Random random = new Random(3);
        List<GenericRow> all = new ArrayList<>();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of(),
                    Map.of("file.format", format, "deletion-vectors.enabled", "true"));
            Table table = load(paimon);
            for (int c = 1; c <= 3; c++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    rows.add(row(RowKind.INSERT, "p" + random.nextInt(2), random.nextInt(100), "c" + c, (long) i));
                }
                all.addAll(rows);
                if (c == 2) {
                    paimon.write("db", "t", rows);
                } else {
                    try (BatchWrite w = table.newBatchWrite()) {
                        rows.forEach(w::write);
                        w.commit();
                    }
                }
            }
            List<String> expected = TestRows.formatAll(all, TYPE);
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
            assertThat(table.latestSnapshot().orElseThrow().indexManifest()).isNull();
            table.compactFull();
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            paimon.compact("db", "t");
            assertThat(TestRows.readAll(load(paimon))).isEqualTo(expected);
        }
    }

    /**
     * Vectors on an append table (as a {@code DELETE} in Spark writes them: an index file by data file
     * name): Paimon and Strata skip the deleted rows, and Strata's full compaction rewrites the files
     * without them and drops the vectors.
     */
    @org.junit.jupiter.api.Test
    void appendTableVectorsAreAppliedAndCompactedAway() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of(), List.of(),
                    Map.of("file.format", "parquet", "deletion-vectors.enabled", "true"));
            List<GenericRow> all = new ArrayList<>();
            for (int c = 0; c < 2; c++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 30; i++) {
                    rows.add(row(RowKind.INSERT, "all", c * 100 + i, "c" + c, (long) i));
                }
                paimon.write("db", "t", rows);
                all.addAll(rows);
            }
            Table table = load(paimon);
            List<ManifestEntry> files = TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null);
            assertThat(files).hasSize(2);
            // Delete rows 0, 5 and 29 of each file: its rows are in write order, so those with amount 0, 5 and 29.
            Map<String, io.strata.manifest.DeletionVector> vectors = new java.util.LinkedHashMap<>();
            for (ManifestEntry e : files) {
                vectors.put(e.file().fileName(), io.strata.manifest.DeletionVector.of(0, 5, 29));
            }
            List<GenericRow> kept = all.stream().filter(r -> r.getLong(3) != 0 && r.getLong(3) != 5 && r.getLong(3) != 29)
                    .toList();
            io.strata.manifest.IndexFileMeta index = new io.strata.manifest.DeletionVectorIndexFile(table.fileIO(),
                    TableStore.of(table).paths().indexDirectory()).write(vectors);
            try (CommitHooks hooks = CommitHooks.open(table)) {
                new FileStoreCommit(TableStore.of(table), "spark-delete", hooks).commit(List.of(), List.of(), List.of(
                        new IndexManifestEntry(io.strata.manifest.FileKind.ADD, files.get(0).partition(), 0, index)),
                        Long.MAX_VALUE, io.strata.snapshot.CommitKind.APPEND);
            }
            List<String> expected = TestRows.formatAll(kept, TYPE);
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
            table.compactFull();
            assertThat(table.latestSnapshot().orElseThrow().indexManifest()).isNull();
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
        }
    }
}
