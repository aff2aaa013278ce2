package io.strata.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.fs.FileIO;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import io.strata.testing.SecondJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of a Hive process in the middle of its writes ({@link HiveWriter}: HiveQL {@code MERGE}
 * statements through the embedded Hive 4.1 of {@code strata sql}), on Tez and on MapReduce in turn. Half the
 * kills come at a random moment of the statements after the first, half right after a statement wrote one more
 * file (a data file of a task, a staged commit message, a manifest or the snapshot). After each kill every
 * snapshot must read and equal the model of its batch (no statement partly visible), no statement Hive reported
 * done may be missing, and orphan removal must delete what the killed statement left (its data files and staging
 * directory) and leave every snapshot as it was. Prints the figures; {@code -Dreliability.hive-trials} sets the
 * number of trials (run-reliability-suite.sh: 30).
 */
class HiveWriteCrashTrialsIT {

    private static final String[] ENGINES = {"TEZ", "MR"};

    @TempDir
    Path dir;

    @Test
    void everyKilledHiveStatementLeavesTheTableWholeAndItsFilesRemovable() throws Exception {
        int trials = Integer.getInteger("reliability.hive-trials", 1);
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        Random random = new Random(seed);
        Path warehouse = dir.resolve("warehouse");
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(new Configuration()),
                new org.apache.hadoop.fs.Path(warehouse.toUri()));
        Table table = ChangeBatches.createTable(catalog, Map.of());
        Path tableDir = Path.of(table.location().toUri());
        List<String> hiveOptions = new ArrayList<>(List.of("-Xmx1g"));
        hiveOptions.addAll(SecondJvm.openedModules());

        int killsOnFile = 0;
        int killsInFlight = 0;
        int statementsCommitted = 0;
        int orphansRemoved = 0;
        int lostCommits = 0;
        int corruptSnapshots = 0;
        int partialBatches = 0;
        int snapshotsChecked = 0;
        int lastBatch = 0;
        List<String> problems = new ArrayList<>();
        long start = System.nanoTime();
        for (int trial = 0; trial < trials; trial++) {
            String engine = ENGINES[trial % ENGINES.length];
            Path work = Files.createDirectories(dir.resolve("trial-" + trial));
            Path log = work.resolve("out.log");
            Process hive = SecondJvm.of(work, HiveWriter.class)
                    .carrying(ChangeBatches.class, ChangeBatches.Change.class, TableWorker.class)
                    .classPath(SecondJvm.testClassPath()).jvmOptions(hiveOptions)
                    .args(warehouse.toString(), table.location().toString(), engine)
                    .start(log, "ready"::equals, Duration.ofMinutes(3));
            // Kills hit a statement after the process's first: each trial commits at least one, and the first
            // (compiling Hive's classes for a while) is no different a statement from the rest.
            awaitLine(log, "committed ", Duration.ofMinutes(3));
            List<Path> filesBefore = tableFiles(tableDir);
            boolean onFile = random.nextBoolean();
            if (onFile) {
                // Right after the statements wrote one more file; the first statements compile for a while.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                int skip = random.nextInt(8);
                while (System.nanoTime() < deadline) {
                    List<Path> now = tableFiles(tableDir);
                    now.removeAll(filesBefore);
                    if (now.size() > skip) {
                        break;
                    }
                    Thread.sleep(5);
                }
                killsOnFile++;
            } else {
                Thread.sleep(random.nextInt(8_000));
            }
            hive.destroyForcibly();
            assertThat(hive.waitFor(60, TimeUnit.SECONDS)).isTrue();

            int reported = 0;
            for (String line : Files.readAllLines(log)) {
                if (line.startsWith("committed ")) {
                    reported = Math.max(reported, Integer.parseInt(line.substring("committed ".length())));
                }
            }
            Table reloaded = catalog.loadTable(ChangeBatches.TABLE);
            int latest = TableWorker.lastBatch(reloaded);
            if (latest < reported || latest < lastBatch) {
                lostCommits++;
                problems.add("trial " + trial + " (" + engine + "): table ends with batch " + latest + ", Hive reported "
                        + reported + ", before " + lastBatch);
            }
            statementsCommitted += latest - lastBatch;
            lastBatch = Math.max(lastBatch, latest);

            String label = "trial " + trial + " (" + engine + ")";
            int[] checked = ModelCheck.snapshots(reloaded, tableDir, label, problems);
            snapshotsChecked += checked[0];
            corruptSnapshots += checked[1];
            partialBatches += checked[2];
            int removed = reloaded.removeOrphanFiles().olderThan(Instant.now().minusMillis(1)).execute().size();
            if (removed > 0) {
                killsInFlight++;
            }
            orphansRemoved += removed;
            Path staging = tableDir.resolve(TablePaths.STAGING_DIRECTORY);
            if (Files.isDirectory(staging)) {
                try (Stream<Path> left = Files.walk(staging)) {
                    List<Path> files = left.filter(Files::isRegularFile).toList();
                    if (!files.isEmpty()) {
                        problems.add(label + ": staged files left after orphan removal: " + files);
                    }
                }
            }
            int[] after = ModelCheck.snapshots(reloaded, tableDir, label + " after orphan removal", problems);
            corruptSnapshots += after[1];
            partialBatches += after[2];
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "[HiveWriteCrashTrialsIT] seed %d: %d trials in %.0f s (Hive MERGE statements,"
                + " Tez and MapReduce in turn); %d killed right after the statement wrote a file, %d left files of an"
                + " unfinished statement; %d statements committed; %d snapshot reads checked against the model;"
                + " corrupt snapshots %d, lost statements %d, partly visible statements %d; %d orphan files removed,"
                + " every snapshot intact afterwards%n", seed, trials, seconds, killsOnFile, killsInFlight,
                statementsCommitted, snapshotsChecked, corruptSnapshots, lostCommits, partialBatches, orphansRemoved);
        assertThat(problems).isEmpty();
        assertThat(lastBatch).as("statements committed over all trials").isPositive();
    }

    private static void awaitLine(Path log, String prefix, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.readAllLines(log).stream().anyMatch(line -> line.startsWith(prefix))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("No line '" + prefix + "...' in " + timeout.toSeconds() + " s; the Hive process' output:\n"
                + SecondJvm.tail(Files.readString(log)));
    }

    /** Every file under the table directory (data files, staged messages, manifests, snapshots). */
    private static List<Path> tableFiles(Path tableDir) throws Exception {
        try (Stream<Path> files = Files.walk(tableDir)) {
            return new ArrayList<>(files.filter(Files::isRegularFile).toList());
        }
    }
}
