package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.TableOptions;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commits on a file system whose rename is a non-atomic, overwriting copy (an object store, here the
 * {@code objstore:} test file system): without a lock two writers can both create the same snapshot,
 * and one commit is lost; with a commit lock none is; and by default an unlocked commit is refused.
 */
class ObjectStoreCommitTest {

    private static final String REQUIRE_LOCK = TableOptions.COMMIT_REQUIRE_LOCK_ON_OBJECT_STORE.key();

    @TempDir
    Path dir;

    private ExecutorService pool;

    @AfterEach
    void reset() {
        if (pool != null) {
            pool.shutdownNow();
        }
        ObjectStoreFileSystem.reset();
        TestCommitHookProvider.reset();
    }

    private FileIO objectStoreIO() {
        return new FileIO(ObjectStoreFileSystem.register(new Configuration()));
    }

    private Table objectStoreTable(String name, Map<String, String> options) {
        FileSystemCatalog catalog = new FileSystemCatalog(objectStoreIO(),
                new org.apache.hadoop.fs.Path(ObjectStoreFileSystem.SCHEME + "://" + dir));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .option("file.format", "orc")
                // Many writers on one table: losers retry often, and the waits need not be long here.
                .option("commit.max-retries", "200")
                .option("commit.max-retry-wait", "50 ms");
        options.forEach(schema::option);
        return catalog.createTable(Identifier.of("db", name), schema.build(), false);
    }

    private static long commitRow(Table table, int key) {
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(key, Utf8String.fromString("row " + key)));
            return w.commit();
        }
    }

    private Future<Long> commitInBackground(Table table, int key) {
        if (pool == null) {
            pool = Executors.newFixedThreadPool(4);
        }
        return pool.submit(() -> commitRow(table, key));
    }

    @Test
    void fileIoKnowsWhichFileSystemsCreateAtomically() throws Exception {
        FileIO io = objectStoreIO();
        io.hadoopConf().set("fs.faulty.impl", FaultInjectingFileSystem.class.getName());
        assertThat(io.supportsAtomicWriteIfAbsent(new org.apache.hadoop.fs.Path(dir.toUri()))).isTrue();
        assertThat(io.supportsAtomicWriteIfAbsent(new org.apache.hadoop.fs.Path("faulty://" + dir))).isTrue();
        assertThat(io.supportsAtomicWriteIfAbsent(new org.apache.hadoop.fs.Path("objstore://" + dir))).isFalse();
        assertThat(io.scheme(new org.apache.hadoop.fs.Path("objstore://" + dir))).isEqualTo("objstore");
    }

    @Test
    void withoutALockTwoWritersBothCreateTheSameSnapshotAndOneCommitIsLost() throws Exception {
        Table table = objectStoreTable("unlocked", Map.of(REQUIRE_LOCK, "false"));
        assertThat(commitRow(table, 0)).isEqualTo(1);
        // Both writers pass their "snapshot-2 is absent" check before either copies its snapshot-2.
        ObjectStoreFileSystem.raceRenamesOnto("snapshot-2", 2);

        Future<Long> first = commitInBackground(table, 1);
        Future<Long> second = commitInBackground(table, 2);

        assertThat(List.of(first.get(), second.get())).as("both writers believe they committed snapshot 2")
                .containsExactly(2L, 2L);
        assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(2);
        assertThat(TestRows.readAll(table)).as("one of the two commits was overwritten").hasSize(2)
                .contains("[0, row 0]");
    }

    @Test
    void withALockTheSecondWriterWaitsAndCommitsTheNextSnapshot() throws Exception {
        Table table = objectStoreTable("locked_pair", Map.of(TestCommitHookProvider.LOCK_OPTION, "jvm"));
        assertThat(commitRow(table, 0)).isEqualTo(1);
        ObjectStoreFileSystem.Pause pause = ObjectStoreFileSystem.pauseRenamesOnto("snapshot-2");

        Future<Long> first = commitInBackground(table, 1);
        pause.awaitPaused();
        // The first writer holds the lock in the middle of copying snapshot-2; the second one, which also
        // read snapshot 1 as the latest, must wait for the lock instead of racing the copy.
        Future<Long> second = commitInBackground(table, 2);
        TestCommitHookProvider.JvmLockState lock = TestCommitHookProvider.lockState(table);
        while (!lock.lock.hasQueuedThreads() && !second.isDone()) {
            Thread.sleep(1);
        }
        pause.release();

        assertThat(List.of(first.get(), second.get())).containsExactlyInAnyOrder(2L, 3L);
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrder("[0, row 0]", "[1, row 1]", "[2, row 2]");
    }

    @Test
    void withALockFourWritersCommittingEightTimesEachLoseNothing() throws Exception {
        Table table = objectStoreTable("locked", Map.of(TestCommitHookProvider.LOCK_OPTION, "jvm"));
        // Widens the window between a writer's exists check and its copy landing.
        ObjectStoreFileSystem.delayRenamesOfSnapshots(3);
        int writers = 4;
        int commitsEach = 8;
        pool = Executors.newFixedThreadPool(writers);
        List<Future<List<Long>>> futures = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            futures.add(pool.submit(() -> {
                List<Long> ids = new ArrayList<>();
                for (int c = 0; c < commitsEach; c++) {
                    ids.add(commitRow(table, writer * 1000 + c));
                }
                return ids;
            }));
        }
        List<Long> ids = new ArrayList<>();
        for (Future<List<Long>> f : futures) {
            ids.addAll(f.get());
        }

        int total = writers * commitsEach;
        assertThat(ids).as("every commit got its own snapshot").containsExactlyInAnyOrderElementsOf(
                LongStream.rangeClosed(1, total).boxed().toList());
        assertThat(table.snapshots().listIds()).hasSize(total);
        assertThat(table.latestSnapshot().orElseThrow().totalRecordCount()).isEqualTo(total);
        assertThat(TestRows.readAll(table)).hasSize(total);
        TestCommitHookProvider.JvmLockState lock = TestCommitHookProvider.lockState(table);
        assertThat(lock.maxHolders.get()).as("writers held the lock one at a time").isEqualTo(1);
        assertThat(lock.acquisitions.get()).isGreaterThanOrEqualTo(total);
    }

    @Test
    void byDefaultAnUnlockedCommitToAnObjectStoreIsRefusedBeforeAnythingIsWritten() throws Exception {
        Table table = objectStoreTable("refused", Map.of());
        long filesBefore = countFiles();

        assertThatThrownBy(table::newBatchWrite)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Table " + table.location())
                .hasMessageContaining("'objstore' file system")
                .hasMessageContaining("no commit lock is configured")
                .hasMessageContaining("'" + REQUIRE_LOCK + "'='false'");
        assertThatThrownBy(table::compactFull)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(REQUIRE_LOCK);
        assertThat(table.latestSnapshot()).isEmpty();
        assertThat(countFiles()).isEqualTo(filesBefore);
    }

    @Test
    void aLockOrTheOptionLetsCommitsToAnObjectStoreThrough() throws Exception {
        Table locked = objectStoreTable("with_lock", Map.of(TestCommitHookProvider.LOCK_OPTION, "jvm"));
        assertThat(commitRow(locked, 1)).isEqualTo(1);
        assertThat(locked.compactFull()).as("nothing to compact").isEqualTo(-1);

        Table optedOut = objectStoreTable("opted_out", Map.of(REQUIRE_LOCK, "false"));
        assertThat(commitRow(optedOut, 1)).isEqualTo(1);
        assertThat(commitRow(optedOut, 2)).isEqualTo(2);
        assertThat(optedOut.compactFull()).isEqualTo(3);
        assertThat(TestRows.readAll(optedOut)).containsExactlyInAnyOrder("[1, row 1]", "[2, row 2]");
    }

    private long countFiles() throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }
}
