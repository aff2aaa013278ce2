package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowComparator;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.lsm.CompactResult;
import io.strata.lsm.CompactStrategy;
import io.strata.lsm.CompactUnit;
import io.strata.lsm.Levels;
import io.strata.lsm.MergeTreeCompactTask;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.FileSource;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.commit.CommitHooks;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.compact.MergeTreeCompactRewriter;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compaction interop with Apache Paimon 1.4.2: Paimon reads what Strata's compactions wrote (levels,
 * upgraded files, COMPACT snapshots) and keeps writing and compacting on top; Strata compacts a table
 * Paimon wrote and Paimon still reads it the same.
 */
class CompactionPaimonInteropTest {

    @TempDir
    Path warehouse;

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "name", DataTypes.STRING()),
            new DataField(3, "amount", DataTypes.BIGINT())));

    private static GenericRow row(RowKind kind, String p, int id, String name, Long amount) {
        return GenericRow.ofKind(kind, Utf8String.fromString(p), id, name == null ? null : Utf8String.fromString(name), amount);
    }

    /** One commit of random upserts (some with nulls) and deletes, applied to the model too. */
    private static List<GenericRow> commitRows(Random random, Map<String, GenericRow> model, int commit) {
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String p = "p" + random.nextInt(2);
            int id = random.nextInt(120);
            String key = p + "/" + id;
            if (model.containsKey(key) && random.nextInt(5) == 0) {
                rows.add(row(RowKind.DELETE, p, id, null, null));
                model.remove(key);
            } else {
                String name = random.nextInt(8) == 0 ? null : "c" + commit + "-" + i;
                GenericRow r = row(model.containsKey(key) ? RowKind.UPDATE_AFTER : RowKind.INSERT, p, id, name,
                        random.nextInt(8) == 0 ? null : random.nextLong());
                rows.add(r);
                model.put(key, row(RowKind.INSERT, p, id, name, r.isNullAt(3) ? null : r.getLong(3)));
            }
        }
        return rows;
    }

    private static Table load(PaimonOracle paimon) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
    }

    private static List<String> paimonRows(PaimonOracle paimon) {
        return TestRows.formatAll(paimon.readAll("db", "t"), TYPE);
    }

    private static Map<String, String> options(String format) {
        return Map.of("bucket", "2", "file.format", format, "num-sorted-run.compaction-trigger", "2",
                "num-sorted-run.stop-trigger", "3");
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet"})
    void paimonReadsWritesAndCompactsWhatStrataCompacted(String format) throws Exception {
        Random random = new Random(11);
        Map<String, GenericRow> model = new TreeMap<>();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options(format));
            Table table = load(paimon);
            try (StreamWrite w = table.newStreamWrite("strata-stream")) {
                for (int c = 1; c <= 12; c++) {
                    commitRows(random, model, c).forEach(w::write);
                    w.commit(c);
                    List<String> expected = TestRows.formatAll(new ArrayList<>(model.values()), TYPE);
                    assertThat(TestRows.readAll(table)).isEqualTo(expected);
                    if (c % 4 == 0) {
                        assertThat(paimonRows(paimon)).as("Paimon's read after commit %d", c).isEqualTo(expected);
                    }
                }
            }
            List<Snapshot> snapshots = table.snapshots().snapshots();
            assertThat(snapshots).anySatisfy(s -> assertThat(s.commitKind()).isEqualTo(CommitKind.COMPACT));
            List<ManifestEntry> live = TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null);
            assertThat(live).anySatisfy(e -> assertThat(e.file().level()).isPositive());

            // Paimon writes on top of Strata's levels and compacts them fully; Strata reads its result.
            paimon.write("db", "t", commitRows(random, model, 13));
            paimon.compact("db", "t");
            List<String> expected = TestRows.formatAll(new ArrayList<>(model.values()), TYPE);
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(load(paimon))).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"orc"})
    void strataCompactsWhatPaimonWroteAndPaimonReadsItTheSame(String format) throws Exception {
        Random random = new Random(5);
        Map<String, GenericRow> model = new TreeMap<>();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"),
                    Map.of("bucket", "2", "file.format", format, "num-sorted-run.stop-trigger", "5"));
            for (int c = 1; c <= 4; c++) {
                paimon.write("db", "t", commitRows(random, model, c));
            }
            Table table = load(paimon);
            // Four batches stay below Paimon's trigger (5 runs): level-0 files only. Strata's stream write
            // adds runs until its commits must compact (stop trigger 5).
            assertThat(TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null))
                    .allSatisfy(e -> assertThat(e.file().level()).isZero());
            try (StreamWrite w = table.newStreamWrite("strata-compactor")) {
                for (int c = 5; c <= 7; c++) {
                    commitRows(random, model, c).forEach(w::write);
                    w.commit(c);
                }
            }
            assertThat(table.snapshots().snapshots()).anySatisfy(s -> {
                assertThat(s.commitKind()).isEqualTo(CommitKind.COMPACT);
                assertThat(s.commitUser()).isEqualTo("strata-compactor");
            });
            List<String> expected = TestRows.formatAll(new ArrayList<>(model.values()), TYPE);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            // And Strata's full compaction of the whole table.
            table.compactFull();
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null))
                    .allSatisfy(e -> assertThat(e.file().level()).isEqualTo(5));
        }
    }

    /**
     * The rewriter reduces keys with the table's merge function: Paimon writes partial-update and
     * aggregation tables (level-0 files only), Strata fully compacts every bucket, Paimon reads the same.
     */
    @ParameterizedTest
    @ValueSource(strings = {"partial-update", "aggregation"})
    void everyMergeEngineCompactsAsItReads(String engine) throws Exception {
        Random random = new Random(17);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            Map<String, String> options = new java.util.HashMap<>(Map.of("bucket", "2", "merge-engine", engine,
                    "write-only", "true", "file.format", "parquet"));
            if (engine.equals("aggregation")) {
                options.put("fields.amount.aggregate-function", "sum");
            }
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options);
            for (int c = 1; c <= 4; c++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    rows.add(row(RowKind.INSERT, "p" + random.nextInt(2), random.nextInt(40),
                            random.nextInt(3) == 0 ? null : "c" + c + "-" + i, random.nextInt(3) == 0 ? null : (long) i));
                }
                paimon.write("db", "t", rows);
            }
            List<String> expected = paimonRows(paimon);
            Table table = load(paimon);
            Map<SnapshotFiles.BucketKey, List<DataFileMeta>> buckets = new LinkedHashMap<>();
            for (ManifestEntry e : TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null)) {
                buckets.computeIfAbsent(new SnapshotFiles.BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>())
                        .add(e.file());
            }
            RowComparator keys = RowComparator.of(table.schema().trimmedPrimaryKeyType());
            MergeFunctionFactory mergeFunctions = new MergeFunctionFactory(table.schema());
            DataFileNames names = new DataFileNames();
            List<ManifestEntry> changes = new ArrayList<>();
            for (Map.Entry<SnapshotFiles.BucketKey, List<DataFileMeta>> b : buckets.entrySet()) {
                Levels levels = new Levels(keys, b.getValue(), 6);
                CompactUnit unit = CompactStrategy.pickFullCompaction(6, levels.levelSortedRuns()).orElseThrow();
                CompactResult result = new MergeTreeCompactTask(keys, new MergeTreeCompactRewriter(TableStore.of(table), mergeFunctions,
                        b.getKey().partition(), b.getKey().bucket(), names), unit, true, 5, 1000).call();
                result.before().forEach(f -> changes.add(new ManifestEntry(FileKind.DELETE, b.getKey().partition(),
                        b.getKey().bucket(), 2, f)));
                result.after().forEach(f -> changes.add(new ManifestEntry(FileKind.ADD, b.getKey().partition(),
                        b.getKey().bucket(), 2, f)));
            }
            try (CommitHooks hooks = CommitHooks.open(table)) {
                new FileStoreCommit(TableStore.of(table), "strata-test", hooks).commit(changes, Long.MAX_VALUE, CommitKind.COMPACT);
            }
            List<ManifestEntry> live = TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null);
            assertThat(live).hasSize(buckets.size()).allSatisfy(e -> {
                assertThat(e.file().level()).isEqualTo(5);
                assertThat(e.file().fileSource()).isEqualTo(FileSource.COMPACT);
            });
            assertThat(paimonRows(paimon)).isEqualTo(expected);
            assertThat(TestRows.readAll(table)).isEqualTo(expected);
        }
    }
}
