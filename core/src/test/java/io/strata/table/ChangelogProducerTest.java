package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.fs.FileIO;
import io.strata.manifest.ManifestEntry;
import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.TableStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Changelog producers on Strata's stream writes, against the reference model of {@link ChangelogWorkload}
 * (seeded, many keys, many commits with updates, deletes, nulls and out-of-order sequence values): the
 * merged read equals the model, and the changelog files (every snapshot's, in order, read with Strata's
 * file readers) are what each producer promises: the input itself ({@code input}); a replay that
 * rebuilds the table after every commit ({@code lookup}) or after every full compaction
 * ({@code full-compaction}).
 */
class ChangelogProducerTest {

    @TempDir
    Path warehouse;

    private Table create(String name, String engine, String producer, Map<String, String> extra) {
        Map<String, String> options = new HashMap<>(ChangelogWorkload.engineOptions(engine));
        options.put("bucket", "2");
        options.put("changelog-producer", producer);
        options.put("num-sorted-run.compaction-trigger", "2");
        options.putAll(extra);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", name, ChangelogWorkload.TYPE, List.of(), List.of("k"), options);
            return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", name).toUri()));
        }
    }

    @ParameterizedTest
    @CsvSource({"deduplicate,7", "partial-update,8", "aggregation,9"})
    void inputProducerWritesEveryInputRowAsChangelog(String engine, long seed) throws Exception {
        Table table = create("t", engine, "input", Map.of());
        ChangelogWorkload workload = new ChangelogWorkload(engine, seed, 60);
        try (StreamWrite w = table.newStreamWrite("writer")) {
            for (int c = 1; c <= 10; c++) {
                long before = latest(table);
                List<GenericRow> rows = workload.nextCommit(50);
                rows.forEach(w::write);
                w.commit(c);
                assertThat(TestRows.readAll(table)).as("read after commit %d", c).isEqualTo(workload.expectedRows());
                // This commit's changelog is exactly its input, row kinds included.
                assertThat(ChangelogFiles.multiset(ChangelogFiles.read(table, before, latest(table)), ChangelogWorkload.TYPE))
                        .as("changelog of commit %d", c)
                        .isEqualTo(ChangelogFiles.multiset(rows, ChangelogWorkload.TYPE));
            }
        }
        for (Snapshot s : table.snapshots().snapshots()) {
            List<ManifestEntry> entries = ChangelogFiles.entries(table, s);
            if (s.commitKind() == CommitKind.COMPACT) {
                assertThat(entries).isEmpty();
                assertThat(s.changelogManifestList()).isNull();
            } else {
                assertThat(entries).isNotEmpty().allSatisfy(e -> {
                    assertThat(e.file().fileName()).startsWith("changelog-");
                    assertThat(e.file().level()).isZero();
                });
                assertThat(s.changelogRecordCount()).isEqualTo(entries.stream().mapToLong(e -> e.file().rowCount()).sum());
            }
        }
        // Changelog files are never data files: the live data holds none of them.
        assertThat(TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null))
                .allSatisfy(e -> assertThat(e.file().fileName()).startsWith("data-"));
    }

    @Test
    void inputChangelogKeepsEveryRecordWhenTheBufferSpills() throws Exception {
        Table table = create("t", "deduplicate", "input", Map.of("write-buffer-size", "16 kb"));
        ChangelogWorkload workload = new ChangelogWorkload("deduplicate", 5, 40);
        List<GenericRow> rows = new ArrayList<>();
        try (BatchWrite w = table.newBatchWrite()) {
            for (int c = 0; c < 6; c++) {
                rows.addAll(workload.nextCommit(300));
            }
            rows.forEach(w::write);
            w.commit();
        }
        assertThat(TestRows.readAll(table)).isEqualTo(workload.expectedRows());
        assertThat(ChangelogFiles.multiset(ChangelogFiles.readAll(table), ChangelogWorkload.TYPE))
                .isEqualTo(ChangelogFiles.multiset(rows, ChangelogWorkload.TYPE));
    }

    @Test
    void changelogFilesOfAWriteThatIsNotCommittedAreDeleted() throws Exception {
        Table table = create("t", "deduplicate", "input",
                Map.of("write-buffer-size", "16 kb", "write-buffer-spillable", "false"));
        ChangelogWorkload workload = new ChangelogWorkload("deduplicate", 3, 40);
        try (StreamWrite w = table.newStreamWrite("writer")) {
            workload.nextCommit(100).forEach(w::write);
            w.commit(1);
            // Flushed (and compacted) before any commit, then dropped.
            workload.nextCommit(2000).forEach(w::write);
            assertThat(changelogFileNames()).hasSizeGreaterThan(ChangelogFiles.entries(table,
                    table.latestSnapshot().orElseThrow()).size() + 1);
        }
        List<String> referenced = new ArrayList<>();
        for (Snapshot s : table.snapshots().snapshots()) {
            ChangelogFiles.entries(table, s).forEach(e -> referenced.add(e.file().fileName()));
        }
        assertThat(changelogFileNames()).containsExactlyInAnyOrderElementsOf(referenced);
    }

    private List<String> changelogFileNames() throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(warehouse)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("changelog-")).toList();
        }
    }

    @ParameterizedTest
    @CsvSource({"deduplicate,11", "partial-update,12", "aggregation,13"})
    void fullCompactionChangelogReplaysToTheTableAtEachFullCompaction(String engine, long seed) throws Exception {
        Table table = create("t", engine, "full-compaction", Map.of("full-compaction.delta-commits", "3"));
        ChangelogWorkload workload = new ChangelogWorkload(engine, seed, 60);
        Map<String, String> replayed = new java.util.TreeMap<>();
        long seen = 0;
        try (StreamWrite w = table.newStreamWrite("writer")) {
            for (int c = 1; c <= 12; c++) {
                workload.nextCommit(50).forEach(w::write);
                w.commit(c);
                assertThat(TestRows.readAll(table)).as("read after commit %d", c).isEqualTo(workload.expectedRows());
                long latest = latest(table);
                ChangelogFiles.replay(ChangelogFiles.read(table, seen, latest), ChangelogWorkload.TYPE, 0, replayed);
                seen = latest;
                if (c % 3 == 0) {
                    assertThat(replayed).as("replayed changelog after full compaction %d", c / 3)
                            .isEqualTo(workload.expectedState());
                }
            }
            workload.nextCommit(50).forEach(w::write);
            w.commit(13);
        }
        // Table.compactFull produces the changelog of what the last stream commit left.
        assertThat(table.compactFull()).isPositive();
        ChangelogFiles.replay(ChangelogFiles.read(table, seen, latest(table)), ChangelogWorkload.TYPE, 0, replayed);
        assertThat(replayed).isEqualTo(workload.expectedState());
        assertThat(TestRows.readAll(table)).isEqualTo(workload.expectedRows());
        assertThat(table.snapshots().snapshots()).allSatisfy(s -> {
            if (s.commitKind() == CommitKind.APPEND) {
                assertThat(s.changelogManifestList()).isNull();
            }
        });
        assertKinds(ChangelogFiles.readAll(table), engine);
    }

    @ParameterizedTest
    @CsvSource({"deduplicate,21", "partial-update,22", "aggregation,23", "first-row,24"})
    void lookupChangelogReplaysToTheTableAfterEveryCommit(String engine, long seed) throws Exception {
        lookupWorkload(engine, seed, Map.of());
    }

    @Test
    void lookupWithACacheTooSmallForOneFileStillFindsEveryOldValue() throws Exception {
        lookupWorkload("deduplicate", 25, Map.of("lookup.cache-max-memory-size", "1 b"));
    }

    private void lookupWorkload(String engine, long seed, Map<String, String> extra) throws Exception {
        Table table = create("t", engine, "lookup", extra);
        ChangelogWorkload workload = new ChangelogWorkload(engine, seed, 60);
        Map<String, String> replayed = new java.util.TreeMap<>();
        long seen = 0;
        try (StreamWrite w = table.newStreamWrite("writer")) {
            for (int c = 1; c <= 14; c++) {
                workload.nextCommit(c % 4 == 0 ? 200 : 20).forEach(w::write);
                w.commit(c);
                long latest = latest(table);
                List<GenericRow> changelog = ChangelogFiles.read(table, seen, latest);
                ChangelogFiles.replay(changelog, ChangelogWorkload.TYPE, 0, replayed);
                seen = latest;
                assertThat(replayed).as("replayed changelog after commit %d", c).isEqualTo(workload.expectedState());
                if (engine.equals("first-row")) {
                    assertThat(changelog).allSatisfy(r -> assertThat(r.kind()).isEqualTo(io.strata.data.RowKind.INSERT));
                }
                // A lookup table keeps a key's merged state in its lowest level above 0 and older states above
                // it: an aggregation read that merged every level would count them twice.
                assertThat(TestRows.readAll(table)).as("read after commit %d", c).isEqualTo(workload.expectedRows());
                for (ManifestEntry e : TableStore.of(table).snapshotFiles().liveEntries(table.latestSnapshot().orElseThrow(), null)) {
                    assertThat(e.file().level()).as("no level-0 file after a lookup commit").isPositive();
                }
            }
        }
        assertKinds(ChangelogFiles.readAll(table), engine);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), ChangelogWorkload.TYPE)).as("Paimon's read")
                    .isEqualTo(workload.expectedRows());
        }
        // The changelog of each commit lands in its COMPACT snapshot, none in APPEND ones (a first-row commit
        // of keys that all existed has none at all).
        assertThat(table.snapshots().snapshots()).allSatisfy(s -> {
            if (s.commitKind() == CommitKind.APPEND || !engine.equals("first-row")) {
                assertThat(s.changelogManifestList() == null).isEqualTo(s.commitKind() == CommitKind.APPEND);
            }
        });
    }

    /** The changelog holds every kind the engine's workload can cause. */
    private static void assertKinds(List<GenericRow> changelog, String engine) {
        java.util.Set<io.strata.data.RowKind> kinds = java.util.EnumSet.noneOf(io.strata.data.RowKind.class);
        changelog.forEach(r -> kinds.add(r.kind()));
        if (engine.equals("first-row")) {
            assertThat(kinds).containsExactly(io.strata.data.RowKind.INSERT);
        } else {
            // Every other engine's workload updates and deletes.
            assertThat(kinds).containsExactlyInAnyOrder(io.strata.data.RowKind.values());
        }
    }

    @Test
    void firstRowTablesWithoutChangelogAreReadAfterEveryBatchWrite() throws Exception {
        Table table = create("t", "first-row", "none", Map.of());
        ChangelogWorkload workload = new ChangelogWorkload("first-row", 31, 80);
        for (int c = 1; c <= 6; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                workload.nextCommit(60).forEach(w::write);
                w.commit();
            }
            assertThat(TestRows.readAll(table)).as("read after batch %d", c).isEqualTo(workload.expectedRows());
        }
        assertThat(table.snapshots().snapshots()).allSatisfy(s -> assertThat(s.changelogManifestList()).isNull());
    }

    private static long latest(Table table) {
        Long id = table.snapshots().latestSnapshotId();
        return id == null ? 0 : id;
    }
}
