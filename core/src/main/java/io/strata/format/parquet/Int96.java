package io.strata.format.parquet;

import io.strata.data.Timestamp;

/**
 * The INT96 timestamp encoding of Impala, Hive and Paimon for nanosecond precision: 8 bytes of
 * nanoseconds within the day, then 4 bytes of Julian day number, both little-endian.
 */
final class Int96 {

    static final int BYTES = 12;

    /** The Julian day number of 1970-01-01. */
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;

    private static final long MILLIS_PER_DAY = 86_400_000L;

    private Int96() {}

    static void encode(Timestamp t, byte[] out) {
        long days = Math.floorDiv(t.millisecond(), MILLIS_PER_DAY);
        long nanosOfDay = Math.floorMod(t.millisecond(), MILLIS_PER_DAY) * 1_000_000L + t.nanoOfMillisecond();
        long julianDay = days + JULIAN_EPOCH_DAY;
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) (nanosOfDay >>> (8 * i));
        }
        for (int i = 0; i < 4; i++) {
            out[8 + i] = (byte) (julianDay >>> (8 * i));
        }
    }

    /**
     * Epoch milliseconds of a Julian day and nanoseconds within it. Writers differ for times before
     * the epoch: Paimon's nanoseconds of the day can be negative (the day rounded toward zero), so the
     * two parts are added, not taken apart digit by digit.
     */
    static long epochMillis(long julianDay, long nanosOfDay) {
        return (julianDay - JULIAN_EPOCH_DAY) * MILLIS_PER_DAY + Math.floorDiv(nanosOfDay, 1_000_000L);
    }

    static int nanoOfMillisecond(long nanosOfDay) {
        return (int) Math.floorMod(nanosOfDay, 1_000_000L);
    }
}
