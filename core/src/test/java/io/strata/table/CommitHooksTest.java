package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.types.DataTypes;
import java.io.UncheckedIOException;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commit hooks found through META-INF/services ({@link TestCommitHookProvider}): callbacks see every
 * snapshot once, after it landed, and their failure never undoes it; a lock that cannot be taken fails
 * the commit and leaves the table as it was.
 */
class CommitHooksTest {

    @TempDir
    Path dir;

    @AfterEach
    void reset() {
        TestCommitHookProvider.reset();
    }

    private Table table(String name, Map<String, String> options) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder schema = Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "1")
                .option("file.format", "parquet")
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

    @Test
    void callbacksSeeEverySnapshotOnceInCommitOrderIncludingCompactions() throws Exception {
        Table table = table("recorded", Map.of(TestCommitHookProvider.CALLBACKS_OPTION, "recording"));
        assertThat(commitRow(table, 1)).isEqualTo(1);
        assertThat(commitRow(table, 2)).isEqualTo(2);
        try (BatchWrite empty = table.newBatchWrite()) {
            assertThat(empty.commit()).as("nothing written, no snapshot").isEqualTo(-1);
        }
        assertThat(commitRow(table, 3)).isEqualTo(3);
        assertThat(table.compactFull()).isEqualTo(4);
        assertThat(table.snapshots().snapshot(4).commitKind()).isEqualTo(CommitKind.COMPACT);

        assertThat(TestCommitHookProvider.recorded(table)).containsExactly(1L, 2L, 3L, 4L);
        assertThat(TestCommitHookProvider.closed(table)).as("one callback per writer and compaction, each closed")
                .isEqualTo(5);
    }

    @Test
    void callbacksOfConcurrentWritersSeeEverySnapshotExactlyOnce() throws Exception {
        Table table = table("concurrent", Map.of(TestCommitHookProvider.CALLBACKS_OPTION, "recording"));
        int writers = 4;
        int commitsEach = 8;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                futures.add(pool.submit(() -> {
                    for (int c = 0; c < commitsEach; c++) {
                        commitRow(table, writer * 1000 + c);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        int total = writers * commitsEach;
        assertThat(TestCommitHookProvider.recorded(table))
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
        assertThat(TestCommitHookProvider.closed(table)).isEqualTo(total);
    }

    @Test
    void aFailingCallbackLeavesTheSnapshotCommittedAndSaysSo() throws Exception {
        Table table = table("failing",
                Map.of(TestCommitHookProvider.CALLBACKS_OPTION, "recording,failing,recording"));

        UncheckedIOException error = null;
        for (int key = 1; key <= 2; key++) {
            try (BatchWrite w = table.newBatchWrite()) {
                w.write(GenericRow.of(key, Utf8String.fromString("row " + key)));
                int attempt = key;
                assertThatThrownBy(w::commit).isInstanceOf(CommitCallbackException.class)
                        .hasMessageContaining("Snapshot " + attempt + " of table " + table.location())
                        .hasMessageContaining("was committed and stays committed")
                        .hasMessageContaining("commit callback " + TestCommitHookProvider.FailingCallback.class.getName())
                        .hasMessageContaining("metastore unreachable (test)")
                        .hasMessageNotContaining("failed: Commit");
            }
        }
        assertThat(TestRows.readAll(table)).as("both commits landed, with their data files")
                .containsExactly("[1, row 1]", "[2, row 2]");
        assertThat(TestCommitHookProvider.recorded(table)).as("the callbacks after the failing one still ran")
                .containsExactly(1L, 1L, 2L, 2L);

        // Compaction: the COMPACT snapshot landed, so its new files must not be removed as after a failure.
        assertThatThrownBy(table::compactFull).hasRootCauseMessage("metastore unreachable (test)")
                .hasMessageContaining("Snapshot 3 of table " + table.location())
                .isInstanceOfSatisfying(CommitCallbackException.class, e -> {
                    assertThat(e.snapshotId()).isEqualTo(3);
                    assertThat(e.table()).isEqualTo(table.location());
                });
        assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
        assertThat(TestRows.readAll(table)).containsExactly("[1, row 1]", "[2, row 2]");
        assertThat(TestCommitHookProvider.closed(table)).as("3 callbacks each for 2 writers and 1 compaction")
                .isEqualTo(9);
    }

    @Test
    void severalFailingCallbacksAreAllNamed() throws Exception {
        Table table = table("failing_twice", Map.of(TestCommitHookProvider.CALLBACKS_OPTION, "failing,failing"));
        assertThatThrownBy(() -> commitRow(table, 1)).isInstanceOf(CommitCallbackException.class)
                .hasMessageContaining("Snapshot 1 of table " + table.location())
                .hasMessageContaining("2 commit callbacks failed")
                .satisfies(e -> assertThat(e.getSuppressed()).hasSize(1));
        assertThat(TestRows.readAll(table)).containsExactly("[1, row 1]");
    }

    @Test
    void aLockThatCannotBeTakenFailsTheCommitAndLeavesTheTableUnchanged() throws Exception {
        Table table = table("unlockable", Map.of(TestCommitHookProvider.LOCK_OPTION, "unavailable",
                TestCommitHookProvider.CALLBACKS_OPTION, "recording"));
        long filesBefore = countFiles();

        assertThatThrownBy(() -> commitRow(table, 1)).isInstanceOf(CommitFailedException.class)
                .hasMessageContaining("Could not take the commit lock of table " + table.location())
                .hasMessageContaining("the commit changed nothing")
                .hasMessageContaining("Timed out after 0 ms");
        assertThat(table.compactFull()).as("nothing to compact: no snapshot, so no lock is taken").isEqualTo(-1);

        assertThat(table.latestSnapshot()).isEmpty();
        assertThat(countFiles()).as("no data file, manifest or snapshot left behind").isEqualTo(filesBefore);
        assertThat(TestCommitHookProvider.recorded(table)).isEmpty();
        assertThat(TestCommitHookProvider.closed(table)).as("lock and callback closed, writer and compaction")
                .isEqualTo(4);
    }

    @Test
    void aLockThatFailsOnReleaseAfterTheSnapshotLandedDoesNotUndoTheCommit() throws Exception {
        Table table = table("release", Map.of(TestCommitHookProvider.LOCK_OPTION, "fails-on-release"));
        assertThat(commitRow(table, 1)).isEqualTo(1);
        assertThat(commitRow(table, 2)).isEqualTo(2);
        assertThat(TestRows.readAll(table)).containsExactly("[1, row 1]", "[2, row 2]");
    }

    private long countFiles() throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }
}
