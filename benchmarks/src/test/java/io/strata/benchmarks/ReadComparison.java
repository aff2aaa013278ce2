package io.strata.benchmarks;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads tables with Strata, alternating between them, and prints rows/s per read: for telling whether
 * a difference in read speed comes from the tables (their files) or from the order of the benchmark's
 * steps. Keep the benchmark's tables with {@code -Dbench.keep=<dir>}, then:
 * {@code ReadComparison <rounds> <table directory>...}.
 */
public final class ReadComparison {

    private ReadComparison() {}

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        for (int t = 1; t < args.length; t++) {
            printPlan(Path.of(args[t]));
        }
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        StrataEngine strata = new StrataEngine();
        double[] best = new double[args.length - 1];
        double[] total = new double[args.length - 1];
        double[] cpuTotal = new double[args.length - 1];
        for (int round = 0; round < rounds; round++) {
            for (int t = 1; t < args.length; t++) {
                System.gc();
                long start = System.nanoTime();
                long cpuStart = threads.getCurrentThreadCpuTime();
                RowDigest digest = strata.read(Path.of(args[t]));
                double cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
                double seconds = (System.nanoTime() - start) / 1e9;
                cpuTotal[t - 1] += cpu;
                double rate = digest.rows() / seconds;
                best[t - 1] = Math.max(best[t - 1], rate);
                total[t - 1] += seconds;
                System.out.printf(Locale.ROOT, "round %d %s: %,.0f rows/s, %.3f s cpu (%s)%n", round, args[t], rate, cpu,
                        digest);
            }
        }
        for (int t = 1; t < args.length; t++) {
            System.out.printf(Locale.ROOT, "%s: best %,.0f rows/s, %.3f s in all, %.3f s cpu in all%n", args[t],
                    best[t - 1], total[t - 1], cpuTotal[t - 1]);
        }
    }

    /** The files of each split as Strata plans the table: level, rows, sequence numbers, key range. */
    private static void printPlan(Path tableDir) throws Exception {
        io.strata.table.Table table = io.strata.catalog.Tables.load(io.strata.fs.FileIO.local(),
                new org.apache.hadoop.fs.Path(tableDir.toUri()));
        System.out.println("plan of " + tableDir + ", options " + table.schema().options());
        for (io.strata.table.Split split : table.newScan().plan().splits()) {
            System.out.println("  bucket " + split.bucket() + ": " + split.files().size() + " files");
            for (io.strata.manifest.DataFileMeta f : split.files()) {
                System.out.printf(Locale.ROOT, "    %s level %d, %,d rows, %,d bytes, seq %d..%d, deletes %s, source %s%n",
                        f.fileName(), f.level(), f.rowCount(), f.fileSize(), f.minSequenceNumber(), f.maxSequenceNumber(),
                        f.deleteRowCount(), f.fileSource());
            }
        }
    }
}
