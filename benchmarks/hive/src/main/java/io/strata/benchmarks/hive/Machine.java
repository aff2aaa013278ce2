package io.strata.benchmarks.hive;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What the benchmarks print about the machine and the process beside their figures (load average, CPU time,
 * memory), and the clean-up of their temporary directories. The machine is usually shared, so every figure
 * needs the load it was taken under.
 */
final class Machine {

    private Machine() {}

    /** The load average as {@code /proc/loadavg} gives it (1, 5, 15 min), or the JVM's one-minute figure. */
    static String loadAverage() {
        try {
            List<String> l = Files.readAllLines(Path.of("/proc/loadavg"));
            if (!l.isEmpty()) {
                String[] parts = l.get(0).split(" ");
                return parts[0] + " / " + parts[1] + " / " + parts[2] + " (1, 5, 15 min)";
            }
        } catch (IOException e) {
            // not Linux: the JVM's one-minute figure below
        }
        return String.format(Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /**
     * CPU time of this whole process in nanoseconds: every thread, which in local mode includes Hive's and Tez's
     * task threads, the garbage collector and the JIT compiler.
     */
    static long processCpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** Processors, physical memory and this JVM's maximum heap, for the header of a run. */
    static String description() {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return String.format(Locale.ROOT, "%d processors, %.1f GiB memory, -Xmx %.1f GiB, Java %s",
                Runtime.getRuntime().availableProcessors(), os.getTotalMemorySize() / (double) (1L << 30),
                Runtime.getRuntime().maxMemory() / (double) (1L << 30), System.getProperty("java.version"));
    }

    static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** The innermost cause's class and message: what Hive's wrapped exceptions are about. */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }

    /** Deletes {@code root} and everything under it; what cannot be deleted is reported under {@code logPrefix}. */
    static void deleteRecursively(Path root, String logPrefix) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (UncheckedIOException e) {
            // Tez's local threads may still be renaming files of the session while the walk lists them.
            System.err.println(logPrefix + " not everything under " + root + " could be deleted: " + e.getMessage());
        }
    }
}
