package io.strata.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.Fixtures;
import io.strata.oracle.PaimonOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TagManagerTest {

    @TempDir
    Path warehouse;

    private Path table() {
        return Fixtures.copy("pk_orc", warehouse.resolve("db.db").resolve("pk_orc"));
    }

    private static org.apache.hadoop.fs.Path hadoop(Path p) {
        return new org.apache.hadoop.fs.Path(p.toUri());
    }

    @Test
    void readsTagsThatPaimonCreated() throws Exception {
        Path table = table();
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            FileStoreTable paimon = (FileStoreTable) oracle.table("db", "pk_orc");
            paimon.createTag("plain", 2);
            paimon.createTag("kept", 3, Duration.ofHours(2).plusMillis(5));
        }
        TagManager tags = new TagManager(FileIO.local(), hadoop(table));
        SnapshotManager snapshots = new SnapshotManager(FileIO.local(), hadoop(table));
        assertThat(tags.tagNames()).containsExactly("kept", "plain");

        assertThat(tags.tag("plain")).contains(snapshots.snapshot(2));
        Tag plain = tags.tagInfo("plain").orElseThrow();
        assertThat(plain.createTime()).isNull();
        assertThat(plain.timeRetained()).isNull();
        assertThat(plain.snapshot().toJson()).isEqualTo(Files.readString(table.resolve("tag/tag-plain")));

        Tag kept = tags.tagInfo("kept").orElseThrow();
        assertThat(kept.snapshot()).isEqualTo(snapshots.snapshot(3));
        assertThat(kept.timeRetained()).isEqualTo(Duration.ofHours(2).plusMillis(5));
        assertThat(kept.createTime()).isBetween(LocalDateTime.now().minusMinutes(5), LocalDateTime.now().plusMinutes(1));

        assertThat(tags.tag("absent")).isEmpty();
    }

    @Test
    void paimonReadsTagsThatStrataCreated() throws Exception {
        Path table = table();
        TagManager tags = new TagManager(FileIO.local(), hadoop(table));
        Snapshot s1 = new SnapshotManager(FileIO.local(), hadoop(table)).snapshot(1);
        Duration retained = Duration.ofSeconds(90, 123_000_000);
        LocalDateTime created = LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_789);
        assertThat(tags.createTag("strata-kept", s1, retained, created)).isTrue();
        assertThat(tags.tagInfo("strata-kept").orElseThrow().createTime()).isEqualTo(created);
        assertThat(tags.createTag("strata-plain", s1, null, created)).isTrue();
        assertThat(tags.createTag("strata-plain", s1, null, created)).as("a tag is never overwritten").isFalse();
        assertThat(Files.readString(table.resolve("tag/tag-strata-plain"))).isEqualTo(s1.toJson());

        org.apache.paimon.utils.TagManager paimon = new org.apache.paimon.utils.TagManager(
                org.apache.paimon.fs.local.LocalFileIO.create(), PaimonOracle.path(table));
        org.apache.paimon.tag.Tag kept = paimon.getOrThrow("strata-kept");
        assertThat(kept.id()).isEqualTo(1);
        assertThat(kept.getTagTimeRetained()).isEqualTo(retained);
        assertThat(kept.getTagCreateTime()).isEqualTo(created);
        assertThat(kept.trimToSnapshot().toJson()).isEqualTo(s1.toJson());
        org.apache.paimon.tag.Tag plain = paimon.getOrThrow("strata-plain");
        assertThat(plain.getTagTimeRetained()).isNull();
        assertThat(paimon.allTagNames()).containsExactlyInAnyOrder("strata-kept", "strata-plain");
    }

    @Test
    void corruptTagFailsNamingTheFile() throws Exception {
        Path table = table();
        Files.createDirectories(table.resolve("tag"));
        Path file = table.resolve("tag/tag-bad");
        Files.writeString(file, "{\n  \"version\" : 3,\n  \"id\" : ");
        TagManager tags = new TagManager(FileIO.local(), hadoop(table));
        assertThat(tags.tagNames()).containsExactly("bad");
        assertThatThrownBy(() -> tags.tag("bad")).hasMessageContaining(file.toString());
    }
}
