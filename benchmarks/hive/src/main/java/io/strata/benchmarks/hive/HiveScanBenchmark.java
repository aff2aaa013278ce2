package io.strata.benchmarks.hive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HiveQL scans of the same generated rows stored five ways (native ORC, Strata compacted, Strata with sorted runs,
 * Strata with deletion vectors, Hive ACID; on request also compacted and sorted-run tables that Apache Paimon
 * wrote), on Tez and MapReduce in one embedded Hive 4.1 session; prints the
 * median time of each query per table and engine and its ratio to native ORC. Every table must return the same
 * result for each query, or the run fails. See docs/benchmarks.md, "HiveScanBenchmark".
 */
public final class HiveScanBenchmark {

    private final ScanOptions options;
    private final ScanDataSet data;
    private final Path dir;
    /** Tables that could not be built, with the reason; they are reported and not queried. */
    private final Map<BenchTable, String> unavailable = new LinkedHashMap<>();

    private HiveScanBenchmark(ScanOptions options, Path dir) {
        this.options = options;
        this.data = new ScanDataSet(options.rows(), options.updateRounds(), options.updatePercent(), options.seed());
        this.dir = dir;
    }

    public static void main(String[] args) throws Exception {
        ScanOptions options = ScanOptions.fromSystemProperties();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
        Files.createDirectories(tmp);
        Path dir = Files.createTempDirectory(tmp, "hive-scan-");
        try {
            new HiveScanBenchmark(options, dir).run();
        } finally {
            if (options.keep()) {
                System.out.println("Tables kept under " + dir);
            } else {
                Machine.deleteRecursively(dir, "[hive-scan]");
            }
        }
        // Hive's and Tez's non-daemon threads would keep the JVM alive.
        System.exit(0);
    }

    private void run() throws Exception {
        System.out.printf(Locale.ROOT, "HiveScanBenchmark %s: %,d rows, %d update rounds of ~%d%% of the keys, %d buckets, "
                        + "%d warm-up + %d timed runs (median), engines %s, vectorized %s, %d processors, load %s%n",
                Instant.now(), options.rows(), options.updateRounds(), options.updatePercent(), options.buckets(),
                options.warmups(), options.runs(), options.engines(), options.vectorized(),
                Runtime.getRuntime().availableProcessors(), Machine.loadAverage());
        List<BenchTable> tables = plannedTables();

        long start = System.nanoTime();
        Map<BenchTable, Path> strataDirs = writeStrataTables(tables);
        Path text = writeTextFiles();
        log("data generated and Strata tables written in %,d ms", Machine.millisSince(start));

        boolean acid = tables.stream().anyMatch(t -> t.kind() == TableKind.HIVE_ACID);
        Path schema = options.metastoreSchema();
        if (acid && schema == null) {
            tables.stream().filter(t -> t.kind() == TableKind.HIVE_ACID).forEach(t -> unavailable.put(t,
                    "the embedded metastore needs Hive's transaction tables: pass -Dbench.metastoreSchema=<the "
                            + "hive-schema-4.1.0.derby.sql of Hive 4.1.0's metastore scripts>"));
        }
        start = System.nanoTime();
        HiveSession hive = new HiveSession(dir.resolve("hive"), acid ? schema : null);
        log("Hive started in %,d ms", Machine.millisSince(start));
        start = System.nanoTime();
        loadHiveTables(hive, tables, text, strataDirs);
        log("Hive tables loaded and registered in %,d ms", Machine.millisSince(start));

        // Off: Hive reads every table row by row through its SerDe (the connector's vectorized reader unused).
        hive.execute("SET hive.vectorized.execution.enabled=" + options.vectorized());
        // Hive polls a MapReduce job's completion every hive.exec.counters.pull.interval ms (default 1000) and a
        // Tez DAG's every hive.tez.dag.status.check.interval (500 ms): with the defaults every time is rounded up
        // to the next poll, up to a second at these sizes.
        hive.execute("SET hive.exec.counters.pull.interval=" + options.pullIntervalMillis());
        hive.execute("SET hive.tez.dag.status.check.interval=" + options.pullIntervalMillis() + "ms");
        List<BenchTable> measured = tables.stream().filter(t -> !unavailable.containsKey(t)).toList();
        printVectorization(hive, measured);
        printPlans(hive, measured);
        ResultTable results = measure(hive, measured);

        System.out.println();
        System.out.printf(Locale.ROOT, "Median of %d timed runs after %d warm-up, ms; (ratio) = time ÷ native ORC's; "
                + "load at the end %s%n%n", options.runs(), options.warmups(), Machine.loadAverage());
        System.out.print(results.markdown(options.engines(), options.queries()));
        for (Map.Entry<BenchTable, String> e : unavailable.entrySet()) {
            System.out.println("- " + e.getKey().label() + ": not available: " + e.getValue());
        }
        System.out.println("Every table returned the same result for every query on every engine.");
    }

    private List<BenchTable> plannedTables() {
        List<BenchTable> tables = new ArrayList<>();
        for (TableKind kind : TableKind.values()) {
            if (!options.kinds().contains(kind)) {
                continue;
            }
            if (kind.strata) {
                for (String format : options.formats()) {
                    tables.add(new BenchTable(kind, format));
                }
            } else {
                tables.add(new BenchTable(kind, "orc"));
            }
        }
        return tables;
    }

    private Map<BenchTable, Path> writeStrataTables(List<BenchTable> tables) {
        StrataTables strata = new StrataTables(dir.resolve("strata"), data, options.buckets());
        Map<BenchTable, Path> dirs = new LinkedHashMap<>();
        for (BenchTable t : tables) {
            if (!t.kind().strata) {
                continue;
            }
            long start = System.nanoTime();
            if (t.kind().paimonWritten()) {
                dirs.put(t, writePaimonTable(t));
                log("%s written by Paimon in %,d ms", t.label(), Machine.millisSince(start));
                continue;
            }
            try {
                dirs.put(t, strata.write(t.hiveName(), t.kind(), t.format()));
                log("%s written in %,d ms", t.label(), Machine.millisSince(start));
            } catch (RuntimeException e) {
                if (t.kind() != TableKind.DELETION_VECTORS) {
                    throw e;
                }
                // Strata's writers refuse deletion vectors until they support them: report, do not fail.
                unavailable.put(t, Machine.rootMessage(e));
            }
        }
        return dirs;
    }

    private Path writePaimonTable(BenchTable t) {
        try {
            // target/classes -> target: where the build left the test classes and their class path.
            Path target = Path.of(HiveScanBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .getParent();
            return new PaimonTableWriter(target).write(dir.resolve("paimon"), t.hiveName(), t.kind(), t.format(),
                    options);
        } catch (Exception e) {
            throw new IllegalStateException("Paimon could not write " + t.label(), e);
        }
    }

    /** Hive loads native and ACID tables itself, from text files of the same rows. */
    private Path writeTextFiles() throws IOException {
        Path text = dir.resolve("text");
        Files.createDirectories(text.resolve("base"));
        Files.createDirectories(text.resolve("final"));
        data.writeBaseText(text.resolve("base").resolve("rows.tsv"));
        data.writeFinalText(text.resolve("final").resolve("rows.tsv"));
        for (int round = 1; round <= data.updateRounds; round++) {
            Path d = text.resolve("update_" + round);
            Files.createDirectories(d);
            data.writeUpdateText(d.resolve("rows.tsv"), round);
        }
        return text;
    }

    private void loadHiveTables(HiveSession hive, List<BenchTable> tables, Path text, Map<BenchTable, Path> strataDirs) {
        hive.execute("SET hive.execution.engine=mr");
        List<String> sources = new ArrayList<>(List.of("base", "final"));
        for (int round = 1; round <= data.updateRounds; round++) {
            sources.add("update_" + round);
        }
        for (String source : sources) {
            hive.execute("CREATE EXTERNAL TABLE text_" + source + " (" + ScanDataSet.HIVE_COLUMNS + ") ROW FORMAT "
                    + "DELIMITED FIELDS TERMINATED BY '\\t' STORED AS TEXTFILE LOCATION '" + text.resolve(source).toUri() + "'");
        }
        for (BenchTable t : tables) {
            if (unavailable.containsKey(t)) {
                continue;
            }
            long start = System.nanoTime();
            switch (t.kind()) {
                case NATIVE -> {
                    hive.execute("CREATE EXTERNAL TABLE " + t.hiveName() + " (" + ScanDataSet.HIVE_COLUMNS + ") STORED AS ORC "
                            + "TBLPROPERTIES ('orc.compress'='ZSTD')");
                    hive.execute("INSERT OVERWRITE TABLE " + t.hiveName() + " SELECT * FROM text_final");
                }
                case HIVE_ACID -> {
                    hive.execute("SET hive.execution.engine=" + options.acidLoadEngine().hiveName);
                    loadAcid(hive, t);
                    hive.execute("SET hive.execution.engine=mr");
                }
                case COMPACTED, RUNS, DELETION_VECTORS, PAIMON_COMPACTED, PAIMON_RUNS -> hive.execute("CREATE EXTERNAL TABLE " + t.hiveName()
                        + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + strataDirs.get(t).toUri() + "'");
            }
            if (unavailable.containsKey(t)) {
                log("%s not available: %s", t.label(), unavailable.get(t));
            } else {
                log("%s ready in Hive in %,d ms", t.label(), Machine.millisSince(start));
            }
        }
    }

    private void loadAcid(HiveSession hive, BenchTable t) {
        String name = t.hiveName();
        try {
            hive.execute("CREATE TABLE " + name + " (" + ScanDataSet.HIVE_COLUMNS + ") STORED AS ORC "
                    + "TBLPROPERTIES ('transactional'='true', 'orc.compress'='ZSTD')");
            hive.execute("INSERT INTO " + name + " SELECT * FROM text_base");
            for (int round = 1; round <= data.updateRounds; round++) {
                hive.execute("MERGE INTO " + name + " AS t USING text_update_" + round + " AS u ON t.k = u.k "
                        + "WHEN MATCHED THEN UPDATE SET i = u.i, l = u.l, s = u.s, amount = u.amount, d = u.d, "
                        + "dt = u.dt, ts = u.ts, b = u.b, g = u.g");
            }
        } catch (RuntimeException e) {
            unavailable.put(t, Machine.rootMessage(e));
        }
    }

    /** Hive's plan for the full scan of each table: how (and whether) its map side is vectorized. */
    private void printVectorization(HiveSession hive, List<BenchTable> tables) {
        Engine engine = options.engines().get(0);
        hive.execute("SET hive.execution.engine=" + engine.hiveName);
        System.out.println();
        System.out.println("Vectorization of the full scan's map side (EXPLAIN VECTORIZATION, " + engine.hiveName + "):");
        for (BenchTable t : tables) {
            List<String> plan = hive.execute("EXPLAIN VECTORIZATION " + Query.FULL_SCAN.sql(t.hiveName(), 0));
            String summary = VectorizationSummary.of(plan);
            System.out.println("- " + t.label() + ": " + VectorizationSummary.mode(summary) + " [" + summary + "]");
        }
        System.out.println();
    }

    /** Hive's whole plan (operators, statistics, vertices) of each query named by bench.explain, per table. */
    private void printPlans(HiveSession hive, List<BenchTable> tables) {
        for (Query query : options.explain()) {
            for (BenchTable t : tables) {
                System.out.println("EXPLAIN " + query.label + " on " + t.label() + " (" + options.engines().get(0).hiveName + "):");
                hive.execute("EXPLAIN " + query.sql(t.hiveName(), data.lookupKey())).forEach(System.out::println);
                System.out.println();
            }
        }
    }

    private ResultTable measure(HiveSession hive, List<BenchTable> tables) {
        ResultTable results = new ResultTable(tables);
        long key = data.lookupKey();
        for (Engine engine : options.engines()) {
            hive.execute("SET hive.execution.engine=" + engine.hiveName);
            for (Query query : options.queries()) {
                List<String> expected = null;
                BenchTable expectedFrom = null;
                // Tables take turns in every round, so that a change of load hits them alike.
                for (int round = 0; round < options.warmups() + options.runs(); round++) {
                    boolean timed = round >= options.warmups();
                    for (BenchTable t : tables) {
                        String sql = query.sql(t.hiveName(), key);
                        long start = System.nanoTime();
                        List<String> rows = hive.execute(sql);
                        long elapsed = Machine.millisSince(start);
                        List<String> result = new ArrayList<>(rows);
                        result.sort(Comparator.naturalOrder());
                        if (expected == null) {
                            expected = result;
                            expectedFrom = t;
                            log("%s %s result: %s", engine.hiveName, query.option, abbreviate(result));
                        } else if (!expected.equals(result)) {
                            throw new IllegalStateException(String.format(Locale.ROOT,
                                    "%s on %s: %s returned %s but %s returned %s", query.label, engine.hiveName,
                                    t.label(), abbreviate(result), expectedFrom.label(), abbreviate(expected)));
                        }
                        if (timed) {
                            results.add(engine, query, t, elapsed);
                        }
                        log("%s %s %s %s: %,d ms", engine.hiveName, query.option, t.hiveName(),
                                timed ? "run " + (round - options.warmups() + 1) : "warm-up", elapsed);
                    }
                }
            }
        }
        return results;
    }

    private static String abbreviate(List<String> rows) {
        String s = rows.toString();
        return s.length() > 400 ? s.substring(0, 400) + "... (" + rows.size() + " rows)" : s;
    }

    private static void log(String format, Object... args) {
        System.out.printf(Locale.ROOT, "[hive-scan] " + format + "%n", args);
    }
}
