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
        StrataEngine strata = new StrataEngine();
        double[] best = new double[args.length - 1];
        double[] total = new double[args.length - 1];
        for (int round = 0; round < rounds; round++) {
            for (int t = 1; t < args.length; t++) {
                System.gc();
                long start = System.nanoTime();
                RowDigest digest = strata.read(Path.of(args[t]));
                double seconds = (System.nanoTime() - start) / 1e9;
                double rate = digest.rows() / seconds;
                best[t - 1] = Math.max(best[t - 1], rate);
                total[t - 1] += seconds;
                System.out.printf(Locale.ROOT, "round %d %s: %,.0f rows/s (%s)%n", round, args[t], rate, digest);
            }
        }
        for (int t = 1; t < args.length; t++) {
            System.out.printf(Locale.ROOT, "%s: best %,.0f rows/s, %.3f s in all%n", args[t], best[t - 1], total[t - 1]);
        }
    }
}
