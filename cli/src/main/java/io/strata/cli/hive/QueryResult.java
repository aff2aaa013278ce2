package io.strata.cli.hive;

import java.util.List;

/**
 * What one statement returned: its column names (empty for statements without a result set), its rows
 * as cell strings (Hive's text form, {@code NULL} for nulls) and how long it took.
 */
public record QueryResult(String statement, List<String> columns, List<List<String>> rows, long millis) {

    public QueryResult {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Whether the statement produced a result set (a query), not only an effect (DDL, SET, USE). */
    public boolean hasResultSet() {
        return !columns.isEmpty();
    }
}
