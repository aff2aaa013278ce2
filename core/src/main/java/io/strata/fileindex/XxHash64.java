package io.strata.fileindex;

/**
 * The 64-bit xxHash (XXH64) of a byte range with seed 0, as Paimon's bloom filters hash strings and
 * binaries. The algorithm is Yann Collet's published specification: 32-byte stripes through four
 * accumulators, then 8-, 4- and 1-byte tails and an avalanche, over little-endian words.
 */
final class XxHash64 {

    private static final long PRIME1 = 0x9E3779B185EBCA87L;
    private static final long PRIME2 = 0xC2B2AE3D27D4EB4FL;
    private static final long PRIME3 = 0x165667B19E3779F9L;
    private static final long PRIME4 = 0x85EBCA77C2B2AE63L;
    private static final long PRIME5 = 0x27D4EB2F165667C5L;

    private XxHash64() {}

    static long hash(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int p = offset;
        long h;
        if (length >= 32) {
            long v1 = PRIME1 + PRIME2;
            long v2 = PRIME2;
            long v3 = 0;
            long v4 = -PRIME1;
            int limit = end - 32;
            do {
                v1 = round(v1, longAt(bytes, p));
                v2 = round(v2, longAt(bytes, p + 8));
                v3 = round(v3, longAt(bytes, p + 16));
                v4 = round(v4, longAt(bytes, p + 24));
                p += 32;
            } while (p <= limit);
            h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            h = mergeRound(h, v1);
            h = mergeRound(h, v2);
            h = mergeRound(h, v3);
            h = mergeRound(h, v4);
        } else {
            h = PRIME5;
        }
        h += length;
        while (p + 8 <= end) {
            h ^= round(0, longAt(bytes, p));
            h = Long.rotateLeft(h, 27) * PRIME1 + PRIME4;
            p += 8;
        }
        if (p + 4 <= end) {
            h ^= (intAt(bytes, p) & 0xFFFFFFFFL) * PRIME1;
            h = Long.rotateLeft(h, 23) * PRIME2 + PRIME3;
            p += 4;
        }
        while (p < end) {
            h ^= (bytes[p] & 0xFFL) * PRIME5;
            h = Long.rotateLeft(h, 11) * PRIME1;
            p++;
        }
        h ^= h >>> 33;
        h *= PRIME2;
        h ^= h >>> 29;
        h *= PRIME3;
        h ^= h >>> 32;
        return h;
    }

    private static long round(long acc, long input) {
        acc += input * PRIME2;
        acc = Long.rotateLeft(acc, 31);
        return acc * PRIME1;
    }

    private static long mergeRound(long acc, long value) {
        acc ^= round(0, value);
        return acc * PRIME1 + PRIME4;
    }

    private static long longAt(byte[] b, int i) {
        return (b[i] & 0xFFL) | (b[i + 1] & 0xFFL) << 8 | (b[i + 2] & 0xFFL) << 16 | (b[i + 3] & 0xFFL) << 24
                | (b[i + 4] & 0xFFL) << 32 | (b[i + 5] & 0xFFL) << 40 | (b[i + 6] & 0xFFL) << 48
                | (b[i + 7] & 0xFFL) << 56;
    }

    private static int intAt(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }
}
