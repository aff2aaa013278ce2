package io.strata.benchmarks.hive;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The timed runs of every (engine, statement, table kind), the statements a kind refused, and the Markdown tables
 * of medians and ratios printed from them.
 */
final class WriteResults {

    private final List<WriteTarget> targets;
    private final Map<String, List<Measurement>> runs = new HashMap<>();
    private final Map<String, String> refusals = new LinkedHashMap<>();

    WriteResults(List<WriteTarget> targets) {
        this.targets = List.copyOf(targets);
    }

    void add(Engine engine, WriteStatement statement, WriteTarget target, Measurement m) {
        runs.computeIfAbsent(key(engine, statement, target), k -> new ArrayList<>()).add(m);
    }

    /** Records that {@code target} refused {@code statement} (a feature not there yet), with Hive's message. */
    void refused(Engine engine, WriteStatement statement, WriteTarget target, String message) {
        refusals.put(key(engine, statement, target), message);
    }

    boolean isRefused(Engine engine, WriteStatement statement, WriteTarget target) {
        return refusals.containsKey(key(engine, statement, target));
    }

    /** The median wall time of the timed runs in milliseconds, or -1 if there were none. */
    long medianWall(Engine engine, WriteStatement statement, WriteTarget target) {
        return median(engine, statement, target, Measurement::wallMillis);
    }

    private long median(Engine engine, WriteStatement statement, WriteTarget target, ToLongFunction<Measurement> f) {
        List<Measurement> list = runs.get(key(engine, statement, target));
        if (list == null || list.isEmpty()) {
            return -1;
        }
        long[] values = list.stream().mapToLong(f).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /**
     * One row per engine and statement: each kind's median (wall time, or process CPU time with {@code cpu}), then
     * Strata's median ÷ native ORC's and ÷ Hive ACID's (below 1: Strata is faster).
     */
    String markdown(List<Engine> engines, List<WriteStatement> statements, boolean cpu, int rows, int mergeRows) {
        ToLongFunction<Measurement> f = cpu ? Measurement::cpuMillis : Measurement::wallMillis;
        StringBuilder sb = new StringBuilder("| engine | statement |");
        StringBuilder rule = new StringBuilder("|---|---|");
        for (WriteTarget t : targets) {
            sb.append(' ').append(t.label).append(" |");
            rule.append("---:|");
        }
        sb.append(" Strata ÷ native ORC | Strata ÷ Hive ACID |\n");
        rule.append("---:|---:|\n");
        sb.append(rule);
        for (Engine engine : engines) {
            for (WriteStatement statement : statements) {
                sb.append("| ").append(engine.hiveName).append(" | ").append(label(statement, rows, mergeRows)).append(" |");
                for (WriteTarget t : targets) {
                    sb.append(' ').append(cell(engine, statement, t, f)).append(" |");
                }
                long strata = median(engine, statement, WriteTarget.STRATA, f);
                sb.append(' ').append(ratio(strata, median(engine, statement, WriteTarget.NATIVE_ORC, f))).append(" |");
                sb.append(' ').append(ratio(strata, median(engine, statement, WriteTarget.HIVE_ACID, f))).append(" |\n");
            }
        }
        return sb.toString();
    }

    private String cell(Engine engine, WriteStatement statement, WriteTarget t, ToLongFunction<Measurement> f) {
        if (statement == WriteStatement.MERGE && !t.merges) {
            return "n/a";
        }
        if (isRefused(engine, statement, t)) {
            return "not supported yet";
        }
        long m = median(engine, statement, t, f);
        return m < 0 ? "-" : String.format(Locale.ROOT, "%,d ms", m);
    }

    /** The refusals, one line each, for the notes under the tables. */
    List<String> refusalNotes() {
        List<String> notes = new ArrayList<>();
        refusals.forEach((k, message) -> {
            String[] parts = k.split("/");
            notes.add(WriteTarget.parse(parts[2]).label + " " + WriteStatement.parse(parts[1]).name() + " on "
                    + parts[0] + ": " + message);
        });
        return notes;
    }

    static String label(WriteStatement statement, int rows, int mergeRows) {
        return switch (statement) {
            case INSERT -> String.format(Locale.ROOT, "INSERT INTO ... SELECT (%,d rows)", rows);
            case MERGE -> String.format(Locale.ROOT, "MERGE (%,d rows matched and updated)", mergeRows);
        };
    }

    private static String ratio(long a, long b) {
        return a > 0 && b > 0 ? String.format(Locale.ROOT, "%.2f", (double) a / b) : "-";
    }

    private static String key(Engine engine, WriteStatement statement, WriteTarget target) {
        return engine.hiveName + "/" + statement.option + "/" + target.option;
    }
}
