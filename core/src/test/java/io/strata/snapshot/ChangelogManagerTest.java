package io.strata.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.Fixtures;
import io.strata.fs.FileIO;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangelogManagerTest {

    @TempDir
    Path dir;

    @Test
    void keepsSnapshotsAsChangelogsWithTheirExactTextAndNamesBadFiles() throws Exception {
        Path table = Fixtures.copy("pk_orc", dir.resolve("pk_orc"));
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(table.toUri());
        SnapshotManager snapshots = new SnapshotManager(FileIO.local(), root);
        ChangelogManager changelogs = new ChangelogManager(FileIO.local(), root);
        assertThat(changelogs.listIds()).isEmpty();
        assertThat(changelogs.earliestId()).isNull();
        assertThat(changelogs.changelog(1)).isEmpty();

        changelogs.commit(snapshots.snapshot(1));
        changelogs.commit(snapshots.snapshot(2));
        assertThat(changelogs.listIds()).containsExactly(1L, 2L);
        assertThat(changelogs.earliestId()).isEqualTo(1L);
        assertThat(changelogs.latestId()).isEqualTo(2L);
        assertThat(Files.readString(table.resolve("changelog/changelog-2")))
                .isEqualTo(Files.readString(table.resolve("snapshot/snapshot-2")));
        assertThat(Files.readString(table.resolve("changelog/LATEST")).trim()).isEqualTo("2");
        assertThat(changelogs.changelog(2)).contains(snapshots.snapshot(2));
        assertThat(changelogs.changelogs()).extracting(Snapshot::id).containsExactly(1L, 2L);

        Files.writeString(table.resolve("changelog/changelog-2"), "{ not json");
        assertThatThrownBy(() -> changelogs.changelog(2)).hasMessageContaining("changelog/changelog-2");
        Files.copy(table.resolve("snapshot/snapshot-3"), table.resolve("changelog/changelog-2"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThatThrownBy(() -> changelogs.changelog(2)).hasMessageContaining("changelog-2")
                .hasMessageContaining("snapshot id 3");
        changelogs.delete(2);
        changelogs.delete(2);
        assertThat(changelogs.listIds()).containsExactly(1L);
    }
}
