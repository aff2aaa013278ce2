package io.strata.benchmarks.hive;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The write benchmark's parameters, read once from system properties ({@code -Dbench.rows=100000}); the table of
 * docs/benchmarks.md ("HiveWriteBenchmark") documents each.
 */
record WriteOptions(
        int rows,
        int mergePercent,
        int buckets,
        long seed,
        int warmups,
        int runs,
        List<Engine> engines,
        List<WriteTarget> targets,
        List<WriteStatement> statements,
        Path metastoreSchema,
        long pullIntervalMillis,
        boolean explain,
        boolean keep,
        boolean mergeUpsert,
        List<String> settings) {

    WriteOptions {
        require(rows > 0, "bench.rows must be > 0, got " + rows);
        require(mergePercent > 0 && mergePercent <= 100, "bench.mergePercent must be 1..100, got " + mergePercent);
        require(buckets >= 1, "bench.buckets must be >= 1, got " + buckets);
        require(warmups >= 0, "bench.warmups must be >= 0, got " + warmups);
        require(runs >= 1, "bench.runs must be >= 1, got " + runs);
        require(!engines.isEmpty(), "bench.engines names no engine");
        require(!targets.isEmpty(), "bench.targets names no table");
        require(!statements.isEmpty(), "bench.statements names no statement");
        require(pullIntervalMillis >= 1, "bench.pullIntervalMillis must be >= 1, got " + pullIntervalMillis);
    }

    static WriteOptions fromSystemProperties() {
        String schema = System.getProperty("bench.metastoreSchema", "");
        return new WriteOptions(
                Integer.getInteger("bench.rows", 1_000_000),
                Integer.getInteger("bench.mergePercent", 5),
                Integer.getInteger("bench.buckets", 2),
                Long.getLong("bench.seed", 42L),
                Integer.getInteger("bench.warmups", 1),
                Integer.getInteger("bench.runs", 3),
                parse(list("bench.engines", "tez"), Engine::parse),
                parse(list("bench.targets", "orc,acid,strata"), WriteTarget::parse),
                parse(list("bench.statements", "insert,merge"), WriteStatement::parse),
                schema.isBlank() ? null : Path.of(schema).toAbsolutePath(),
                Long.getLong("bench.pullIntervalMillis", 50L),
                Boolean.getBoolean("bench.explain"),
                Boolean.getBoolean("bench.keep"),
                Boolean.parseBoolean(System.getProperty("bench.mergeUpsert", "true")),
                Arrays.stream(System.getProperty("bench.set", "").split(";")).map(String::trim)
                        .filter(setting -> !setting.isEmpty()).toList());
    }

    private static List<String> list(String property, String defaultValue) {
        return Arrays.stream(System.getProperty(property, defaultValue).split(","))
                .map(s -> s.trim().toLowerCase(Locale.ROOT))
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static <T> List<T> parse(List<String> names, Function<String, T> parser) {
        List<T> out = new ArrayList<>();
        for (String n : names) {
            T value = parser.apply(n);
            if (!out.contains(value)) {
                out.add(value);
            }
        }
        return List.copyOf(out);
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
