package io.strata.benchmarks.hive;

import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The generated rows: keys {@code 0 .. rows-1}, each with a base version, and {@code updateRounds} rounds that
 * each give about {@code updatePercent}% of the keys new values. Every value is a pure function of (seed, key,
 * version, column), so nothing is held in memory and every table kind is built from exactly the same rows.
 *
 * <p>Columns: {@code k BIGINT} (primary key), {@code i INT} (~5% null), {@code l BIGINT}, {@code s STRING}
 * (~5% null), {@code amount DECIMAL(12,2)}, {@code d DOUBLE}, {@code dt DATE}, {@code ts TIMESTAMP}
 * (milliseconds), {@code b BOOLEAN}, {@code g STRING} (16 values: the group column).
 */
final class ScanDataSet {

    static final String HIVE_COLUMNS = "k BIGINT, i INT, l BIGINT, s STRING, amount DECIMAL(12,2), d DOUBLE, "
            + "dt DATE, ts TIMESTAMP, b BOOLEAN, g STRING";
    static final int AMOUNT_PRECISION = 12;
    static final int AMOUNT_SCALE = 2;

    private static final long DAY_2000 = LocalDate.of(2000, 1, 1).toEpochDay();
    private static final long MILLIS_2000 = LocalDateTime.of(2000, 1, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
    private static final long THIRTY_YEARS_DAYS = 30L * 365;
    private static final DateTimeFormatter TS_TEXT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    final int rows;
    final int updateRounds;
    private final int updatePercent;
    private final long seed;

    ScanDataSet(int rows, int updateRounds, int updatePercent, long seed) {
        this.rows = rows;
        this.updateRounds = updateRounds;
        this.updatePercent = updatePercent;
        this.seed = seed;
    }

    /** Whether update round {@code round} (1-based) gives {@code key} new values. */
    boolean updated(long key, int round) {
        return Long.remainderUnsigned(mix(key, 1000 + round, 0), 100) < updatePercent;
    }

    /** The version of {@code key} after every round: the last round that updated it, or 0 (the base load). */
    int finalVersion(long key) {
        for (int round = updateRounds; round >= 1; round--) {
            if (updated(key, round)) {
                return round;
            }
        }
        return 0;
    }

    /** A key the last round updated (so the lookup sees a merged value), near the middle of the key space. */
    long lookupKey() {
        for (long k = rows / 2; k < rows; k++) {
            if (updateRounds == 0 || updated(k, updateRounds)) {
                return k;
            }
        }
        return rows / 2;
    }

    /** The values of one version of one key. */
    Values values(long key, int version) {
        long h1 = mix(key, version, 1);
        long h2 = mix(key, version, 2);
        long h3 = mix(key, version, 3);
        Integer i = Long.remainderUnsigned(h1, 20) == 0 ? null : (int) (h1 >>> 8);
        long l = h2 >> 24;
        String s = Long.remainderUnsigned(h2, 20) == 1 ? null : "s" + Long.toString(h3 >>> 12, 36);
        long amountUnscaled = Long.remainderUnsigned(h3, 20_000_000_000L) - 10_000_000_000L;
        double d = Long.remainderUnsigned(h1 >>> 3, 100_000_000L) / 1000.0;
        int dt = (int) (DAY_2000 + Long.remainderUnsigned(h2 >>> 7, THIRTY_YEARS_DAYS));
        long tsMillis = MILLIS_2000 + Long.remainderUnsigned(h3 >>> 5, THIRTY_YEARS_DAYS * 86_400_000L);
        boolean b = (h1 & 0x10) != 0;
        String g = String.format("g%02d", Long.remainderUnsigned(h3 >>> 20, 16));
        return new Values(key, i, l, s, amountUnscaled, d, dt, tsMillis, b, g);
    }

    /** Writes the base rows (version 0 of every key) as Hive's default text format. */
    void writeBaseText(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long k = 0; k < rows; k++) {
                values(k, 0).appendText(w);
            }
        }
    }

    /** Writes the rows update round {@code round} sets. */
    void writeUpdateText(Path file, int round) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long k = 0; k < rows; k++) {
                if (updated(k, round)) {
                    values(k, round).appendText(w);
                }
            }
        }
    }

    /** Writes every key's final version. */
    void writeFinalText(Path file) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (long k = 0; k < rows; k++) {
                values(k, finalVersion(k)).appendText(w);
            }
        }
    }

    private long mix(long key, int version, int column) {
        long z = seed * 0x9E3779B97F4A7C15L + key * 0xBF58476D1CE4E5B9L + version * 0x94D049BB133111EBL + column;
        // splitmix64's finalizer
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** One row; {@code dt} in epoch days, {@code tsMillis} a UTC wall clock in milliseconds. */
    record Values(long k, Integer i, long l, String s, long amountUnscaled, double d, int dt, long tsMillis,
            boolean b, String g) {

        /** Hive's LazySimpleSerDe text: tab-separated, {@code \N} for null. */
        void appendText(BufferedWriter w) throws IOException {
            w.append(Long.toString(k)).append('\t')
                    .append(i == null ? "\\N" : Integer.toString(i)).append('\t')
                    .append(Long.toString(l)).append('\t')
                    .append(s == null ? "\\N" : s).append('\t')
                    .append(BigDecimal.valueOf(amountUnscaled, AMOUNT_SCALE).toPlainString()).append('\t')
                    .append(Double.toString(d)).append('\t')
                    .append(LocalDate.ofEpochDay(dt).toString()).append('\t')
                    .append(TS_TEXT.format(LocalDateTime.ofEpochSecond(Math.floorDiv(tsMillis, 1000),
                            (int) Math.floorMod(tsMillis, 1000) * 1_000_000, ZoneOffset.UTC))).append('\t')
                    .append(b ? "true" : "false").append('\t')
                    .append(g).append('\n');
        }
    }
}
