package io.strata.benchmarks.hive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;

/**
 * HiveQL writes of the same generated rows into a Strata primary-key table, a native ORC table and a Hive ACID table,
 * in one embedded Hive 4.1 session (Tez by default, MapReduce on request): {@code INSERT INTO ... SELECT} of every row
 * from a staging ORC table into an empty table, then {@code MERGE} of new values for a share of the keys into the
 * tables that take it. Each statement is checked (row count and a hash over every column of every row) before its
 * time counts, so a fast wrong answer fails the run. Prints wall and process CPU time per statement and Markdown
 * tables of the medians with Strata's ratios. See docs/benchmarks.md, "HiveWriteBenchmark".
 *
 * <p>A MERGE that Hive refuses while compiling it on the Strata table (the connector does not take row-level
 * statements yet), leaving the table as it was, is reported as "not supported yet" instead of failing the run;
 * any other failure fails it. So the comparison starts to count the day MERGE into Strata works.
 */
public final class HiveWriteBenchmark {

    /** Every row of the data set, native ORC: what each INSERT selects. */
    static final String STAGING = "write_staging";
    /** The new values of the updated keys, native ORC: each MERGE's source. */
    static final String MERGE_SOURCE = "write_merge_source";
    /** The connector's hook that runs a MERGE that is an upsert by key as an INSERT ({@code bench.mergeUpsert}). */
    static final String MERGE_UPSERT_HOOK = "io.strata.hive.MergeUpsertHook";
    private static final String LOG = "[hive-write]";
    /** Hive's ErrorMsg codes for errors found while compiling a statement (SemanticException and kin). */
    private static final int FIRST_COMPILE_ERROR = 10000;
    private static final int LAST_COMPILE_ERROR = 19999;

    private final WriteOptions options;
    private final ScanDataSet data;
    private final Path dir;
    private final List<WriteTarget> targets = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private HiveWriteBenchmark(WriteOptions options, Path dir) {
        this.options = options;
        // One update round of bench.mergePercent% of the keys: the base rows are what INSERT writes, round 1 is the
        // MERGE source, and the final rows are what every table must hold after its MERGE.
        this.data = new ScanDataSet(options.rows(), 1, options.mergePercent(), options.seed());
        this.dir = dir;
    }

    public static void main(String[] args) throws Exception {
        WriteOptions options = WriteOptions.fromSystemProperties();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
        Files.createDirectories(tmp);
        Path dir = Files.createTempDirectory(tmp, "hive-write-");
        try {
            new HiveWriteBenchmark(options, dir).run();
        } finally {
            if (options.keep()) {
                System.out.println("Tables kept under " + dir);
            } else {
                Machine.deleteRecursively(dir, LOG);
            }
        }
        // Hive's and Tez's non-daemon threads would keep the JVM alive.
        System.exit(0);
    }

    private void run() throws IOException {
        int mergeRows = countUpdatedKeys();
        System.out.printf(Locale.ROOT, "HiveWriteBenchmark %s: %,d rows, MERGE of %,d rows (%d%% of the keys), Strata "
                        + "bucket=%d, %d warm-up + %d timed runs (median), engines %s, tables %s, statements %s, "
                        + "Strata MERGE %s; %s; load %s%n",
                Instant.now(), options.rows(), mergeRows, options.mergePercent(), options.buckets(), options.warmups(),
                options.runs(), options.engines(), options.targets(), options.statements(),
                options.mergeUpsert() ? "as an upsert (MergeUpsertHook)" : "as Hive plans it (no MergeUpsertHook)",
                Machine.description(), Machine.loadAverage());
        targets.addAll(options.targets());
        if (targets.contains(WriteTarget.HIVE_ACID) && options.metastoreSchema() == null) {
            targets.remove(WriteTarget.HIVE_ACID);
            notes.add("Hive ACID: not measured: the embedded metastore needs Hive's transaction tables: pass "
                    + "-Dbench.metastoreSchema=<the transaction tables of hive-schema-4.1.0.derby.sql> (docs/benchmarks.md)");
            log("%s", notes.get(notes.size() - 1));
        }

        long start = System.nanoTime();
        Path text = writeTextFiles();
        log("data generated in %,d ms", Machine.millisSince(start));
        start = System.nanoTime();
        HiveSession hive = new HiveSession(dir.resolve("hive"), options.metastoreSchema());
        log("Hive started in %,d ms", Machine.millisSince(start));
        // Hive polls a job's or DAG's completion (defaults 1000 and 500 ms): every time would round up to a poll.
        hive.execute("SET hive.exec.counters.pull.interval=" + options.pullIntervalMillis());
        hive.execute("SET hive.tez.dag.status.check.interval=" + options.pullIntervalMillis() + "ms");

        start = System.nanoTime();
        hive.execute("SET hive.execution.engine=" + options.engines().get(0).hiveName);
        Expected expected = loadSources(hive, text, mergeRows);
        log("staging tables loaded and checked in %,d ms: after INSERT %s; after MERGE %s", Machine.millisSince(start),
                expected.inserted, expected.merged);

        // As a user deploys the connector (docs/hive-connector.md, "MERGE as an upsert"): the hook changes only a
        // MERGE into a Strata table; Hive ACID's MERGE compiles as without it.
        hive.execute("SET hive.semantic.analyzer.hook=" + (options.mergeUpsert() ? MERGE_UPSERT_HOOK : ""));
        for (String setting : options.settings()) {
            hive.execute("SET " + setting);
            log("session setting for every statement: %s", setting);
        }
        if (options.explain()) {
            printPlans(hive);
        }
        WriteResults results = new WriteResults(targets);
        for (Engine engine : options.engines()) {
            hive.execute("SET hive.execution.engine=" + engine.hiveName);
            // On MapReduce Hive turns MERGE's join into a map join whose hash table a local task builds first; in
            // this JVM that task (MapredLocalTask) fails with return code 2 and no message (Hive logs through SLF4J,
            // which has no binding here). A shuffle join instead, for every table alike; Tez joins as it plans.
            hive.execute("SET hive.auto.convert.join=" + (engine != Engine.MR));
            for (int round = 0; round < options.warmups() + options.runs(); round++) {
                boolean timed = round >= options.warmups();
                String runName = timed ? "run " + (round - options.warmups() + 1) : "warm-up " + (round + 1);
                // Kinds take turns going first, so that a change of load or a warm JIT favours none of them.
                for (int i = 0; i < targets.size(); i++) {
                    WriteTarget target = targets.get((i + round) % targets.size());
                    writeOnce(hive, engine, round, runName, timed, target, expected, results);
                }
            }
        }

        System.out.println();
        System.out.printf(Locale.ROOT, "Median of %d timed runs after %d warm-up; load at the end %s%n%n",
                options.runs(), options.warmups(), Machine.loadAverage());
        List<WriteStatement> reported = options.statements();
        System.out.println("Wall time (ratio below 1: Strata faster):");
        System.out.println();
        System.out.print(results.markdown(options.engines(), reported, false, options.rows(), mergeRows));
        System.out.println();
        System.out.println("CPU time of the whole process (every Hive, Tez and Strata thread, GC and JIT):");
        System.out.println();
        System.out.print(results.markdown(options.engines(), reported, true, options.rows(), mergeRows));
        System.out.println();
        printGoals(results, reported);
        results.refusalNotes().forEach(n -> System.out.println("- " + n));
        notes.forEach(n -> System.out.println("- " + n));
        System.out.println("Every statement that ran left its table holding exactly the expected rows.");
    }

    /** One table of {@code target}: create, INSERT (timed), check, then MERGE (timed) and check, then drop. */
    private void writeOnce(HiveSession hive, Engine engine, int round, String runName, boolean timed,
            WriteTarget target, Expected expected, WriteResults results) {
        String table = "w_" + target.option + "_" + engine.hiveName + "_" + round;
        hive.execute(target.createTable(table, options.buckets()));
        Measurement insert = timed(hive, WriteStatement.INSERT.sql(table));
        check(hive, table, expected.inserted, target, "INSERT");
        logStep(engine, runName, target, WriteStatement.INSERT, insert);
        if (timed && options.statements().contains(WriteStatement.INSERT)) {
            results.add(engine, WriteStatement.INSERT, target, insert);
        }
        if (options.statements().contains(WriteStatement.MERGE) && target.merges
                && !results.isRefused(engine, WriteStatement.MERGE, target)) {
            merge(hive, engine, runName, timed, target, table, expected, results);
        }
        if (!options.keep()) {
            hive.execute("DROP TABLE " + table);
        }
    }

    private void merge(HiveSession hive, Engine engine, String runName, boolean timed, WriteTarget target,
            String table, Expected expected, WriteResults results) {
        String sql = WriteStatement.MERGE.sql(table);
        long cpu = Machine.processCpuNanos();
        long start = System.nanoTime();
        try {
            hive.run(sql);
        } catch (CommandProcessorException e) {
            String refusal = refusal(hive, target, table, expected, e);
            if (refusal == null) {
                throw new IllegalStateException(target.label + " on " + engine.hiveName + ": '" + sql + "' failed: "
                        + e.getMessage(), e);
            }
            results.refused(engine, WriteStatement.MERGE, target, refusal);
            log("%s %s %s MERGE: not supported yet (%s)", engine.hiveName, runName, target.label, refusal);
            return;
        }
        Measurement m = new Measurement(Machine.millisSince(start), (Machine.processCpuNanos() - cpu) / 1_000_000);
        check(hive, table, expected.merged, target, "MERGE");
        logStep(engine, runName, target, WriteStatement.MERGE, m);
        if (timed) {
            results.add(engine, WriteStatement.MERGE, target, m);
        }
    }

    /**
     * Hive's message if {@code e} is the Strata table refusing MERGE: an error found while compiling, with the table
     * unchanged afterwards. Null for anything else (a failure while running, a changed table), which fails the run.
     */
    private String refusal(HiveSession hive, WriteTarget target, String table, Expected expected,
            CommandProcessorException e) {
        if (target != WriteTarget.STRATA) {
            return null;
        }
        int code = e.getErrorCode();
        if (code < FIRST_COMPILE_ERROR || code > LAST_COMPILE_ERROR) {
            return null;
        }
        TableDigest after = TableDigest.parse(hive.execute(TableDigest.sql(table)));
        if (!after.equals(expected.inserted)) {
            throw new IllegalStateException("The refused MERGE changed " + table + ": it holds " + after + ", expected "
                    + expected.inserted, e);
        }
        return "Hive refused it while compiling, error " + code + ": " + e.getMessage();
    }

    /**
     * Hive's plan of each statement on a new table of each kind (first engine): its vertices or stages, their
     * operators (a reduce side or not, how rows are distributed) and Hive's estimates; a refused statement's error.
     * The MERGE is planned after the INSERT filled the table, as in the timed rounds.
     */
    private void printPlans(HiveSession hive) {
        hive.execute("SET hive.execution.engine=" + options.engines().get(0).hiveName);
        for (WriteTarget target : targets) {
            String table = "w_" + target.option + "_explain";
            hive.execute(target.createTable(table, options.buckets()));
            for (WriteStatement statement : WriteStatement.values()) {
                if (statement == WriteStatement.MERGE && !target.merges) {
                    continue;
                }
                System.out.println("EXPLAIN " + statement.name() + " into " + target.label + " ("
                        + options.engines().get(0).hiveName + "):");
                try {
                    hive.run("EXPLAIN " + statement.sql(table)).forEach(System.out::println);
                } catch (CommandProcessorException e) {
                    System.out.println("  refused: " + e.getMessage());
                }
                System.out.println();
                if (statement == WriteStatement.INSERT) {
                    // The MERGE's plan depends on the target's statistics: planned on the filled table, as timed.
                    hive.execute(statement.sql(table));
                }
            }
            hive.execute("DROP TABLE " + table);
        }
    }

    private static Measurement timed(HiveSession hive, String sql) {
        long cpu = Machine.processCpuNanos();
        long start = System.nanoTime();
        hive.execute(sql);
        return new Measurement(Machine.millisSince(start), (Machine.processCpuNanos() - cpu) / 1_000_000);
    }

    /** Fails the run unless {@code table} holds exactly the rows the statement should have left. */
    private static void check(HiveSession hive, String table, TableDigest expected, WriteTarget target, String statement) {
        TableDigest actual = TableDigest.parse(hive.execute(TableDigest.sql(table)));
        if (!actual.equals(expected)) {
            throw new IllegalStateException(String.format(Locale.ROOT, "After %s, %s table %s holds %s; expected %s",
                    statement, target.label, table, actual, expected));
        }
    }

    private void logStep(Engine engine, String runName, WriteTarget target, WriteStatement statement, Measurement m) {
        log("%s %s %s %s: %,d ms wall, %,d ms CPU, load %s, rows checked", engine.hiveName, runName, target.label,
                statement.name(), m.wallMillis(), m.cpuMillis(), Machine.loadAverage());
    }

    /** Text files Hive loads the staging tables from: the base rows, the MERGE source and the final rows. */
    private Path writeTextFiles() throws IOException {
        Path text = dir.resolve("text");
        for (String d : List.of("base", "update", "final")) {
            Files.createDirectories(text.resolve(d));
        }
        data.writeBaseText(text.resolve("base").resolve("rows.tsv"));
        data.writeUpdateText(text.resolve("update").resolve("rows.tsv"), 1);
        data.writeFinalText(text.resolve("final").resolve("rows.tsv"));
        return text;
    }

    /**
     * Loads the staging and MERGE source tables (native ORC, untimed) and computes the digests every table must
     * have: after INSERT the base rows', after MERGE the final rows', both computed by Hive over the generated text
     * files, independently of any table under test.
     */
    private Expected loadSources(HiveSession hive, Path text, int mergeRows) {
        for (String d : List.of("base", "update", "final")) {
            hive.execute("CREATE EXTERNAL TABLE write_text_" + d + " (" + ScanDataSet.HIVE_COLUMNS + ") ROW FORMAT "
                    + "DELIMITED FIELDS TERMINATED BY '\\t' STORED AS TEXTFILE LOCATION '" + text.resolve(d).toUri() + "'");
        }
        for (String[] t : List.of(new String[] {STAGING, "write_text_base"}, new String[] {MERGE_SOURCE, "write_text_update"})) {
            hive.execute("CREATE EXTERNAL TABLE " + t[0] + " (" + ScanDataSet.HIVE_COLUMNS + ") STORED AS ORC "
                    + "TBLPROPERTIES ('orc.compress'='ZSTD', 'external.table.purge'='true')");
            hive.execute("INSERT OVERWRITE TABLE " + t[0] + " SELECT * FROM " + t[1]);
        }
        TableDigest inserted = TableDigest.parse(hive.execute(TableDigest.sql("write_text_base")));
        TableDigest merged = TableDigest.parse(hive.execute(TableDigest.sql("write_text_final")));
        TableDigest staging = TableDigest.parse(hive.execute(TableDigest.sql(STAGING)));
        TableDigest source = TableDigest.parse(hive.execute(TableDigest.sql(MERGE_SOURCE)));
        if (inserted.rows() != options.rows() || !staging.equals(inserted) || source.rows() != mergeRows
                || merged.rows() != options.rows()) {
            throw new IllegalStateException("The staging tables do not hold the generated rows: base " + inserted
                    + ", staging " + staging + ", MERGE source " + source + " (expected " + mergeRows + " rows), final "
                    + merged);
        }
        return new Expected(inserted, merged);
    }

    private int countUpdatedKeys() {
        int n = 0;
        for (long k = 0; k < data.rows; k++) {
            if (data.updated(k, 1)) {
                n++;
            }
        }
        return n;
    }

    private void printGoals(WriteResults results, List<WriteStatement> reported) {
        System.out.println("Goals of issue 14 (wall time medians, same run):");
        for (Engine engine : options.engines()) {
            if (reported.contains(WriteStatement.INSERT)) {
                long strata = results.medianWall(engine, WriteStatement.INSERT, WriteTarget.STRATA);
                long orc = results.medianWall(engine, WriteStatement.INSERT, WriteTarget.NATIVE_ORC);
                System.out.println("- " + engine.hiveName + " INSERT: Strata ÷ native ORC "
                        + (strata > 0 && orc > 0 ? String.format(Locale.ROOT, "%.2f (goal ≤ 1.5: %s)",
                        (double) strata / orc, strata <= 1.5 * orc ? "met" : "missed") : "not measured"));
            }
            if (reported.contains(WriteStatement.MERGE)) {
                long strata = results.medianWall(engine, WriteStatement.MERGE, WriteTarget.STRATA);
                long acid = results.medianWall(engine, WriteStatement.MERGE, WriteTarget.HIVE_ACID);
                String verdict;
                if (results.isRefused(engine, WriteStatement.MERGE, WriteTarget.STRATA)) {
                    verdict = "not measured: Strata's MERGE is not supported yet";
                } else if (strata > 0 && acid > 0) {
                    verdict = String.format(Locale.ROOT, "%.2f (goal ≥ 2: %s)", (double) acid / strata,
                            acid >= 2 * strata ? "met" : "missed");
                } else {
                    verdict = "not measured";
                }
                System.out.println("- " + engine.hiveName + " MERGE: Hive ACID ÷ Strata " + verdict);
            }
        }
    }

    private static void log(String format, Object... args) {
        System.out.printf(Locale.ROOT, LOG + " " + format + "%n", args);
    }

    /** The digests every table must have after its INSERT and after its MERGE. */
    private record Expected(TableDigest inserted, TableDigest merged) {
    }
}
