package io.strata.cli.hive;

import java.util.ArrayList;
import java.util.List;

/** Prints a {@link QueryResult} as a small text table, the way SQL shells do. */
public final class ResultTable {

    private ResultTable() {}

    /**
     * The result as lines: a boxed table with a header, then a "N row(s)" line; for statements without
     * a result set, just "OK".
     */
    public static List<String> format(QueryResult result) {
        if (!result.hasResultSet()) {
            return List.of("OK");
        }
        List<String> columns = result.columns();
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = columns.get(i).length();
        }
        for (List<String> row : result.rows()) {
            for (int i = 0; i < Math.min(widths.length, row.size()); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        String rule = rule(widths);
        List<String> lines = new ArrayList<>();
        lines.add(rule);
        lines.add(line(columns, widths));
        lines.add(rule);
        for (List<String> row : result.rows()) {
            lines.add(line(row, widths));
        }
        lines.add(rule);
        lines.add(result.rows().size() + (result.rows().size() == 1 ? " row" : " rows"));
        return lines;
    }

    private static String rule(int[] widths) {
        StringBuilder s = new StringBuilder("+");
        for (int w : widths) {
            s.append("-".repeat(w + 2)).append('+');
        }
        return s.toString();
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder s = new StringBuilder("|");
        for (int i = 0; i < widths.length; i++) {
            String cell = i < cells.size() ? cells.get(i) : "";
            s.append(' ').append(cell).append(" ".repeat(widths[i] - cell.length() + 1)).append('|');
        }
        return s.toString();
    }
}
