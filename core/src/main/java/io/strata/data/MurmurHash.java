package io.strata.data;

/**
 * Murmur3 32-bit over whole 4-byte little-endian words, seed 42: the hash Paimon applies to a
 * BinaryRow's bytes to pick a bucket. A BinaryRow is always a multiple of 8 bytes long, so there is
 * never a tail to mix.
 */
final class MurmurHash {

    /** Paimon's seed. */
    public static final int SEED = 42;

    private MurmurHash() {}

    /** Hashes {@code length} bytes (a multiple of 4) of {@code bytes} from {@code offset}. */
    public static int hashWords(byte[] bytes, int offset, int length) {
        if ((length & 3) != 0) {
            throw new IllegalArgumentException("length must be a multiple of 4, got " + length);
        }
        int h1 = SEED;
        for (int i = 0; i < length; i += 4) {
            int k1 = (bytes[offset + i] & 0xFF)
                    | (bytes[offset + i + 1] & 0xFF) << 8
                    | (bytes[offset + i + 2] & 0xFF) << 16
                    | (bytes[offset + i + 3] & 0xFF) << 24;
            k1 *= 0xcc9e2d51;
            k1 = Integer.rotateLeft(k1, 15);
            k1 *= 0x1b873593;
            h1 ^= k1;
            h1 = Integer.rotateLeft(h1, 13);
            h1 = h1 * 5 + 0xe6546b64;
        }
        h1 ^= length;
        h1 ^= h1 >>> 16;
        h1 *= 0x85ebca6b;
        h1 ^= h1 >>> 13;
        h1 *= 0xc2b2ae35;
        h1 ^= h1 >>> 16;
        return h1;
    }
}
