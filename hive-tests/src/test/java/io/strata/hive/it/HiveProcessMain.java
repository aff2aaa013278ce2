package io.strata.hive.it;

import io.strata.testing.StepTranscript;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.List;
import org.apache.hadoop.hive.ql.processors.AddResourceProcessor;

/**
 * The main class of a second JVM that plays a user's Hive: it starts {@link EmbeddedHive} (which uses
 * only Hive and Hadoop APIs) and runs the statements of a script, one per line, writing each statement's
 * rows or error to a result file. It never refers to Strata's classes: they must come from the bundle jar
 * (on the class path, or through {@code ADD JAR}).
 *
 * <p>Besides HiveQL, the script knows {@code ADD JAR <path>} (what Hive's CLI and HiveServer2 run as a
 * resource command, not through the Driver) and {@code WHERE IS <class>}, which prints the jar a class is
 * loaded from (or {@code absent}), and {@code ON <engine>: <query>}, which runs the query on that engine
 * ({@code tez} or {@code mr}, vectorized, no fetch task) and adds to its rows a last line
 * {@code #plan <task types> <Strata scans>} from {@link PlanRecorder}.
 *
 * <p>Result file: a {@link StepTranscript} with the header {@code started} (Hive's start-up, ms) and one
 * step per statement.
 */
public final class HiveProcessMain {

    private HiveProcessMain() {}

    /** {@code args}: the script file and the result file. */
    public static void main(String[] args) throws Exception {
        List<String> script = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        int exitCode = 0;
        try (StepTranscript out = StepTranscript.create(Path.of(args[1]))) {
            long start = System.nanoTime();
            EmbeddedHive hive = EmbeddedHive.get();
            out.header("started", (System.nanoTime() - start) / 1_000_000);
            for (String sql : script) {
                if (!sql.isBlank()) {
                    out.step(sql, () -> run(hive, sql));
                }
            }
        } catch (Throwable t) {
            t.printStackTrace();
            exitCode = 1;
        }
        // Hive leaves non-daemon threads behind; the script is done.
        System.exit(exitCode);
    }

    private static List<String> run(EmbeddedHive hive, String sql) throws Exception {
        if (sql.regionMatches(true, 0, "ADD JAR ", 0, 8)) {
            new AddResourceProcessor().run(sql.substring(4).trim());
            return List.of();
        }
        if (sql.startsWith("WHERE IS ")) {
            return List.of(whereIs(sql.substring(9).trim()));
        }
        if (sql.startsWith("ON ")) {
            int colon = sql.indexOf(':');
            Engine engine = Engine.valueOf(sql.substring(3, colon).trim().toUpperCase(java.util.Locale.ROOT));
            List<String> rows = new java.util.ArrayList<>(hive.run(ExecutionMode.of(engine, true), sql.substring(colon + 1).trim()));
            rows.add(planLine(hive.lastPlan()));
            return rows;
        }
        return hive.run(sql);
    }

    /** {@code #plan TezTask,... vectorized=true/[ROW_DESERIALIZE];...}: the task types and how each Strata scan read. */
    static String planLine(ExecutedPlan plan) {
        StringBuilder line = new StringBuilder("#plan ").append(String.join(",", plan.taskTypes())).append(' ');
        for (ExecutedPlan.MapScan scan : plan.scans()) {
            if (scan.inputFormats().contains("io.strata.hive.StrataInputFormat")) {
                line.append("vectorized=").append(scan.vectorized()).append('/').append(scan.readTypes()).append(';');
            }
        }
        return line.toString();
    }

    /** The jar or directory a class comes from, as Hive's session class loader sees it. */
    private static String whereIs(String className) {
        try {
            Class<?> c = Class.forName(className, false, Thread.currentThread().getContextClassLoader());
            CodeSource source = c.getProtectionDomain().getCodeSource();
            return source == null ? "bootstrap" : source.getLocation().toString();
        } catch (ClassNotFoundException e) {
            return "absent";
        }
    }
}
