package io.strata.benchmarks;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.jobs.OrphanFilesJob;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * Orphan-file removal of one table with many partitions and buckets, in one process
 * ({@code Table.removeOrphanFiles().execute()}, as {@code strata expire --orphans} does) and as a MapReduce job
 * ({@link OrphanFilesJob}: Hadoop's local runner, {@code mapreduce.local.map.tasks.maximum} map tasks at a time),
 * on two tables written alike with the same orphans (one crashed writer's file per bucket, every file two days
 * old), after an untimed warm-up round, in alternating order; the median of {@code -Dbench.iterations} (3)
 * rounds. Checks that both delete the same number of files. Parameters: {@code -Dbench.partitions} (100),
 * {@code -Dbench.buckets} (8 per partition), {@code -Dbench.commits} (10), {@code -Dbench.rows} (400,000 in all),
 * {@code -Dbench.parallel} (map tasks at a time: the processors), {@code -Dbench.tasks} (map tasks of each kind:
 * 4 per parallel one). Run with {@code benchmarks/run-jobs-benchmark.sh orphan-files}; figures in
 * {@code docs/snapshot-lifecycle.md}.
 */
public final class OrphanFilesJobBenchmark {

    public static void main(String[] args) throws Exception {
        int partitions = Integer.getInteger("bench.partitions", 100);
        int buckets = Integer.getInteger("bench.buckets", 8);
        int commits = Integer.getInteger("bench.commits", 10);
        int rows = Integer.getInteger("bench.rows", 400_000);
        int parallel = Integer.getInteger("bench.parallel", Runtime.getRuntime().availableProcessors());
        int tasks = Integer.getInteger("bench.tasks", 4 * parallel);
        int iterations = Integer.getInteger("bench.iterations", 3);
        System.out.printf(Locale.ROOT, "OrphanFilesJobBenchmark: partitions=%d buckets=%d commits=%d rows=%,d"
                + " parallel=%d tasks=%d iterations=%d, %d processors, max heap %d mb%n", partitions, buckets, commits,
                rows, parallel, tasks, iterations, Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        Path root = Files.createTempDirectory("strata-orphans-bench");
        try {
            FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                    new org.apache.hadoop.fs.Path(root.resolve("lake").toUri()));
            catalog.createDatabase("bench", true);
            round(catalog, root, "warmup", Math.max(partitions / 10, 1), buckets, commits, rows / 10, parallel, tasks,
                    true);
            List<double[]> times = new ArrayList<>();
            for (int i = 0; i < iterations; i++) {
                times.add(round(catalog, root, "i" + i, partitions, buckets, commits, rows, parallel, tasks,
                        i % 2 == 0));
            }
            double local = JobBenchmarks.median(times, 0);
            double distributed = JobBenchmarks.median(times, 1);
            System.out.printf(Locale.ROOT, "median of %d: in one process %.2f s; MapReduce job, %d tasks of each kind,"
                    + " %d at a time: %.2f s; the job takes %.2fx the time%n", iterations, local, tasks, parallel,
                    distributed, distributed / local);
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static double[] round(FileSystemCatalog catalog, Path root, String name, int partitions, int buckets,
            int commits, int rows, int parallel, int tasks, boolean localFirst) throws Exception {
        Table inProcess = write(catalog, name + "_in_process", partitions, buckets, commits, rows);
        Table job = write(catalog, name + "_job", partitions, buckets, commits, rows);
        long files = age(inProcess);
        age(job);
        double[] times = new double[2];
        int[] deleted = new int[2];
        for (int step = 0; step < 2; step++) {
            boolean local = (step == 0) == localFirst;
            long start = System.nanoTime();
            if (local) {
                deleted[0] = inProcess.removeOrphanFiles().execute().size();
            } else {
                Configuration conf = JobBenchmarks.localRunner(root, parallel);
                deleted[1] = OrphanFilesJob.of(conf, job).tasks(tasks).run().orphans().size();
            }
            times[local ? 0 : 1] = (System.nanoTime() - start) / 1e9;
        }
        if (deleted[0] != deleted[1] || deleted[0] != partitions * buckets) {
            throw new IllegalStateException("Orphans deleted: " + deleted[0] + " in one process, " + deleted[1]
                    + " by the job, expected " + partitions * buckets);
        }
        System.out.printf(Locale.ROOT, "%s: %,d files, %,d orphans: in one process %.2f s, MapReduce job %.2f s (%s"
                + " first)%n", name, files, deleted[0], times[0], times[1], localFirst ? "in-process" : "job");
        return times;
    }

    /** {@code commits} batch writes spread over every partition and bucket, then one orphan per bucket. */
    private static Table write(FileSystemCatalog catalog, String name, int partitions, int buckets, int commits,
            int rows) throws Exception {
        Table table = catalog.createTable(Identifier.of("bench", name), Schema.newBuilder()
                .column("day", DataTypes.INT().withNullable(false))
                .column("id", DataTypes.BIGINT().withNullable(false))
                .column("name", DataTypes.STRING())
                .primaryKey("day", "id")
                .partitionKeys("day")
                .option("bucket", String.valueOf(buckets))
                .option("file.format", "parquet")
                .option("write-only", "true")
                .build(), false);
        Random random = new Random(7);
        for (int c = 0; c < commits; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int i = 0; i < rows / commits; i++) {
                    long id = random.nextInt(rows);
                    w.write(GenericRow.of(random.nextInt(partitions), id, Utf8String.fromString("customer-" + id)));
                }
                w.commit();
            }
        }
        Path dir = Path.of(table.location().toUri());
        try (Stream<Path> bucketDirs = Files.walk(dir, 2)) {
            for (Path bucket : bucketDirs.filter(p -> p.getFileName().toString().startsWith("bucket-")).toList()) {
                Files.writeString(bucket.resolve("data-crashed-writer-0.parquet"), "left by a crashed writer");
            }
        }
        return table;
    }

    /** Makes every file of the table two days old (so all are candidates); returns how many there are. */
    private static long age(Table table) throws Exception {
        FileTime old = FileTime.from(Instant.now().minus(Duration.ofDays(2)));
        long count = 0;
        try (Stream<Path> files = Files.walk(Path.of(table.location().toUri()))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.setLastModifiedTime(f, old);
                count++;
            }
        }
        return count;
    }
}
