package io.strata.data;

import io.strata.api.PublicApi;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * A point on the timeline with nanosecond precision: epoch milliseconds plus nanoseconds within the
 * millisecond, Paimon's representation. For TIMESTAMP (without time zone) it is the wall time read as
 * UTC; for TIMESTAMP WITH LOCAL TIME ZONE it is the instant.
 */
@PublicApi
public final class Timestamp implements Comparable<Timestamp> {

    /** The largest precision whose values fit a long of milliseconds. */
    public static final int MAX_COMPACT_PRECISION = 3;

    private final long millisecond;
    private final int nanoOfMillisecond;

    private Timestamp(long millisecond, int nanoOfMillisecond) {
        if (nanoOfMillisecond < 0 || nanoOfMillisecond > 999_999) {
            throw new IllegalArgumentException("nanoOfMillisecond out of range: " + nanoOfMillisecond);
        }
        this.millisecond = millisecond;
        this.nanoOfMillisecond = nanoOfMillisecond;
    }

    public static boolean isCompact(int precision) {
        return precision <= MAX_COMPACT_PRECISION;
    }

    public static Timestamp of(long millisecond, int nanoOfMillisecond) {
        return new Timestamp(millisecond, nanoOfMillisecond);
    }

    public static Timestamp fromEpochMillis(long millis) {
        return new Timestamp(millis, 0);
    }

    public static Timestamp fromMicros(long micros) {
        return new Timestamp(Math.floorDiv(micros, 1000), Math.floorMod(micros, 1000) * 1000);
    }

    public static Timestamp fromLocalDateTime(LocalDateTime dt) {
        long epochDay = dt.toLocalDate().toEpochDay();
        long nanoOfDay = dt.toLocalTime().toNanoOfDay();
        long millis = epochDay * 86_400_000L + nanoOfDay / 1_000_000;
        return new Timestamp(millis, (int) (nanoOfDay % 1_000_000));
    }

    public static Timestamp fromInstant(Instant instant) {
        long seconds = instant.getEpochSecond();
        int nanos = instant.getNano();
        return new Timestamp(seconds * 1000 + nanos / 1_000_000, nanos % 1_000_000);
    }

    public long millisecond() {
        return millisecond;
    }

    public int nanoOfMillisecond() {
        return nanoOfMillisecond;
    }

    public long toMicros() {
        return Math.multiplyExact(millisecond, 1000L) + nanoOfMillisecond / 1000;
    }

    public LocalDateTime toLocalDateTime() {
        long seconds = Math.floorDiv(millisecond, 1000);
        int nanos = Math.floorMod(millisecond, 1000) * 1_000_000 + nanoOfMillisecond;
        return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
    }

    public Instant toInstant() {
        long seconds = Math.floorDiv(millisecond, 1000);
        int nanos = Math.floorMod(millisecond, 1000) * 1_000_000 + nanoOfMillisecond;
        return Instant.ofEpochSecond(seconds, nanos);
    }

    @Override
    public int compareTo(Timestamp o) {
        int c = Long.compare(millisecond, o.millisecond);
        return c != 0 ? c : Integer.compare(nanoOfMillisecond, o.nanoOfMillisecond);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Timestamp t && millisecond == t.millisecond && nanoOfMillisecond == t.nanoOfMillisecond;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(millisecond) * 31 + nanoOfMillisecond;
    }

    @Override
    public String toString() {
        return toLocalDateTime().toString();
    }
}
