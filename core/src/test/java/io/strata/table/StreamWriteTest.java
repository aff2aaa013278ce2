package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The long-lived stream write: commits under identifiers, replays after a crash, commits by itself. */
class StreamWriteTest {

    @TempDir
    Path dir;

    private Table create(String name, boolean primaryKey, String... options) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder b = Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .option("bucket", "2");
        if (primaryKey) {
            b.primaryKey("id");
        } else {
            b.option("bucket-key", "id");
        }
        for (int i = 0; i < options.length; i += 2) {
            b.option(options[i], options[i + 1]);
        }
        return catalog.createTable(Identifier.of("db", name), b.build(), false);
    }

    private static GenericRow row(int id, String name) {
        return GenericRow.of(id, Utf8String.fromString(name));
    }

    /** The rows of commit {@code c}: new keys, and updates of keys of earlier commits. */
    private static List<GenericRow> batch(int c) {
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            rows.add(row(c * 100 + i, "c" + c));
        }
        for (int i = 0; i < 10 && c > 1; i++) {
            GenericRow update = row((c - 1) * 100 + i, "updated-in-" + c);
            update.setKind(RowKind.UPDATE_AFTER);
            rows.add(update);
        }
        return rows;
    }

    private static List<String> expected(boolean primaryKey, int commits, Table table) {
        List<GenericRow> all = new ArrayList<>();
        Map<Integer, GenericRow> byKey = new TreeMap<>();
        for (int c = 1; c <= commits; c++) {
            for (GenericRow r : batch(c)) {
                GenericRow insert = GenericRow.of(r.get(0), r.get(1));
                all.add(insert);
                byKey.put((Integer) r.get(0), insert);
            }
        }
        return TestRows.formatAll(primaryKey ? new ArrayList<>(byKey.values()) : all, table.schema().rowType());
    }

    private static int dataFileCount(Table table) throws Exception {
        try (Stream<Path> files = Files.walk(Path.of(table.location().toUri()))) {
            return (int) files.filter(p -> p.getFileName().toString().startsWith("data-")).count();
        }
    }

    /**
     * Write and commit 1..5, crash (the write is abandoned, not closed), then a new write with the same
     * commit user replays 4..7: 4 and 5 are recognised as landed, nothing is lost or applied twice.
     */
    @Test
    void aReplayAfterACrashAppliesEveryCommitExactlyOnce() throws Exception {
        for (boolean primaryKey : List.of(true, false)) {
            Table table = create(primaryKey ? "replay_pk" : "replay_append", primaryKey,
                    "num-sorted-run.compaction-trigger", "2");
            StreamWrite crashed = table.newStreamWrite("job-1");
            assertThat(crashed.lastCommittedIdentifier()).isEmpty();
            for (int c = 1; c <= 5; c++) {
                batch(c).forEach(crashed::write);
                assertThat(crashed.commit(c)).isPositive();
            }
            // Rows of commit 6 were written but never committed when the process died.
            batch(6).forEach(crashed::write);
            long snapshotsBefore = table.latestSnapshot().orElseThrow().id();

            try (StreamWrite restarted = table.newStreamWrite("job-1")) {
                assertThat(restarted.lastCommittedIdentifier()).hasValue(5);
                for (int c = 4; c <= 7; c++) {
                    batch(c).forEach(restarted::write);
                    long snapshot = restarted.commit(c);
                    if (c <= 5) {
                        assertThat(snapshot).as("replayed commit %d", c).isEqualTo(-1);
                        assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(snapshotsBefore);
                    } else {
                        assertThat(snapshot).isGreaterThan(snapshotsBefore);
                    }
                }
                assertThat(restarted.lastCommittedIdentifier()).hasValue(7);
            }
            assertThat(TestRows.readAll(table)).as("primaryKey=%s", primaryKey).isEqualTo(expected(primaryKey, 7, table));
            Set<String> seen = new HashSet<>();
            for (Snapshot s : table.snapshots().snapshots()) {
                assertThat(s.commitUser()).isEqualTo("job-1");
                assertThat(seen.add(s.commitIdentifier() + "/" + s.commitKind()))
                        .as("snapshot %d repeats commit %d", s.id(), s.commitIdentifier()).isTrue();
            }
            assertThat(seen).contains("7/APPEND").doesNotContain("8/APPEND");
        }
    }

    @Test
    void aReplayedCommitDeletesTheFilesItFlushed() throws Exception {
        // write-buffer-spillable=false with a tiny buffer: rows are flushed to files while being written.
        Table table = create("replay_files", true, "write-buffer-size", "4 kb", "write-buffer-spillable", "false");
        try (StreamWrite w = table.newStreamWrite("job-2")) {
            batch(1).forEach(w::write);
            w.commit(1);
        }
        int filesAfterCommit = dataFileCount(table);
        try (StreamWrite replay = table.newStreamWrite("job-2")) {
            for (int i = 0; i < 3; i++) {
                batch(1).forEach(replay::write);
            }
            assertThat(replay.commit(1)).isEqualTo(-1);
            assertThat(dataFileCount(table)).isEqualTo(filesAfterCommit);
            batch(2).forEach(replay::write);
            assertThat(replay.commit()).isPositive();
            assertThat(replay.lastCommittedIdentifier()).hasValue(2);
        }
        assertThat(TestRows.readAll(table)).isEqualTo(expected(true, 2, table));
    }

    @Test
    void commitEveryRecordsCommitsWithTheNextIdentifiers() throws Exception {
        Table table = create("auto", false);
        try (StreamWrite w = table.newStreamWrite("auto-job").commitEvery(10, Duration.ZERO)) {
            for (int i = 0; i < 35; i++) {
                w.write(row(i, "r" + i));
            }
            assertThat(w.lastCommittedIdentifier()).hasValue(3);
        }
        // The 5 rows after the third commit were never committed: closing discards them.
        assertThat(TestRows.readAll(table)).hasSize(30);
        assertThat(table.snapshots().snapshots()).extracting(Snapshot::commitIdentifier).containsExactly(1L, 2L, 3L);
        assertThat(table.snapshots().snapshots()).allSatisfy(s -> assertThat(s.commitKind()).isEqualTo(CommitKind.APPEND));
        ManualClock clock = ManualClock.at(Instant.now());
        try (StreamWrite again = clock.drive(table).newStreamWrite("auto-job").commitEvery(0, Duration.ofMinutes(1))) {
            again.write(row(100, "a"));
            assertThat(again.lastCommittedIdentifier()).hasValue(3);
            clock.advance(Duration.ofMinutes(1));
            again.write(row(101, "b"));
            assertThat(again.lastCommittedIdentifier()).hasValue(4);
        }
        assertThat(TestRows.readAll(table)).hasSize(32);
        assertThatThrownBy(() -> table.newStreamWrite("x").commitEvery(-1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Someone else compacts the bucket under the write: its next COMPACT snapshot conflicts. The rows of
     * the commit landed as its APPEND snapshot, so the commit returns that snapshot; the compaction's own
     * files are deleted, and the write goes on, reading its buckets again from the table.
     */
    @Test
    void aCompactionConflictAfterTheRowsLandedIsDiscardedAndTheWriteGoesOn() throws Exception {
        Table table = create("conflict", true, "bucket", "1", "full-compaction.delta-commits", "3");
        try (StreamWrite w = table.newStreamWrite("job-3")) {
            for (int c = 1; c <= 2; c++) {
                batch(c).forEach(w::write);
                w.commit(c);
            }
            table.compactFull();
            batch(3).forEach(w::write);
            // Commit 3 fully compacts the files the write knows, which compactFull already replaced.
            long appended = w.commit(3);
            Snapshot latest = table.latestSnapshot().orElseThrow();
            assertThat(latest.id()).isEqualTo(appended);
            assertThat(latest.commitKind()).isEqualTo(CommitKind.APPEND);
            assertThat(latest.commitIdentifier()).isEqualTo(3);
            assertThat(w.lastCommittedIdentifier()).hasValue(3);
            Set<String> referenced = new HashSet<>();
            CompactionTest.liveFiles(table, latest).forEach(e -> referenced.add(e.file().fileName()));
            try (Stream<Path> files = Files.walk(Path.of(table.location().toUri()))) {
                // Only files of the write's discarded compaction would be unreferenced; they are gone.
                List<String> unreferenced = files.map(p -> p.getFileName().toString())
                        .filter(n -> n.startsWith("data-") && !referenced.contains(n)).toList();
                // compactFull's inputs stay on disk for older snapshots; the write's own outputs must not.
                assertThat(unreferenced).hasSizeLessThanOrEqualTo(2);
            }
            assertThat(TestRows.readAll(table)).isEqualTo(expected(true, 3, table));
            batch(4).forEach(w::write);
            assertThat(w.commit()).isPositive();
            assertThat(w.lastCommittedIdentifier()).hasValue(4);
        }
        assertThat(TestRows.readAll(table)).isEqualTo(expected(true, 4, table));
    }

    @Test
    void aClosedWriteRefusesRowsAndNothingUncommittedStays() throws Exception {
        Table table = create("closed", true);
        StreamWrite w = table.newStreamWrite("closer");
        batch(1).forEach(w::write);
        w.commit(1);
        int files = dataFileCount(table);
        batch(2).forEach(w::write);
        w.close();
        assertThat(dataFileCount(table)).isEqualTo(files);
        assertThatThrownBy(() -> w.write(row(1, "x"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(table.location().toString());
        assertThat(TestRows.readAll(table)).isEqualTo(expected(true, 1, table));
    }
}
