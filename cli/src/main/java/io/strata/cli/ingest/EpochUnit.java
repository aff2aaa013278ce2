package io.strata.cli.ingest;

/**
 * The unit of a TIMESTAMP or TIME given as a number. Debezium writes {@code io.debezium.time.Timestamp} in
 * milliseconds, {@code MicroTimestamp} in microseconds and {@code NanoTimestamp} in nanoseconds since the
 * epoch (and TIME as millis, micros or nanos of the day) with nothing in the value saying which.
 */
public enum EpochUnit {
    /**
     * Guess from the magnitude: a timestamp below 10^13 is millis (up to year 2286), below 10^16 micros,
     * else nanos; a time of day below 86,400,000 is millis, below 86,400,000,000 micros, else nanos.
     * Wrong for microsecond timestamps in the first 115 days of 1970: give the unit for such data.
     */
    AUTO,
    MILLIS,
    MICROS,
    NANOS;

    /** The unit of a timestamp number, resolving {@link #AUTO}. */
    EpochUnit forTimestamp(long value) {
        if (this != AUTO) {
            return this;
        }
        long magnitude = Math.abs(value);
        return magnitude < 10_000_000_000_000L ? MILLIS : magnitude < 10_000_000_000_000_000L ? MICROS : NANOS;
    }

    /** The unit of a time-of-day number, resolving {@link #AUTO}. */
    EpochUnit forTimeOfDay(long value) {
        if (this != AUTO) {
            return this;
        }
        return value < 86_400_000L ? MILLIS : value < 86_400_000_000L ? MICROS : NANOS;
    }

    /** The value in nanoseconds (for a timestamp: since the epoch). */
    long toNanos(long value) {
        return switch (this) {
            case MILLIS -> Math.multiplyExact(value, 1_000_000L);
            case MICROS -> Math.multiplyExact(value, 1_000L);
            case NANOS -> value;
            case AUTO -> throw new IllegalStateException("resolve AUTO first");
        };
    }
}
