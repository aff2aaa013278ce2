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
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.commit.CommitHooks;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.DataTypes;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lifecycle of deletion-vector index files: snapshot expiration deletes the index files and index
 * manifests only expired snapshots held, orphan cleanup keeps the live ones, a rollback goes back to
 * the vectors of the snapshot it keeps, and a commit whose bucket's vectors changed under it fails.
 */
class DeletionVectorLifecycleTest {

    @TempDir
    Path dir;

    private Table create() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        return catalog.createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .option("deletion-vectors.enabled", "true")
                .build(), false);
    }

    private static GenericRow row(int id, String v) {
        return GenericRow.ofKind(RowKind.INSERT, id, Utf8String.fromString(v));
    }

    /** Commit 1 loads 2000 keys; each later commit updates a few, so compactions mark vectors. */
    private static void writeCommits(StreamWrite w, int from, int to) {
        for (int c = from; c <= to; c++) {
            if (c == 1) {
                for (int id = 0; id < 2000; id++) {
                    w.write(row(id, "v1"));
                }
            } else {
                for (int id = c; id < 2000; id += 97) {
                    w.write(row(id, "v" + c));
                }
            }
            w.commit(c);
        }
    }

    private Set<String> indexDirectory(Table table) throws IOException {
        Path index = Path.of(TableStore.of(table).paths().indexDirectory().toUri());
        Set<String> names = new TreeSet<>();
        if (Files.isDirectory(index)) {
            try (Stream<Path> files = Files.list(index)) {
                files.filter(p -> !p.getFileName().toString().startsWith(".")).forEach(p -> names.add(p.getFileName().toString()));
            }
        }
        return names;
    }

    private static Set<String> liveIndexFiles(Table table, Snapshot snapshot) throws IOException {
        Set<String> names = new TreeSet<>();
        for (List<IndexManifestEntry> entries : TableStore.of(table).snapshotFiles().deletionIndexFiles(snapshot).values()) {
            entries.forEach(e -> names.add(e.indexFile().fileName()));
        }
        return names;
    }

    @Test
    void expirationOrphanCleanupAndRollbackKnowIndexFiles() throws Exception {
        Table table = create();
        try (StreamWrite w = table.newStreamWrite("u")) {
            writeCommits(w, 1, 4);
        }
        Snapshot middle = table.latestSnapshot().orElseThrow();
        List<String> middleRows = TestRows.readAll(table);
        Set<String> middleIndex = liveIndexFiles(table, middle);
        assertThat(middleIndex).as("compactions wrote vectors by commit 4").isNotEmpty();
        try (StreamWrite w = table.newStreamWrite("u")) {
            writeCommits(w, 5, 9);
        }
        List<String> latestRows = TestRows.readAll(table);
        Set<String> latestIndex = liveIndexFiles(table, table.latestSnapshot().orElseThrow());
        assertThat(indexDirectory(table)).containsAll(middleIndex).containsAll(latestIndex);

        // Rollback to the middle: its vectors are back, the later ones are gone, and writing goes on from there.
        table.rollbackTo(middle.id());
        assertThat(TestRows.readAll(table)).isEqualTo(middleRows);
        assertThat(indexDirectory(table)).containsAll(middleIndex).doesNotContainAnyElementsOf(
                latestIndex.stream().filter(n -> !middleIndex.contains(n)).toList());
        try (StreamWrite w = table.newStreamWrite("u2")) {
            writeCommits(w, 5, 9);
        }
        assertThat(TestRows.readAll(table)).isEqualTo(latestRows);

        // Expiration keeps only what the last snapshot needs.
        table.expireSnapshots().retainLast(1).commit();
        Snapshot latest = table.latestSnapshot().orElseThrow();
        assertThat(indexDirectory(table)).isEqualTo(liveIndexFiles(table, latest));
        assertThat(TestRows.readAll(table)).isEqualTo(latestRows);

        // Orphan cleanup removes a stray index file, however old the live ones are.
        Path stray = Path.of(TableStore.of(table).paths().indexDirectory().toUri()).resolve("index-stray-0");
        Files.write(stray, new byte[] {1});
        long old = System.currentTimeMillis() - 3_600_000L * 48;
        try (Stream<Path> files = Files.list(Path.of(TableStore.of(table).paths().indexDirectory().toUri()))) {
            files.forEach(p -> new File(p.toString()).setLastModified(old));
        }
        List<org.apache.hadoop.fs.Path> removed = table.removeOrphanFiles().olderThan(Instant.now().minusSeconds(3600)).execute();
        assertThat(removed).anySatisfy(p -> assertThat(p.getName()).isEqualTo("index-stray-0"));
        assertThat(indexDirectory(table)).isEqualTo(liveIndexFiles(table, latest));
        assertThat(TestRows.readAll(table)).isEqualTo(latestRows);
    }

    @Test
    void aCommitWhoseBucketVectorsChangedUnderItIsAConflict() throws Exception {
        Table table = create();
        try (StreamWrite w = table.newStreamWrite("u")) {
            writeCommits(w, 1, 3);
        }
        Snapshot before = table.latestSnapshot().orElseThrow();
        Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> index = TableStore.of(table).snapshotFiles().deletionIndexFiles(before);
        Map.Entry<SnapshotFiles.BucketKey, List<IndexManifestEntry>> bucket = index.entrySet().iterator().next();
        // Another writer changes the vectors of every bucket.
        try (StreamWrite w = table.newStreamWrite("other")) {
            writeCommits(w, 4, 6);
        }
        assertThat(liveIndexFiles(table, table.latestSnapshot().orElseThrow())).doesNotContainAnyElementsOf(
                bucket.getValue().stream().map(e -> e.indexFile().fileName()).toList());
        List<IndexManifestEntry> stale = new ArrayList<>();
        for (IndexManifestEntry e : bucket.getValue()) {
            stale.add(new IndexManifestEntry(FileKind.DELETE, e.partition(), e.bucket(), e.indexFile()));
        }
        IndexFileMeta replacement = bucket.getValue().get(0).indexFile();
        stale.add(new IndexManifestEntry(FileKind.ADD, bucket.getKey().partition(), bucket.getKey().bucket(), replacement));
        long latestId = table.latestSnapshot().orElseThrow().id();
        try (CommitHooks hooks = CommitHooks.open(table)) {
            assertThatThrownBy(() -> new FileStoreCommit(TableStore.of(table), "stale", hooks)
                    .commit(List.of(), List.of(), stale, 1, CommitKind.COMPACT))
                    .hasMessageContaining("Commit conflict")
                    .hasMessageContaining("deletion vectors of bucket " + bucket.getKey().bucket());
        }
        assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(latestId);
    }
}
