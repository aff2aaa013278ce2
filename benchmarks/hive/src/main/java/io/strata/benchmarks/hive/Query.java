package io.strata.benchmarks.hive;

import java.util.Locale;

/** The timed queries; {@code %s} is the table and {@code %d} the looked-up key. */
enum Query {
    COUNT("count", "count(*)", "SELECT count(*) FROM %s"),
    GROUP_BY("groupby", "sum(l), sum(amount) GROUP BY g", "SELECT g, sum(l), sum(amount) FROM %s GROUP BY g"),
    LOOKUP("lookup", "WHERE k = <key>", "SELECT * FROM %s WHERE k = %d"),
    /** hash() takes every column, so every column of every row is read and decoded; one row comes back. */
    FULL_SCAN("fullscan", "full scan: sum(hash(all columns))",
            "SELECT count(*), sum(hash(k, i, l, s, amount, d, dt, ts, b, g)) FROM %s");

    final String option;
    final String label;
    private final String template;

    Query(String option, String label, String template) {
        this.option = option;
        this.label = label;
        this.template = template;
    }

    String sql(String table, long lookupKey) {
        return this == LOOKUP ? String.format(Locale.ROOT, template, table, lookupKey) : String.format(Locale.ROOT, template, table);
    }

    static Query parse(String name) {
        for (Query q : values()) {
            if (q.option.equals(name)) {
                return q;
            }
        }
        throw new IllegalArgumentException("bench.queries takes count, groupby, lookup and fullscan, got " + name);
    }
}
