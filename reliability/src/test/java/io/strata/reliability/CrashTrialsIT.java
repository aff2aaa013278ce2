package io.strata.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.fs.FileIO;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.Table;
import io.strata.testing.SecondJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of real writer processes ({@link TableWorker}) on one table, trial after trial: ingest alone,
 * ingest beside a compaction, a stream write (exactly-once: its successor replays its last commit, which must be
 * dropped), orphan removal, a stream write beside a compaction, and ingest beside an expiration. Half the kills
 * come at a random moment, half right after a new manifest, manifest list or snapshot file appears. After each kill every
 * snapshot present must read and equal the model of the batch its marker names, no batch that a worker
 * reported committed may be missing, orphan removal must then leave every snapshot as it was, and the next
 * trial goes on from there. Prints the figures; {@code -Dreliability.trials} sets the number of trials
 * (run-reliability-suite.sh runs 500).
 */
class CrashTrialsIT {

    /** In turn; a stream write after orphan removal resumes the stream before it and replays its last commit. */
    private static final String[][] KINDS = {{"ingest"}, {"ingest", "compact"}, {"stream"}, {"orphans"},
        {"stream", "compact"}, {"ingest", "expire"}};

    @TempDir
    Path dir;

    @Test
    void everyKillLeavesEverySnapshotReadableAndComplete() throws Exception {
        int trials = Integer.getInteger("reliability.trials", 8);
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        Random random = new Random(seed);
        FileSystemCatalog catalog = new FileSystemCatalog(new FileIO(new Configuration()),
                new org.apache.hadoop.fs.Path(dir.resolve("warehouse").toUri()));
        Table table = ChangeBatches.createTable(catalog,
                Map.of("snapshot.num-retained.min", "5", "snapshot.num-retained.max", "12"));
        Path tableDir = Path.of(table.location().toUri());

        int killsOnFile = 0;
        int killsInFlight = 0;
        int orphansRemoved = 0;
        int lostCommits = 0;
        int corruptSnapshots = 0;
        int partialBatches = 0;
        int replaysApplied = 0;
        int replaysDropped = 0;
        int snapshotsChecked = 0;
        int lastBatch = 0;
        List<String> problems = new ArrayList<>();
        long start = System.nanoTime();
        for (int trial = 0; trial < trials; trial++) {
            String[] kind = KINDS[trial % KINDS.length];
            if (kind[0].equals("orphans") && lastBatch == 0) {
                kind = KINDS[0];
            }
            Set<String> filesBefore = ModelCheck.metadataFiles(tableDir);
            List<Process> workers = new ArrayList<>();
            List<Path> logs = new ArrayList<>();
            for (String mode : kind) {
                Path work = Files.createDirectories(dir.resolve("trial-" + trial + "-" + mode));
                Path log = work.resolve("out.log");
                logs.add(log);
                workers.add(SecondJvm.of(work, TableWorker.class).carrying(ChangeBatches.class, ChangeBatches.Change.class)
                        .classPath(SecondJvm.testClassPath()).jvmOptions(List.of("-Xmx256m"))
                        .args(mode, table.location().toString())
                        .start(log, "ready"::equals, Duration.ofSeconds(60)));
            }
            boolean onFile = random.nextBoolean() && !kind[0].equals("orphans");
            if (onFile) {
                // Right after the commit protocol wrote one more of its files.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                int skip = random.nextInt(6);
                while (System.nanoTime() < deadline) {
                    Set<String> now = ModelCheck.metadataFiles(tableDir);
                    now.removeAll(filesBefore);
                    if (now.size() > skip) {
                        break;
                    }
                }
                killsOnFile++;
            } else {
                Thread.sleep(random.nextInt(kind[0].equals("orphans") ? 300 : 2500));
            }
            for (Process p : workers) {
                p.destroyForcibly();
            }
            for (Process p : workers) {
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            }

            // What the killed ingest reported committed must be in the table.
            int reported = 0;
            for (Path log : logs) {
                for (String line : Files.readAllLines(log)) {
                    if (line.startsWith("replay dropped ")) {
                        replaysDropped++;
                    }
                    if (line.startsWith("committed ")) {
                        reported = Math.max(reported, Integer.parseInt(line.substring("committed ".length())));
                    }
                }
            }
            Table reloaded = catalog.loadTable(ChangeBatches.TABLE);
            int latest = TableWorker.lastBatch(reloaded);
            if (latest < reported || latest < lastBatch) {
                lostCommits++;
                problems.add("trial " + trial + ": table ends with batch " + latest + ", reported " + reported
                        + ", before " + lastBatch);
            }
            lastBatch = Math.max(lastBatch, latest);

            List<org.apache.hadoop.fs.Path> orphans = reloaded.removeOrphanFiles().olderThan(Instant.now().minusMillis(1)).list();
            if (!orphans.isEmpty()) {
                killsInFlight++;
            }
            replaysApplied += streamIdentifiersLandedTwice(reloaded, trial, problems);
            int[] checked = ModelCheck.snapshots(reloaded, tableDir, "trial " + trial, problems);
            snapshotsChecked += checked[0];
            corruptSnapshots += checked[1];
            partialBatches += checked[2];
            orphansRemoved += reloaded.removeOrphanFiles().olderThan(Instant.now().minusMillis(1)).execute().size();
            int[] after = ModelCheck.snapshots(reloaded, tableDir, "trial " + trial, problems);
            corruptSnapshots += after[1];
            partialBatches += after[2];
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "[CrashTrialsIT] seed %d: %d trials in %.0f s (ingest, ingest + compaction,"
                + " stream write, orphan removal, stream write + compaction, ingest + expiration in turn); %d killed"
                + " right after a commit file appeared,"
                + " %d left files of unfinished work (killed mid-commit); %d batches committed; %d snapshot reads"
                + " checked against the model; corrupt snapshots %d, lost commits %d, partial batches %d; replayed"
                + " stream commits dropped %d, applied twice %d; %d orphan files removed, every snapshot intact"
                + " afterwards%n", seed, trials, seconds, killsOnFile, killsInFlight, lastBatch, snapshotsChecked, corruptSnapshots,
                lostCommits, partialBatches, replaysDropped, replaysApplied, orphansRemoved);
        assertThat(problems).isEmpty();
        assertThat(lastBatch).as("batches committed over all trials").isPositive();
    }

    /**
     * Exactly-once: the stream workers' APPEND snapshots carry growing identifiers; one that appears twice was a
     * replay applied again. Returns how many such duplicates the retained snapshots show.
     */
    private static int streamIdentifiersLandedTwice(Table table, int trial, List<String> problems) {
        Set<Long> seen = new HashSet<>();
        int twice = 0;
        List<Snapshot> retained;
        try {
            retained = table.snapshots().snapshots();
        } catch (RuntimeException e) {
            // An unreadable snapshot: checkSnapshots counts and reports it.
            return 0;
        }
        for (Snapshot s : retained) {
            if (TableWorker.STREAM_USER.equals(s.commitUser()) && s.commitKind() == CommitKind.APPEND
                    && !seen.add(s.commitIdentifier())) {
                twice++;
                problems.add("trial " + trial + ": stream commit " + s.commitIdentifier() + " landed twice");
            }
        }
        return twice;
    }
}
