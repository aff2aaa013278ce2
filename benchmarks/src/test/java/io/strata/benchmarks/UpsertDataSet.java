package io.strata.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * The benchmark's one generated data set, held column by column in primitive arrays so that neither
 * engine pays for generating it while it is timed: {@code rows} upserts over a key space of
 * {@code keySpace} keys, cut into {@code commits} equal commits, about {@code deletePercent}% of them
 * deletes of a key. Seeded: the same arguments give the same rows.
 *
 * <p>Columns: {@code k BIGINT NOT NULL} (the primary key), {@code i INT}, {@code l BIGINT},
 * {@code d DOUBLE}, {@code s STRING} (8 to 40 ASCII characters), {@code dec DECIMAL(12, 2)},
 * {@code ts TIMESTAMP(3)}, {@code b BOOLEAN}; {@code i} and {@code s} are null in about 5% of rows.
 */
final class UpsertDataSet {

    static final int DECIMAL_PRECISION = 12;
    static final int DECIMAL_SCALE = 2;

    final int rows;
    final int commits;
    final long[] key;
    final boolean[] delete;
    final int[] i;
    final boolean[] iNull;
    final long[] l;
    final double[] d;
    final byte[][] s;
    final long[] decUnscaled;
    final long[] tsMillis;
    final boolean[] b;

    UpsertDataSet(long seed, int rows, int keySpace, int commits, int deletePercent) {
        this.rows = rows;
        this.commits = commits;
        SplittableRandom random = new SplittableRandom(seed);
        key = new long[rows];
        delete = new boolean[rows];
        i = new int[rows];
        iNull = new boolean[rows];
        l = new long[rows];
        d = new double[rows];
        s = new byte[rows][];
        decUnscaled = new long[rows];
        tsMillis = new long[rows];
        b = new boolean[rows];
        for (int r = 0; r < rows; r++) {
            key[r] = random.nextInt(keySpace);
            // The first commit only inserts: deletes of keys never written would measure nothing.
            delete[r] = r >= rows / commits && random.nextInt(100) < deletePercent;
            iNull[r] = random.nextInt(20) == 0;
            i[r] = random.nextInt();
            l[r] = random.nextLong();
            d[r] = random.nextDouble() * 1e6;
            s[r] = iNull[r] ? null : randomText(random, 8 + random.nextInt(33));
            decUnscaled[r] = random.nextLong(100_000_000_000L);
            tsMillis[r] = 1_700_000_000_000L + random.nextLong(86_400_000L * 365);
            b[r] = random.nextBoolean();
        }
    }

    /** The first row of commit {@code c} (inclusive); commit c ends where commit c + 1 starts. */
    int commitStart(int c) {
        return (int) ((long) rows * c / commits);
    }

    private static byte[] randomText(SplittableRandom random, int length) {
        byte[] out = new byte[length];
        for (int n = 0; n < length; n++) {
            out[n] = (byte) ('a' + random.nextInt(26));
        }
        return out;
    }

    /**
     * The digest of the rows a merged read of the whole table must return: per key the last row written,
     * unless that row is a delete (deduplicate merge engine, last wins).
     */
    RowDigest expectedDigest() {
        int keySpace = 0;
        for (long k : key) {
            keySpace = Math.max(keySpace, (int) k + 1);
        }
        int[] last = new int[keySpace];
        java.util.Arrays.fill(last, -1);
        for (int r = 0; r < rows; r++) {
            last[(int) key[r]] = r;
        }
        RowDigest digest = new RowDigest();
        for (int r : last) {
            if (r >= 0 && !delete[r]) {
                long stringHash = 0;
                if (s[r] != null) {
                    stringHash = RowDigest.stringStart(s[r].length);
                    for (byte c : s[r]) {
                        stringHash = RowDigest.stringByte(stringHash, c);
                    }
                }
                digest.add(RowDigest.rowHash(key[r], iNull[r], i[r], l[r], d[r], s[r] == null, stringHash,
                        decUnscaled[r], tsMillis[r], 0, b[r]));
            }
        }
        return digest;
    }

    /** For messages: the text of row r's string column. */
    String text(int r) {
        return s[r] == null ? null : new String(s[r], StandardCharsets.US_ASCII);
    }
}
