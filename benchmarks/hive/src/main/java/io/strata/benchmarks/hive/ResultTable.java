package io.strata.benchmarks.hive;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The timings of every (engine, query, table) and the Markdown table printed from them. */
final class ResultTable {

    private final List<BenchTable> tables;
    private final Map<String, List<Long>> millis = new HashMap<>();

    ResultTable(List<BenchTable> tables) {
        this.tables = List.copyOf(tables);
    }

    void add(Engine engine, Query query, BenchTable table, long elapsedMillis) {
        millis.computeIfAbsent(key(engine, query, table), k -> new ArrayList<>()).add(elapsedMillis);
    }

    /** The median of the timed runs, or -1 if there were none. */
    long median(Engine engine, Query query, BenchTable table) {
        List<Long> runs = millis.get(key(engine, query, table));
        if (runs == null || runs.isEmpty()) {
            return -1;
        }
        List<Long> sorted = new ArrayList<>(runs);
        sorted.sort(null);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /**
     * One row per engine and query: each table's median milliseconds and, for every table but native ORC, its
     * time ÷ native ORC's; then, where both exist, Hive ACID's time ÷ the deletion-vector table's (same format).
     */
    String markdown(List<Engine> engines, List<Query> queries) {
        BenchTable nativeTable = find(TableKind.NATIVE, "orc");
        BenchTable acid = find(TableKind.HIVE_ACID, "orc");
        BenchTable dv = find(TableKind.DELETION_VECTORS, "orc");
        StringBuilder sb = new StringBuilder();
        sb.append("| engine | query |");
        StringBuilder rule = new StringBuilder("|---|---|");
        for (BenchTable t : tables) {
            sb.append(' ').append(t.label()).append(" |");
            rule.append("---:|");
        }
        boolean acidVsDv = acid != null && dv != null;
        if (acidVsDv) {
            sb.append(" ACID ÷ DV (orc) |");
            rule.append("---:|");
        }
        sb.append('\n').append(rule).append('\n');
        for (Engine engine : engines) {
            for (Query query : queries) {
                sb.append("| ").append(engine.hiveName).append(" | ").append(query.label).append(" |");
                long base = nativeTable == null ? -1 : median(engine, query, nativeTable);
                for (BenchTable t : tables) {
                    long m = median(engine, query, t);
                    sb.append(' ').append(m < 0 ? "-" : String.format(Locale.ROOT, "%,d ms", m));
                    if (m >= 0 && base > 0 && !t.equals(nativeTable)) {
                        sb.append(String.format(Locale.ROOT, " (%.2fx)", (double) m / base));
                    }
                    sb.append(" |");
                }
                if (acidVsDv) {
                    long a = median(engine, query, acid);
                    long d = median(engine, query, dv);
                    sb.append(a > 0 && d > 0 ? String.format(Locale.ROOT, " %.2f", (double) a / d) : " -").append(" |");
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    private BenchTable find(TableKind kind, String format) {
        for (BenchTable t : tables) {
            if (t.kind() == kind && t.format().equals(format)) {
                return t;
            }
        }
        return null;
    }

    private static String key(Engine engine, Query query, BenchTable table) {
        return engine + "/" + query + "/" + table.hiveName();
    }
}
