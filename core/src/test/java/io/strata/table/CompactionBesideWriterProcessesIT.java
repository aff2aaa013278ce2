package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.testing.SecondJvm;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 15, defect 4: a compaction in a process of its own, as {@code strata compact} runs, lands beside
 * three writer processes that each commit about every 50 ms (together some 20 to 40 commits a second
 * on this 2-core machine). It used to give up after 11 lost races: each attempt read every manifest of
 * the latest snapshot and every snapshot since the commit began, and so took longer than the gap between
 * two commits of the writers. Every compaction must land, no writer may lose a commit, and the rows must
 * be exactly what the writers wrote last per key.
 */
class CompactionBesideWriterProcessesIT {

    private static final int WRITERS = 3;
    private static final int COMMITS_PER_WRITER = 150;
    private static final long PAUSE_MILLIS = 50;

    @TempDir
    Path dir;

    @Test
    void everyCompactionLandsBesideThreeBusyWriterProcesses() throws Exception {
        Path warehouse = dir.resolve("warehouse");
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(new Configuration()),
                new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        catalog.createTable(BusyTableProcess.TABLE, Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .primaryKey("k")
                .option("bucket", "2")
                // Compaction is the dedicated process's job, as in Paimon's dedicated compaction.
                .option("write-only", "true")
                .build(), false);

        List<Process> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            writers.add(jvm("writer-" + w).args("write", warehouse.toUri().toString(), Integer.toString(w),
                    Integer.toString(COMMITS_PER_WRITER), Long.toString(PAUSE_MILLIS))
                    .start(dir.resolve("writer-" + w + ".log"), "ready"::equals, Duration.ofSeconds(60)));
        }
        long start = System.nanoTime();
        List<String> compactions = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        int landed = 0;
        while (writers.stream().anyMatch(Process::isAlive)) {
            SecondJvm compactor = jvm("compactor-" + compactions.size()).args("compact", warehouse.toUri().toString());
            SecondJvm.Finished finished = compactor.run(Duration.ofMinutes(5));
            String line = finished.logTail().lines().filter(l -> l.startsWith("compacted ")).findFirst().orElse("");
            compactions.add(line.isEmpty() ? "exit " + finished.exitCode() : line);
            if (finished.exitCode() != 0 || line.isEmpty()) {
                failures.add(finished.logTail());
            } else if (!line.startsWith("compacted -1 ")) {
                landed++;
            }
        }
        for (int w = 0; w < WRITERS; w++) {
            assertThat(writers.get(w).waitFor(1, TimeUnit.MINUTES)).isTrue();
            assertThat(writers.get(w).exitValue()).as("writer %d exit code; its log: %s", w, dir.resolve("writer-" + w + ".log"))
                    .isZero();
        }
        double seconds = (System.nanoTime() - start) / 1e9;

        SnapshotManager snapshots = new SnapshotManager(FileIO.local(),
                new org.apache.hadoop.fs.Path(warehouse.resolve("db.db/busy").toUri()));
        long appends = 0;
        long compacts = 0;
        for (Snapshot s : snapshots.snapshots()) {
            if (s.commitKind() == CommitKind.APPEND) {
                appends++;
            } else if (s.commitKind() == CommitKind.COMPACT) {
                compacts++;
            }
        }
        System.out.printf("[CompactionBesideWriterProcessesIT] %d writer commits in %.1f s (%.1f per second); "
                + "%d compaction processes (%s), %d landed, %d failed%n", appends, seconds, appends / seconds,
                compactions.size(), String.join("; ", compactions), landed, failures.size());
        assertThat(failures).as("compactions that failed").isEmpty();
        // Under a loaded machine (a full build beside) one compaction can take the writers' whole run to land:
        // what must hold is that none gives up.
        assertThat(landed).as("compactions that landed").isPositive();
        assertThat(compacts).isEqualTo(landed);
        assertThat(appends).as("every writer's commit landed").isEqualTo((long) WRITERS * COMMITS_PER_WRITER);

        Map<Integer, String> model = new TreeMap<>();
        for (int w = 0; w < WRITERS; w++) {
            for (int c = 0; c < COMMITS_PER_WRITER; c++) {
                for (int r = 0; r < BusyTableProcess.ROWS_PER_COMMIT; r++) {
                    model.put(BusyTableProcess.key(w, c, r), BusyTableProcess.value(w, c));
                }
            }
        }
        List<String> expected = new ArrayList<>();
        model.forEach((k, v) -> expected.add("[" + k + ", " + v + "]"));
        expected.sort(null);
        assertThat(TestRows.readAll(catalog.loadTable(BusyTableProcess.TABLE))).containsExactlyElementsOf(expected);
    }

    private SecondJvm jvm(String name) throws Exception {
        return SecondJvm.of(Files.createDirectories(dir.resolve(name)), BusyTableProcess.class)
                .classPath(SecondJvm.testClassPath())
                .jvmOptions(List.of("-Xmx256m"));
    }
}
