package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.store.TableStore;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failed commit leaves the table as it was; concurrent writers never lose a commit. */
class CommitSafetyTest {

    @TempDir
    Path dir;

    @AfterEach
    void noMoreFaults() {
        FaultInjectingFileSystem.failAtCreate(0);
    }

    private FileSystemCatalog faultyCatalog() {
        Configuration conf = new Configuration();
        conf.set("fs.faulty.impl", FaultInjectingFileSystem.class.getName());
        conf.setBoolean("fs.faulty.impl.disable.cache", true);
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(conf), new org.apache.hadoop.fs.Path("faulty://" + dir));
        catalog.createDatabase("db", true);
        return catalog;
    }

    private static Schema schema(String format) {
        return Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "2")
                .option("file.format", format)
                .build();
    }

    @Test
    void anInjectedFailureAtEachStepLeavesTheTableUnchanged() throws Exception {
        FileSystemCatalog catalog = faultyCatalog();
        Table table = catalog.createTable(Identifier.of("db", "t"), schema("parquet"), false);
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1, Utf8String.fromString("one")));
            w.commit();
        }
        List<String> before = TestRows.readAll(table);
        int failedSteps = 0;
        for (int step = 1; step < 50; step++) {
            long filesBefore = countFiles();
            FaultInjectingFileSystem.failAtCreate(step);
            boolean committed;
            try (BatchWrite w = table.newBatchWrite()) {
                w.write(GenericRow.of(2, Utf8String.fromString("two")));
                w.write(GenericRow.of(3, Utf8String.fromString("three")));
                w.commit();
                committed = true;
            } catch (RuntimeException e) {
                committed = false;
                failedSteps++;
                assertThat(e).hasStackTraceContaining("Injected failure");
            }
            FaultInjectingFileSystem.failAtCreate(0);
            if (committed) {
                // The fault came after the snapshot landed (a hint) or past the last step: the commit holds.
                assertThat(TestRows.readAll(table)).containsExactly("[1, one]", "[2, two]", "[3, three]");
                if (FaultInjectingFileSystem.CREATES.get() < step) {
                    break;
                }
                table.newScan().plan();
                resetTo(table, before);
                continue;
            }
            assertThat(TestRows.readAll(table)).as("after a failure at create #%d", step).isEqualTo(before);
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(1);
            assertThat(countFiles()).as("no files left behind by the failure at create #%d", step).isEqualTo(filesBefore);
        }
        assertThat(failedSteps).as("data files, manifest, manifest lists and snapshot each failed once").isGreaterThanOrEqualTo(5);
    }

    /**
     * Deletion vectors: a failure at any file creation of a write whose compaction changes vectors
     * (data files, the index file, manifests, index manifest, snapshots) leaves the rows as they were
     * and no index file that no snapshot lists.
     */
    @Test
    void anInjectedFailureAtEachStepOfADeletionVectorCommitLeavesTheRowsUnchanged() throws Exception {
        FileSystemCatalog catalog = faultyCatalog();
        Schema schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "1")
                .option("deletion-vectors.enabled", "true")
                .build();
        Table table = catalog.createTable(Identifier.of("db", "dv"), schema, false);
        try (BatchWrite w = table.newBatchWrite()) {
            for (int k = 0; k < 3000; k++) {
                w.write(GenericRow.of(k, Utf8String.fromString("v")));
            }
            w.commit();
        }
        List<String> before = TestRows.readAll(table);
        int failedSteps = 0;
        boolean vectorsWritten = false;
        for (int step = 1; step < 60; step++) {
            FaultInjectingFileSystem.failAtCreate(step);
            boolean committed;
            try (BatchWrite w = table.newBatchWrite()) {
                w.write(GenericRow.of(7, Utf8String.fromString("changed")));
                w.delete(GenericRow.of(8, null));
                w.commit();
                committed = true;
            } catch (RuntimeException e) {
                committed = false;
                failedSteps++;
                assertThat(e).hasStackTraceContaining("Injected failure");
            }
            FaultInjectingFileSystem.failAtCreate(0);
            assertThat(listedIndexFiles(table)).as("index files after a failure at create #%d", step)
                    .containsAll(indexDirectory(table));
            if (committed) {
                vectorsWritten |= table.latestSnapshot().orElseThrow().indexManifest() != null;
                List<String> after = TestRows.readAll(table);
                assertThat(after).contains("[7, changed]").doesNotContain("[8, v]").hasSize(before.size() - 1);
                if (FaultInjectingFileSystem.CREATES.get() < step) {
                    break;
                }
                try (BatchWrite w = table.newBatchWrite()) {
                    w.write(GenericRow.of(7, Utf8String.fromString("v")));
                    w.write(GenericRow.of(8, Utf8String.fromString("v")));
                    w.commit();
                }
                continue;
            }
            assertThat(TestRows.readAll(table)).as("after a failure at create #%d", step).isEqualTo(before);
        }
        assertThat(vectorsWritten).isTrue();
        assertThat(failedSteps).isGreaterThanOrEqualTo(6);
    }

    private static java.util.Set<String> listedIndexFiles(Table table) throws Exception {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (io.strata.snapshot.Snapshot s : table.snapshots().snapshots()) {
            for (List<io.strata.manifest.IndexManifestEntry> entries : TableStore.of(table).snapshotFiles().deletionIndexFiles(s).values()) {
                entries.forEach(e -> names.add(e.indexFile().fileName()));
            }
        }
        return names;
    }

    private java.util.Set<String> indexDirectory(Table table) throws Exception {
        Path index = dir.resolve("db.db").resolve("dv").resolve("index");
        java.util.Set<String> names = new java.util.TreeSet<>();
        if (Files.isDirectory(index)) {
            try (Stream<Path> files = Files.list(index)) {
                files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).forEach(names::add);
            }
        }
        return names;
    }

    /** Deletes key 2 and 3 again so that the next attempt starts from the same rows. */
    private static void resetTo(Table table, List<String> rows) throws Exception {
        try (BatchWrite w = table.newBatchWrite()) {
            w.delete(GenericRow.of(2, null));
            w.delete(GenericRow.of(3, null));
            w.commit();
        }
        assertThat(TestRows.readAll(table)).isEqualTo(rows);
    }

    private long countFiles() throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("LATEST")).count();
        }
    }

    /**
     * Issue 15: with {@code snapshot-3} deleted while {@code LATEST} still says 3, a commit used to create a new
     * {@code snapshot-3}, burying what the lost one referenced. Now it stops, naming the snapshot and the way
     * on, and writes nothing; reads go on from snapshot 2; after a rollback to 2 (which rewrites the hint)
     * commits go on.
     */
    @Test
    void aLatestHintNamingALostSnapshotStopsWritersNotReaders() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Table table = catalog.createTable(Identifier.of("db", "lost"), schema("orc"), false);
        for (int n = 1; n <= 3; n++) {
            try (BatchWrite w = table.newBatchWrite()) {
                w.write(GenericRow.of(n, Utf8String.fromString("v" + n)));
                w.commit();
            }
        }
        Path snapshots = dir.resolve("db.db/lost/snapshot");
        assertThat(Files.readString(snapshots.resolve("LATEST")).trim()).isEqualTo("3");
        Files.delete(snapshots.resolve("snapshot-3"));
        long filesBefore = countFiles();

        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(4, Utf8String.fromString("v4")));
            org.assertj.core.api.Assertions.assertThatThrownBy(w::commit)
                    .isInstanceOf(CommitFailedException.class)
                    .hasMessageContaining("snapshot/LATEST names snapshot 3 but the newest snapshot file is snapshot-2")
                    .hasMessageContaining("Nothing was committed")
                    .hasMessageContaining("strata rollback");
        }
        assertThat(Files.exists(snapshots.resolve("snapshot-3"))).as("the lost id is not reused").isFalse();
        assertThat(countFiles()).as("the failed commit left no file").isEqualTo(filesBefore);
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrder("[1, v1]", "[2, v2]");

        table.rollbackTo(2);
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(4, Utf8String.fromString("v4")));
            assertThat(w.commit()).isEqualTo(3);
        }
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrder("[1, v1]", "[2, v2]", "[4, v4]");
    }

    @Test
    void concurrentWritersNeverLoseACommit() throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        // Enough retries that a writer starved by a loaded machine still gets through: this test is about
        // commits never being lost, not about the retry limit (a limit reached fails cleanly).
        Schema schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "2")
                .option("file.format", "orc")
                .option("commit.max-retries", "200")
                .build();
        Table table = catalog.createTable(Identifier.of("db", "c"), schema, false);
        int writers = 4;
        int commitsEach = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<?>> futures = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            futures.add(pool.submit(() -> {
                for (int c = 0; c < commitsEach; c++) {
                    try (BatchWrite bw = table.newBatchWrite()) {
                        int key = writer * 1000 + c;
                        bw.write(GenericRow.of(key, Utf8String.fromString("w" + writer + "c" + c)));
                        bw.commit();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo((long) writers * commitsEach);
        assertThat(TestRows.readAll(table)).hasSize(writers * commitsEach);
        assertThat(table.latestSnapshot().orElseThrow().totalRecordCount()).isEqualTo((long) writers * commitsEach);
    }
}
