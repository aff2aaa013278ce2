package io.strata.benchmarks;

import java.util.Locale;

/**
 * An order-independent fingerprint of a set of rows of the benchmark's schema: the row count and the
 * sum of a 64-bit hash of every field of every row ({@link #rowHash}). Two reads that return the same
 * rows in any order have equal digests; a changed, missing or extra row changes the sum (up to hash
 * collisions). Each engine feeds the typed values it read, so the hash never goes through a common row
 * class.
 */
final class RowDigest {

    private long rows;
    private long sum;

    /** Adds one row's hash (see {@link #rowHash}). */
    void add(long rowHash) {
        rows++;
        sum += rowHash;
    }

    long rows() {
        return rows;
    }

    long sum() {
        return sum;
    }

    boolean sameRowsAs(RowDigest other) {
        return rows == other.rows && sum == other.sum;
    }

    /**
     * The hash of one row from its fields in schema order; {@code iNull} / {@code sNull} say whether
     * {@code i} / {@code s} are null (their values are then ignored). The string's hash is
     * {@link #stringHash} of its UTF-8 bytes.
     */
    static long rowHash(long k, boolean iNull, int i, long l, double d, boolean sNull, long stringHash,
            long decUnscaled, long tsMillis, int tsNanoOfMilli, boolean b) {
        long h = 0x243F6A8885A308D3L;
        h = mix(h, k);
        h = mix(h, iNull ? 0x5bd1e995L : (i & 0xFFFFFFFFL) | (1L << 32));
        h = mix(h, l);
        h = mix(h, Double.doubleToLongBits(d));
        h = mix(h, sNull ? 0x27d4eb2fL : stringHash);
        h = mix(h, decUnscaled);
        h = mix(h, tsMillis);
        h = mix(h, tsNanoOfMilli);
        h = mix(h, b ? 1 : 2);
        return finish(h);
    }

    /** Starts a string hash of {@code length} bytes; feed every byte with {@link #stringByte}. */
    static long stringStart(int length) {
        return 0x9E3779B97F4A7C15L ^ length;
    }

    static long stringByte(long h, byte b) {
        return (h ^ (b & 0xFF)) * 0x100000001B3L;
    }

    private static long mix(long h, long value) {
        return Long.rotateLeft(h ^ finish(value), 29) * 0x9E3779B97F4A7C15L;
    }

    /** The finalizer of SplitMix64 / Murmur3's fmix64. */
    private static long finish(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%,d rows, checksum %016x", rows, sum);
    }
}
