package io.strata.benchmarks;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.jobs.CompactionJob;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;

/**
 * A full compaction of one primary-key table with many buckets, in one process ({@code Table.compactFull()},
 * one bucket after the other, as {@code strata compact} does) and as a MapReduce job ({@link CompactionJob}:
 * Hadoop's local runner, map tasks as threads, {@code mapreduce.local.map.tasks.maximum} of them at a time), on
 * two tables written alike, after an untimed warm-up round, in alternating order; the median of
 * {@code -Dbench.iterations} (3) rounds. Checks that both compactions leave the same row count and one file per
 * bucket. Parameters: {@code -Dbench.buckets} (64), {@code -Dbench.rows} (4,000,000 in all),
 * {@code -Dbench.commits} (5 sorted runs per bucket), {@code -Dbench.parallel} (map tasks at a time: the
 * processors), {@code -Dbench.tasks} (map tasks: 4 per parallel one). Run with
 * {@code benchmarks/run-jobs-benchmark.sh compaction}; figures in {@code docs/compaction.md}.
 */
public final class CompactionJobBenchmark {

    public static void main(String[] args) throws Exception {
        int buckets = Integer.getInteger("bench.buckets", 64);
        int rows = Integer.getInteger("bench.rows", 4_000_000);
        int commits = Integer.getInteger("bench.commits", 5);
        int parallel = Integer.getInteger("bench.parallel", Runtime.getRuntime().availableProcessors());
        int tasks = Integer.getInteger("bench.tasks", 4 * parallel);
        int iterations = Integer.getInteger("bench.iterations", 3);
        System.out.printf(Locale.ROOT, "CompactionJobBenchmark: buckets=%d rows=%,d commits=%d parallel=%d tasks=%d"
                + " iterations=%d, %d processors, max heap %d mb%n", buckets, rows, commits, parallel, tasks, iterations,
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        Path root = Files.createTempDirectory("strata-compaction-bench");
        try {
            FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                    new org.apache.hadoop.fs.Path(root.resolve("lake").toUri()));
            catalog.createDatabase("bench", true);
            // One untimed round on a small table: class loading and JIT of both paths, MapReduce's start-up.
            round(catalog, root, "warmup", buckets, Math.max(rows / 20, 1000), commits, parallel, tasks, true);
            List<double[]> times = new ArrayList<>();
            for (int i = 0; i < iterations; i++) {
                times.add(round(catalog, root, "i" + i, buckets, rows, commits, parallel, tasks, i % 2 == 0));
            }
            double local = JobBenchmarks.median(times, 0);
            double distributed = JobBenchmarks.median(times, 1);
            System.out.printf(Locale.ROOT, "median of %d: in one process %.2f s (%,.0f rows/s); MapReduce job, %d tasks,"
                    + " %d at a time: %.2f s (%,.0f rows/s); the job takes %.2fx the time%n", iterations, local,
                    rows / local, tasks, parallel, distributed, rows / distributed, distributed / local);
        } finally {
            try (var files = Files.walk(root)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Two tables written alike, one compacted in this process and one by the job; returns both times. */
    private static double[] round(FileSystemCatalog catalog, Path root, String name, int buckets, int rows, int commits,
            int parallel, int tasks, boolean localFirst) throws Exception {
        Table inProcess = write(catalog, name + "_in_process", buckets, rows, commits);
        Table job = write(catalog, name + "_job", buckets, rows, commits);
        double[] times = new double[2];
        for (int step = 0; step < 2; step++) {
            boolean local = (step == 0) == localFirst;
            long start = System.nanoTime();
            if (local) {
                inProcess.compactFull();
            } else {
                Configuration conf = JobBenchmarks.localRunner(root, parallel);
                CompactionJob.of(conf, job).tasks(tasks).run();
            }
            times[local ? 0 : 1] = (System.nanoTime() - start) / 1e9;
        }
        long inProcessRows = check(inProcess, buckets);
        long jobRows = check(job, buckets);
        if (inProcessRows != jobRows) {
            throw new IllegalStateException("The compactions differ: " + inProcessRows + " rows in one process, "
                    + jobRows + " by the job");
        }
        System.out.printf(Locale.ROOT, "%s: in one process %.2f s, MapReduce job %.2f s (%s first; %,d rows after)%n",
                name, times[0], times[1], localFirst ? "in-process" : "job", jobRows);
        return times;
    }

    /** {@code commits} batch writes of {@code rows / commits} rows each: one sorted run per bucket each. */
    private static Table write(FileSystemCatalog catalog, String name, int buckets, int rows, int commits) {
        Table table = catalog.createTable(Identifier.of("bench", name), Schema.newBuilder()
                .column("id", DataTypes.BIGINT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.DOUBLE())
                .primaryKey("id")
                .option("bucket", String.valueOf(buckets))
                .option("file.format", "orc")
                .option("write-only", "true")
                .build(), false);
        Random random = new Random(7);
        for (int c = 0; c < commits; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int i = 0; i < rows / commits; i++) {
                    long id = random.nextInt(rows);
                    w.write(GenericRow.of(id, Utf8String.fromString("customer-" + id), random.nextDouble() * 1000));
                }
                w.commit();
            }
        }
        return table;
    }

    /** The rows left after compaction, checking that each bucket is one file. */
    private static long check(Table table, int buckets) {
        long stored = 0;
        int files = 0;
        for (Split split : table.newCompaction().bucketsToCompact()) {
            stored += split.rowCount();
            files += split.files().size();
        }
        if (files != buckets) {
            throw new IllegalStateException(table.location() + ": " + files + " files after compaction, expected one"
                    + " per bucket (" + buckets + ")");
        }
        return stored;
    }
}
