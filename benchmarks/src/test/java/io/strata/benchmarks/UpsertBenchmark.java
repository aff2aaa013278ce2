package io.strata.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Upsert write and merged read throughput of Strata and Apache Paimon, side by side in one JVM on one
 * generated data set, per file format. How to run it and recorded figures: {@code docs/benchmarks.md}.
 *
 * <p>Each iteration writes a fresh table with each engine (the engine that goes first alternates), then
 * reads each table merged with the engine that wrote it, and reads Paimon's table with Strata as a
 * cross-check. Warm-up iterations run the same steps untimed. Every read must return exactly the rows
 * the data set implies (count and a checksum of every field of every row, {@link RowDigest}), or the run
 * fails. Throughput is the median over the measured iterations.
 */
public final class UpsertBenchmark {

    private static final String WRITE = "upsert write";
    private static final String READ = "merged read";
    private static final String CROSS_READ = "merged read of Paimon's table";

    private final BenchmarkOptions options;
    private final StrataEngine strata = new StrataEngine();
    private final PaimonEngine paimon = new PaimonEngine();
    /** format -> operation -> engine -> {rows/s, rows/cpu-s, load} of each measured iteration. */
    private final Map<String, Map<String, Map<String, List<double[]>>>> results = new LinkedHashMap<>();

    private UpsertBenchmark(BenchmarkOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        System.out.println("UpsertBenchmark: " + options);
        System.out.println("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " mb, "
                + Runtime.getRuntime().availableProcessors() + " processors");
        long start = System.nanoTime();
        UpsertDataSet data = new UpsertDataSet(options.seed(), options.rows(), options.keySpace(), options.commits(),
                options.deletePercent());
        System.out.printf(Locale.ROOT, "Generated %,d rows in %.1f s%n", data.rows, (System.nanoTime() - start) / 1e9);
        new UpsertBenchmark(options).run(data);
    }

    private void run(UpsertDataSet data) throws Exception {
        RowDigest expected = data.expectedDigest();
        System.out.println("Expected merged rows: " + expected);
        boolean keep = options.keepDir() != null;
        Path root = keep ? Files.createDirectories(Path.of(options.keepDir())) : Files.createTempDirectory("strata-bench");
        try {
            for (String format : options.formats()) {
                int total = options.warmups() + options.iterations();
                for (int n = 0; n < total; n++) {
                    boolean measured = n >= options.warmups();
                    Path warehouse = root.resolve(format + "-" + n);
                    PaimonEngine.deleteTree(warehouse);
                    iteration(warehouse, format, data, expected, n % 2 == 0, measured);
                    if (!keep || n + 1 < total) {
                        PaimonEngine.deleteTree(warehouse);
                    }
                }
            }
        } finally {
            if (!keep) {
                PaimonEngine.deleteTree(root);
            }
        }
        System.out.println();
        System.out.print(table());
    }

    private void iteration(Path warehouse, String format, UpsertDataSet data, RowDigest expected, boolean strataFirst,
            boolean measured) throws Exception {
        Engine[] order = strataFirst ? new Engine[] {strata, paimon} : new Engine[] {paimon, strata};
        for (Engine e : order) {
            long[] rows = new long[1];
            Timing timing = timed(() -> rows[0] = e.write(warehouse, e.name().toLowerCase(Locale.ROOT), format, data, options));
            record(measured, format, WRITE, e.name(), rows[0], timing);
        }
        Path strataTable = warehouse.resolve("bench.db").resolve("strata");
        Path paimonTable = warehouse.resolve("bench.db").resolve("paimon");
        RowDigest[] digests = new RowDigest[3];
        for (Engine e : order) {
            Path own = e == strata ? strataTable : paimonTable;
            int slot = e == strata ? 0 : 1;
            Timing timing = timed(() -> digests[slot] = readRepeatedly(e, own));
            record(measured, format, READ, e.name(), digests[slot].rows() * options.readRepeats(), timing);
        }
        Timing timing = timed(() -> digests[2] = readRepeatedly(strata, paimonTable));
        record(measured, format, CROSS_READ, strata.name(), digests[2].rows() * options.readRepeats(), timing);
        if (!digests[0].sameRowsAs(expected) || !digests[1].sameRowsAs(expected) || !digests[2].sameRowsAs(expected)) {
            throw new IllegalStateException("The merged reads do not return the expected rows (" + format
                    + "): expected " + expected + "; Strata reads " + digests[0] + " of its table, Paimon "
                    + digests[1] + " of its table, Strata " + digests[2] + " of Paimon's table");
        }
        System.out.printf(Locale.ROOT, "%s %s iteration: every read returned the expected %s%n", format,
                measured ? "measured" : "warm-up", expected);
    }

    /**
     * Reads the table {@code bench.readRepeats} times and returns the digest of one read (all must agree). A merged read of a
     * small table takes a fraction of a second; repeating it gives the JIT and a profiler a longer run.
     */
    private RowDigest readRepeatedly(Engine e, Path table) throws Exception {
        RowDigest digest = null;
        for (int r = 0; r < options.readRepeats(); r++) {
            RowDigest read = e.read(table);
            if (digest != null && !digest.sameRowsAs(read)) {
                throw new IllegalStateException(e.name() + " read " + table + " twice with different rows: " + digest
                        + ", then " + read);
            }
            digest = read;
        }
        return digest;
    }

    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /**
     * One step's wall time, the CPU time of the whole process (every thread: the engine's own helpers,
     * the garbage collector, the JIT) and the system load average (1 minute) at its end.
     */
    private record Timing(double seconds, double cpuSeconds, double load) {}

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private static Timing timed(Step step) throws Exception {
        System.gc();
        long cpuStart = OS.getProcessCpuTime();
        long start = System.nanoTime();
        step.run();
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = (OS.getProcessCpuTime() - cpuStart) / 1e9;
        return new Timing(seconds, cpu, OS.getSystemLoadAverage());
    }

    private void record(boolean measured, String format, String operation, String engine, long rows, Timing timing) {
        System.out.printf(Locale.ROOT, "  %-8s %-30s %-6s %,12.0f rows/s %,12.0f rows/cpu-s  (%.2f s, %.2f s cpu, load %.1f)%n",
                format, operation, engine, rows / timing.seconds(), rows / timing.cpuSeconds(), timing.seconds(),
                timing.cpuSeconds(), timing.load());
        if (measured) {
            Map<String, Map<String, List<double[]>>> ops = results.computeIfAbsent(format, f -> new LinkedHashMap<>());
            ops.computeIfAbsent(operation, o -> new LinkedHashMap<>())
                    .computeIfAbsent(engine, e -> new ArrayList<>())
                    .add(new double[] {rows / timing.seconds(), rows / timing.cpuSeconds(), timing.load()});
        }
    }

    /** The median of one field of the measured iterations' {@code {rows/s, rows/cpu-s, load}}. */
    private static double median(List<double[]> values, int field) {
        if (values == null || values.isEmpty()) {
            return Double.NaN;
        }
        double[] sorted = values.stream().mapToDouble(v -> v[field]).toArray();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /**
     * The results as a Markdown table of medians: wall-clock rows/s and rows per second of process CPU
     * time (steadier on a loaded machine), and the load average at the end of the steps. The cross-check
     * row puts Strata reading Paimon's table beside Paimon reading the same table.
     */
    private String table() {
        StringBuilder sb = new StringBuilder("| format | operation | Strata rows/s | Paimon rows/s | Strata/Paimon"
                + " | Strata rows/cpu-s | Paimon rows/cpu-s | Strata/Paimon (cpu) | load |\n"
                + "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (var byFormat : results.entrySet()) {
            Map<String, Map<String, List<double[]>>> ops = byFormat.getValue();
            for (String op : List.of(WRITE, READ, CROSS_READ)) {
                List<double[]> strataValues = ops.getOrDefault(op, Map.of()).get("Strata");
                String paimonOp = op.equals(CROSS_READ) ? READ : op;
                List<double[]> paimonValues = ops.getOrDefault(paimonOp, Map.of()).get("Paimon");
                double s = median(strataValues, 0);
                double p = median(paimonValues, 0);
                double sCpu = median(strataValues, 1);
                double pCpu = median(paimonValues, 1);
                sb.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f | %.2f | %,.0f | %,.0f | %.2f | %.1f |%n",
                        byFormat.getKey(), op, s, p, s / p, sCpu, pCpu, sCpu / pCpu, median(strataValues, 2)));
            }
        }
        return sb.toString();
    }
}
