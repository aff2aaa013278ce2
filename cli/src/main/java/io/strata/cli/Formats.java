package io.strata.cli;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** How the table tools print times, sizes and aligned columns, so every command looks the same. */
final class Formats {

    private static final DateTimeFormatter UTC_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private Formats() {}

    /** Epoch millis as {@code 2026-12-02 17:40:12 UTC}. */
    static String time(long epochMillis) {
        return UTC_TIME.format(Instant.ofEpochMilli(epochMillis)) + " UTC";
    }

    /** Bytes in B, KiB, MiB or GiB with one decimal. */
    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format("%.1f %s", v, units[u]);
    }

    /**
     * Rows as text columns padded to their widest cell, two spaces apart; the first row is the header.
     * Trailing spaces are trimmed so the output diffs cleanly.
     */
    static String table(List<List<String>> rows, String indent) {
        int columns = rows.get(0).size();
        int[] width = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int c = 0; c < columns; c++) {
                line.append(row.get(c));
                if (c < columns - 1) {
                    line.append(" ".repeat(width[c] - row.get(c).length() + 2));
                }
            }
            out.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
        return out.toString();
    }
}
