package io.strata.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.Fixtures;
import io.strata.oracle.PaimonOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotManagerTest {

    @TempDir
    Path dir;

    /** A writable copy of the pk_orc fixture: snapshots 1..4, LATEST 4, EARLIEST 1. */
    private Path pkOrc() {
        return Fixtures.copy("pk_orc", dir.resolve("pk_orc"));
    }

    private static SnapshotManager manager(Path table) {
        return new SnapshotManager(FileIO.local(), new org.apache.hadoop.fs.Path(table.toUri()));
    }

    @Test
    void readsTheFixtureTable() {
        SnapshotManager m = manager(pkOrc());
        assertThat(m.latestSnapshotId()).isEqualTo(4L);
        assertThat(m.earliestSnapshotId()).isEqualTo(1L);
        assertThat(m.latestSnapshot()).hasValueSatisfying(s -> assertThat(s.commitKind()).isEqualTo(CommitKind.COMPACT));
        assertThat(m.snapshot(2).totalRecordCount()).isEqualTo(12L);
        assertThat(m.snapshots()).extracting(Snapshot::id).containsExactly(1L, 2L, 3L, 4L);
        assertThat(m.snapshotExists(4)).isTrue();
        assertThat(m.snapshotExists(5)).isFalse();
        assertThat(m.snapshotDirectory().toString()).endsWith("pk_orc/snapshot");
        assertThat(m.snapshotPath(7).toString()).endsWith("pk_orc/snapshot/snapshot-7");
    }

    @Test
    void staleOrBadLatestHintFallsBackToListing() throws Exception {
        Path table = pkOrc();
        SnapshotManager m = manager(table);
        Path latest = table.resolve("snapshot/LATEST");
        Files.writeString(latest, "2");
        assertThat(m.latestSnapshotId()).as("stale hint: snapshot-3 exists").isEqualTo(4L);
        Files.writeString(latest, "9");
        assertThat(m.latestSnapshotId()).as("hint names a missing snapshot").isEqualTo(4L);
        Files.writeString(latest, "not a number");
        assertThat(m.latestSnapshotId()).isEqualTo(4L);
        Files.delete(latest);
        assertThat(m.latestSnapshotId()).isEqualTo(4L);
        // A correct hint is trusted without listing: a stray higher file beyond a gap is not seen.
        Files.writeString(latest, "4");
        Files.copy(table.resolve("snapshot/snapshot-4"), table.resolve("snapshot/snapshot-6"));
        assertThat(m.latestSnapshotId()).isEqualTo(4L);
    }

    @Test
    void earliestHintIsTrustedOnlyIfItsSnapshotExists() throws Exception {
        Path table = pkOrc();
        SnapshotManager m = manager(table);
        Files.delete(table.resolve("snapshot/snapshot-1"));
        assertThat(m.earliestSnapshotId()).as("EARLIEST=1 was expired").isEqualTo(2L);
        Files.delete(table.resolve("snapshot/EARLIEST"));
        assertThat(m.earliestSnapshotId()).isEqualTo(2L);
        Files.writeString(table.resolve("snapshot/EARLIEST"), "3");
        assertThat(m.earliestSnapshotId()).as("a valid hint is trusted").isEqualTo(3L);
    }

    @Test
    void emptyTableHasNoSnapshots() {
        SnapshotManager m = manager(dir.resolve("empty"));
        assertThat(m.latestSnapshotId()).isNull();
        assertThat(m.earliestSnapshotId()).isNull();
        assertThat(m.latestSnapshot()).isEmpty();
        assertThat(m.snapshots()).isEmpty();
        assertThat(m.latestSnapshotAtOrBefore(Long.MAX_VALUE)).isNull();
    }

    @Test
    void missingOrCorruptSnapshotsFailNamingTableOrFile() throws Exception {
        Path table = pkOrc();
        SnapshotManager m = manager(table);
        assertThatThrownBy(() -> m.snapshot(99))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Snapshot 99 of table " + m.tableRoot() + " does not exist");
        Path file = table.resolve("snapshot/snapshot-3");
        String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.length() / 3));
        assertThatThrownBy(() -> m.snapshot(3)).hasMessageContaining(file.toString());
        Files.writeString(file, "");
        assertThatThrownBy(() -> m.snapshot(3)).hasMessageContaining(file.toString());
        Files.writeString(file, text.replace("\"id\" : 3", "\"id\" : 2"));
        assertThatThrownBy(() -> m.snapshot(3)).hasMessageContaining(file.toString()).hasMessageContaining("id 2");
    }

    @Test
    void tryCommitWinsOnceAndLosesCleanly() throws Exception {
        Path table = pkOrc();
        SnapshotManager m = manager(table);
        Snapshot next = m.snapshot(4).toBuilder().id(5).commitIdentifier(4).commitUser("strata")
                .commitKind(CommitKind.APPEND).timeMillis(1796204530000L).build();
        assertThat(m.tryCommit(next)).isTrue();
        assertThat(Files.readString(table.resolve("snapshot/snapshot-5"))).isEqualTo(next.toJson());
        assertThat(m.latestSnapshotId()).isEqualTo(5L);

        Snapshot rival = next.toBuilder().commitUser("rival").build();
        assertThat(m.tryCommit(rival)).isFalse();
        assertThat(m.snapshot(5).commitUser()).isEqualTo("strata");
        try (Stream<Path> files = Files.list(table.resolve("snapshot"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("EARLIEST", "LATEST", "snapshot-1", "snapshot-2", "snapshot-3",
                            "snapshot-4", "snapshot-5");
        }
    }

    @Test
    void hintsAreRewrittenAndAFailedHintWriteIsNotAnError() throws Exception {
        Path table = pkOrc();
        SnapshotManager m = manager(table);
        m.commitLatestHint(3);
        m.commitEarliestHint(2);
        assertThat(Files.readString(table.resolve("snapshot/LATEST"))).isEqualTo("3");
        assertThat(Files.readString(table.resolve("snapshot/EARLIEST"))).isEqualTo("2");
        assertThat(m.latestSnapshotId()).isEqualTo(4L);
        assertThat(m.earliestSnapshotId()).isEqualTo(2L);

        // The snapshot directory is a file here, so the hint cannot be written: logged, not thrown.
        Path broken = dir.resolve("broken");
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("snapshot"), "not a directory");
        manager(broken).commitLatestHint(1);
    }

    @Test
    void findsTheLatestSnapshotAtOrBeforeATime() {
        SnapshotManager m = manager(pkOrc());
        // Commit times: 1 -> ...520151, 2 -> ...520626, 3 -> ...520810, 4 -> ...520831.
        assertThat(m.latestSnapshotAtOrBefore(1796204520150L)).isNull();
        assertThat(m.latestSnapshotAtOrBefore(1796204520151L).id()).isEqualTo(1);
        assertThat(m.latestSnapshotAtOrBefore(1796204520700L).id()).isEqualTo(2);
        assertThat(m.latestSnapshotAtOrBefore(1796204520810L).id()).isEqualTo(3);
        assertThat(m.latestSnapshotAtOrBefore(1796204520830L).id()).isEqualTo(3);
        assertThat(m.latestSnapshotAtOrBefore(Long.MAX_VALUE).id()).isEqualTo(4);
    }

    @Test
    void paimonSeesASnapshotStrataCommitted() throws Exception {
        Path warehouse = dir.resolve("warehouse");
        Path table = Fixtures.copy("pk_orc", warehouse.resolve("db.db").resolve("pk_orc"));
        SnapshotManager m = manager(table);
        Snapshot next = m.snapshot(4).toBuilder().id(5).commitUser("strata").commitIdentifier(9)
                .commitKind(CommitKind.COMPACT).timeMillis(1796204530000L).deltaRecordCount(0L).build();
        assertThat(m.tryCommit(next)).isTrue();
        m.commitLatestHint(5);
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            FileStoreTable paimon = (FileStoreTable) oracle.table("db", "pk_orc");
            assertThat(paimon.snapshotManager().latestSnapshotId()).isEqualTo(5L);
            assertThat(paimon.snapshotManager().earliestSnapshotId()).isEqualTo(1L);
            org.apache.paimon.Snapshot seen = paimon.snapshotManager().snapshot(5);
            assertThat(seen.commitUser()).isEqualTo("strata");
            assertThat(seen.commitIdentifier()).isEqualTo(9);
            assertThat(seen.toJson()).isEqualTo(next.toJson());
        }
    }
}
