package io.strata.benchmarks.hive;

import java.util.List;
import java.util.Locale;

/**
 * What a table holds, in two numbers Hive computes over every row: the row count and the sum of Hive's
 * {@code hash()} of all ten columns. The sum does not depend on row order, so tables written by different paths
 * compare equal exactly when they hold the same rows (up to hash collisions).
 */
record TableDigest(long rows, long hashSum) {

    /** The query that computes the digest of {@code table}: one job, one row back. */
    static String sql(String table) {
        return "SELECT count(*), coalesce(sum(hash(k, i, l, s, amount, d, dt, ts, b, g)), 0) FROM " + table;
    }

    /** Parses the one row {@link #sql} returns, as Hive prints it (tab-separated). */
    static TableDigest parse(List<String> rows) {
        if (rows.size() != 1) {
            throw new IllegalStateException("A digest query returned " + rows.size() + " rows: " + rows);
        }
        String[] fields = rows.get(0).split("\t");
        return new TableDigest(Long.parseLong(fields[0].trim()), Long.parseLong(fields[1].trim()));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%,d rows, hash sum %d", rows, hashSum);
    }
}
