package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.manifest.FileKind;
import io.strata.manifest.FileSource;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFileMeta;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Universal compaction beside the stream writer: the sorted-run bound, COMPACT snapshots, upgrades, full compactions. */
class CompactionTest {

    @TempDir
    Path dir;

    private Table create(String name, String... options) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder b = Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.BIGINT())
                .primaryKey("id")
                .option("bucket", "1");
        for (int i = 0; i < options.length; i += 2) {
            b.option(options[i], options[i + 1]);
        }
        return catalog.createTable(Identifier.of("db", name), b.build(), false);
    }

    private static GenericRow row(RowKind kind, int id, String name, long amount) {
        return GenericRow.ofKind(kind, id, Utf8String.fromString(name), amount);
    }

    static List<ManifestEntry> liveFiles(Table table, Snapshot snapshot) throws Exception {
        return TableStore.of(table).snapshotFiles().liveEntries(snapshot, null);
    }

    /** Level-0 files plus the non-empty levels above, per bucket: what a read of the bucket merges. */
    static Map<Integer, Integer> sortedRunsPerBucket(Table table, Snapshot snapshot) throws Exception {
        Map<Integer, Integer> level0 = new TreeMap<>();
        Map<Integer, Set<Integer>> upper = new HashMap<>();
        for (ManifestEntry e : liveFiles(table, snapshot)) {
            if (e.file().level() == 0) {
                level0.merge(e.bucket(), 1, Integer::sum);
            } else {
                level0.putIfAbsent(e.bucket(), 0);
                upper.computeIfAbsent(e.bucket(), k -> new HashSet<>()).add(e.file().level());
            }
        }
        Map<Integer, Integer> runs = new TreeMap<>();
        level0.forEach((bucket, n) -> runs.put(bucket, n + upper.getOrDefault(bucket, Set.of()).size()));
        return runs;
    }

    /** The entries of a snapshot's delta manifests: what that commit changed. */
    static List<ManifestEntry> delta(Table table, Snapshot snapshot) throws Exception {
        SnapshotFiles files = TableStore.of(table).snapshotFiles();
        List<ManifestEntry> out = new ArrayList<>();
        for (ManifestFileMeta m : files.manifestList().read(snapshot.deltaManifestList())) {
            out.addAll(files.manifestFile(Long.MAX_VALUE).read(m.fileName()));
        }
        return out;
    }

    private static List<String> expected(Map<Integer, GenericRow> model, Table table) {
        return TestRows.formatAll(new ArrayList<>(model.values()), table.schema().rowType());
    }

    /**
     * The bound: 100 commits of upserts and deletes into one bucket; after every commit the
     * snapshot's bucket has at most num-sorted-run.stop-trigger sorted runs and reads like the model.
     */
    @ParameterizedTest(name = "{0} trigger={1} stop={2}")
    @CsvSource({"parquet,5,", "orc,2,3"})
    void hundredCommitsStayWithinTheStopTriggerAndReadLikeTheModel(String format, int trigger, Integer stop)
            throws Exception {
        List<String> options = new ArrayList<>(List.of("file.format", format,
                "num-sorted-run.compaction-trigger", String.valueOf(trigger)));
        if (stop != null) {
            options.addAll(List.of("num-sorted-run.stop-trigger", String.valueOf(stop)));
        }
        Table table = create("bound_" + format, options.toArray(String[]::new));
        int stopTrigger = stop != null ? Math.max(trigger, stop) : trigger + 3;
        Random random = new Random(7);
        Map<Integer, GenericRow> model = new TreeMap<>();
        int maxRuns = 0;
        try (StreamWrite w = table.newStreamWrite("bound-test")) {
            for (long commit = 1; commit <= 100; commit++) {
                int rows = 20 + random.nextInt(60);
                for (int i = 0; i < rows; i++) {
                    int id = random.nextInt(400);
                    if (random.nextInt(6) == 0) {
                        w.delete(row(RowKind.DELETE, id, "", 0));
                        model.remove(id);
                    } else {
                        GenericRow up = row(RowKind.INSERT, id, "n" + commit + "-" + i, random.nextLong());
                        w.write(up);
                        model.put(id, up);
                    }
                }
                assertThat(w.commit(commit)).isPositive();
                Snapshot latest = table.latestSnapshot().orElseThrow();
                int runs = sortedRunsPerBucket(table, latest).get(0);
                maxRuns = Math.max(maxRuns, runs);
                assertThat(runs).as("sorted runs after commit %d", commit).isLessThanOrEqualTo(stopTrigger);
                assertThat(TestRows.readAll(table)).as("rows after commit %d", commit).isEqualTo(expected(model, table));
            }
        }
        List<Snapshot> snapshots = table.snapshots().snapshots();
        long compacts = snapshots.stream().filter(s -> s.commitKind() == CommitKind.COMPACT).count();
        long appends = snapshots.stream().filter(s -> s.commitKind() == CommitKind.APPEND).count();
        assertThat(appends).isEqualTo(100);
        assertThat(compacts).isGreaterThan(5);
        assertThat(snapshots).allSatisfy(s -> assertThat(s.commitKind()).isIn(CommitKind.APPEND, CommitKind.COMPACT));
        for (Snapshot s : snapshots) {
            List<ManifestEntry> changes = delta(table, s);
            if (s.commitKind() == CommitKind.APPEND) {
                // Flushed files only, all new at level 0.
                assertThat(changes).allSatisfy(e -> {
                    assertThat(e.kind()).isEqualTo(FileKind.ADD);
                    assertThat(e.file().level()).isZero();
                    assertThat(e.file().fileSource()).isEqualTo(FileSource.APPEND);
                });
            } else {
                // A COMPACT snapshot follows the APPEND of the same commit identifier.
                assertThat(table.snapshots().snapshot(s.id() - 1).commitIdentifier()).isEqualTo(s.commitIdentifier());
                assertThat(changes).anySatisfy(e -> assertThat(e.kind()).isEqualTo(FileKind.DELETE));
                assertThat(changes).filteredOn(e -> e.kind() == FileKind.ADD).allSatisfy(e -> assertThat(e.file().level()).isPositive());
            }
        }
        assertThat(maxRuns).isLessThanOrEqualTo(stopTrigger);
        System.out.printf("compaction bound %s trigger=%d stop=%d: %d COMPACT snapshots in 100 commits, max %d sorted runs%n",
                format, trigger, stopTrigger, compacts, maxRuns);
    }

    @Test
    void aFileThatOverlapsNothingMovesUpWithoutRewriteAndAnOverlappedOneIsRewritten() throws Exception {
        Table table = create("upgrade", "num-sorted-run.compaction-trigger", "2", "target-file-size", "2 kb",
                "full-compaction.delta-commits", "3");
        Set<String> appended = new TreeSet<>();
        try (StreamWrite w = table.newStreamWrite("upgrade-test")) {
            for (int c = 0; c < 3; c++) {
                for (int id = c * 1000; id < c * 1000 + 200; id++) {
                    w.write(row(RowKind.INSERT, id, "name-of-" + id + "-padded-to-be-longer", id * 7L));
                }
                w.commit(c + 1);
            }
            Snapshot afterFull = table.latestSnapshot().orElseThrow();
            for (Snapshot s : table.snapshots().snapshots()) {
                if (s.commitKind() == CommitKind.APPEND) {
                    delta(table, s).forEach(e -> appended.add(e.file().fileName()));
                }
            }
            List<ManifestEntry> live = liveFiles(table, afterFull);
            assertThat(appended).hasSize(3);
            assertThat(live).allSatisfy(e -> {
                assertThat(e.file().level()).isEqualTo(2);
                assertThat(e.file().fileSource()).isEqualTo(FileSource.APPEND);
            });
            assertThat(live).extracting(e -> e.file().fileName()).containsExactlyInAnyOrderElementsOf(appended);
            // Every upgrade is DELETE at the old level and ADD at the new one, same file.
            for (Snapshot s : table.snapshots().snapshots()) {
                if (s.commitKind() == CommitKind.COMPACT) {
                    List<ManifestEntry> changes = delta(table, s);
                    for (ManifestEntry add : changes) {
                        if (add.kind() == FileKind.ADD) {
                            assertThat(changes).anySatisfy(del -> {
                                assertThat(del.kind()).isEqualTo(FileKind.DELETE);
                                assertThat(del.file().fileName()).isEqualTo(add.file().fileName());
                                assertThat(del.file().level()).isLessThan(add.file().level());
                            });
                        }
                    }
                }
            }
            // An update inside the first file's key range: the next full compaction rewrites that range only.
            for (int id = 100; id < 110; id++) {
                w.write(row(RowKind.INSERT, id, "updated", -id));
            }
            w.commit(4);
            w.commit(5);
            w.commit(6);
        }
        List<ManifestEntry> live = liveFiles(table, table.latestSnapshot().orElseThrow());
        assertThat(live).allSatisfy(e -> assertThat(e.file().level()).isEqualTo(2));
        List<String> names = live.stream().map(e -> e.file().fileName()).toList();
        List<String> firstThree = new ArrayList<>(appended);
        long kept = names.stream().filter(appended::contains).count();
        assertThat(kept).as("untouched files kept, the overlapped one rewritten: %s vs %s", names, firstThree).isEqualTo(2);
        assertThat(live).filteredOn(e -> !appended.contains(e.file().fileName()))
                .allSatisfy(e -> assertThat(e.file().fileSource()).isEqualTo(FileSource.COMPACT));
        List<String> rows = TestRows.readAll(table);
        assertThat(rows).hasSize(600).contains("[105, updated, -105]");
    }

    @Test
    void fullCompactionDeltaCommitsLeavesOneRunAtTheMaxLevelEveryNthCommit() throws Exception {
        Table table = create("delta", "bucket", "2", "full-compaction.delta-commits", "2");
        Random random = new Random(3);
        Map<Integer, GenericRow> model = new TreeMap<>();
        try (StreamWrite w = table.newStreamWrite("delta-test")) {
            for (int c = 1; c <= 6; c++) {
                for (int i = 0; i < 100; i++) {
                    int id = random.nextInt(150);
                    if (random.nextInt(4) == 0) {
                        w.delete(row(RowKind.DELETE, id, "", 0));
                        model.remove(id);
                    } else {
                        GenericRow r = row(RowKind.INSERT, id, "c" + c, i);
                        w.write(r);
                        model.put(id, r);
                    }
                }
                w.commit(c);
                Snapshot latest = table.latestSnapshot().orElseThrow();
                if (c % 2 == 0) {
                    assertThat(latest.commitKind()).isEqualTo(CommitKind.COMPACT);
                    List<ManifestEntry> live = liveFiles(table, latest);
                    // num-levels = trigger + 1 = 6: max level 5; deletes dropped there.
                    assertThat(live).allSatisfy(e -> {
                        assertThat(e.file().level()).isEqualTo(5);
                        assertThat(e.file().deleteRowCount()).isZero();
                    });
                    assertThat(sortedRunsPerBucket(table, latest).values()).containsOnly(1);
                } else {
                    assertThat(latest.commitKind()).isEqualTo(CommitKind.APPEND);
                }
                assertThat(TestRows.readAll(table)).isEqualTo(expected(model, table));
            }
        }
    }

    @Test
    void aBatchWriteCompactsFullyOnlyWhenAskedTo() throws Exception {
        Table plain = create("batch_plain");
        Table full = create("batch_full", "full-compaction.delta-commits", "1");
        for (Table table : List.of(plain, full)) {
            for (int c = 0; c < 6; c++) {
                try (BatchWrite w = table.newBatchWrite()) {
                    for (int id = 0; id < 50; id++) {
                        w.write(row(RowKind.INSERT, id, "c" + c, c));
                    }
                    w.commit();
                }
            }
        }
        assertThat(plain.snapshots().snapshots()).hasSize(6)
                .allSatisfy(s -> assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND));
        assertThat(sortedRunsPerBucket(plain, plain.latestSnapshot().orElseThrow())).containsEntry(0, 6);
        assertThat(full.snapshots().snapshots()).hasSize(12);
        assertThat(sortedRunsPerBucket(full, full.latestSnapshot().orElseThrow())).containsEntry(0, 1);
        assertThat(TestRows.readAll(full)).isEqualTo(TestRows.readAll(plain)).hasSize(50);
    }

    @Test
    void writeOnlyTablesAreNotCompactedByTheStreamWrite() throws Exception {
        Table table = create("write_only", "write-only", "true", "num-sorted-run.compaction-trigger", "2");
        try (StreamWrite w = table.newStreamWrite("wo")) {
            for (int c = 1; c <= 6; c++) {
                w.write(row(RowKind.INSERT, c, "x", c));
                w.commit(c);
            }
        }
        assertThat(table.snapshots().snapshots()).allSatisfy(s -> assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND));
        assertThat(sortedRunsPerBucket(table, table.latestSnapshot().orElseThrow())).containsEntry(0, 6);
    }

    @Test
    void invalidCompactionOptionsNameTheOption() {
        for (String[] bad : List.of(
                new String[] {"compaction.size-ratio", "-1"},
                new String[] {"compaction.max-size-amplification-percent", "lots"},
                new String[] {"num-sorted-run.stop-trigger", "0"},
                new String[] {"full-compaction.delta-commits", "0"},
                new String[] {"write-only", "maybe"})) {
            assertThatThrownBy(() -> create("bad" + Math.abs(bad[0].hashCode()), bad))
                    .as(bad[0]).hasMessageContaining("'" + bad[0] + "'");
        }
        Table levels = create("bad_levels", "num-levels", "1");
        assertThatThrownBy(() -> levels.newStreamWrite("u")).hasMessageContaining("'num-levels'")
                .hasMessageContaining(levels.location().toString());
        Table trigger = create("bad_trigger", "num-sorted-run.compaction-trigger", "0");
        assertThatThrownBy(trigger::newBatchWrite).hasMessageContaining("'num-sorted-run.compaction-trigger'");
        Table ok = create("no_user");
        assertThatThrownBy(() -> ok.newStreamWrite(" ")).hasMessageContaining("commit user");
    }
}
