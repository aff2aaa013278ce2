package io.strata.benchmarks.hive;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark's parameters, read once from system properties ({@code -Dbench.rows=20000}); the table of
 * docs/benchmarks.md ("HiveScanBenchmark") documents each.
 */
record ScanOptions(
        int rows,
        int runs,
        int warmups,
        int buckets,
        int updateRounds,
        int updatePercent,
        long seed,
        List<String> formats,
        List<Engine> engines,
        List<TableKind> kinds,
        List<Query> queries,
        Engine acidLoadEngine,
        Path metastoreSchema,
        List<Query> explain,
        boolean vectorized,
        long pullIntervalMillis,
        boolean keep) {

    ScanOptions {
        require(rows > 0, "bench.rows must be > 0, got " + rows);
        require(runs >= 1, "bench.runs must be >= 1, got " + runs);
        require(warmups >= 0, "bench.warmups must be >= 0, got " + warmups);
        require(pullIntervalMillis >= 1, "bench.pullIntervalMillis must be >= 1, got " + pullIntervalMillis);
        require(buckets >= 1, "bench.buckets must be >= 1, got " + buckets);
        require(updateRounds >= 0, "bench.updateRounds must be >= 0, got " + updateRounds);
        require(updatePercent >= 0 && updatePercent <= 100, "bench.updatePercent must be 0..100, got " + updatePercent);
        for (String f : formats) {
            require(f.equals("orc") || f.equals("parquet"), "bench.formats takes orc and parquet, got " + f);
        }
    }

    static ScanOptions fromSystemProperties() {
        String schema = System.getProperty("bench.metastoreSchema", "");
        return new ScanOptions(
                Integer.getInteger("bench.rows", 1_000_000),
                Integer.getInteger("bench.runs", 3),
                Integer.getInteger("bench.warmups", 1),
                Integer.getInteger("bench.buckets", 2),
                Integer.getInteger("bench.updateRounds", 4),
                Integer.getInteger("bench.updatePercent", 10),
                Long.getLong("bench.seed", 42L),
                list("bench.formats", "orc,parquet"),
                parse(list("bench.engines", "tez,mr"), Engine::parse),
                parse(list("bench.kinds", "native,compacted,runs,dv,acid"), TableKind::parse),
                parse(list("bench.queries", "count,groupby,lookup,fullscan"), Query::parse),
                Engine.parse(System.getProperty("bench.acidLoadEngine", "tez").trim().toLowerCase(Locale.ROOT)),
                schema.isBlank() ? null : Path.of(schema).toAbsolutePath(),
                parse(list("bench.explain", ""), Query::parse),
                Boolean.parseBoolean(System.getProperty("bench.vectorized", "true")),
                Long.getLong("bench.pullIntervalMillis", 50L),
                Boolean.getBoolean("bench.keep"));
    }

    private static List<String> list(String property, String defaultValue) {
        return Arrays.stream(System.getProperty(property, defaultValue).split(","))
                .map(s -> s.trim().toLowerCase(Locale.ROOT))
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static <T> List<T> parse(List<String> names, java.util.function.Function<String, T> parser) {
        List<T> out = new ArrayList<>();
        for (String n : names) {
            out.add(parser.apply(n));
        }
        return List.copyOf(out);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
