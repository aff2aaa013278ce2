package io.strata.fileindex;

import java.nio.ByteBuffer;

/**
 * A bloom filter over 64-bit value hashes in the layout of Paimon's {@code bloom-filter} file index: a
 * 4-byte big-endian count of hash functions, then the bit set, bit {@code p} in byte {@code p / 8} at mask
 * {@code 1 << (p % 8)}. Bit positions come from the two 32-bit halves of the hash (Kirsch-Mitzenmacher
 * double hashing); the size from the expected items and false-positive probability.
 */
final class BloomFilter64 {

    private final int numHashFunctions;
    private final byte[] bits;
    private final int numBits;

    private BloomFilter64(int numHashFunctions, byte[] bits) {
        this.numHashFunctions = numHashFunctions;
        this.bits = bits;
        this.numBits = bits.length * 8;
    }

    /** An empty filter sized as Paimon sizes one for {@code items} values at probability {@code fpp}. */
    static BloomFilter64 forItems(int items, double fpp) {
        int nb = (int) (-items * Math.log(fpp) / (Math.log(2) * Math.log(2)));
        // Always up to the next multiple of 8, a whole byte more when it is one already, as Paimon does.
        int numBits = nb + (8 - (nb % 8));
        int numHashFunctions = Math.max(1, (int) Math.round((double) numBits / items * Math.log(2)));
        return new BloomFilter64(numHashFunctions, new byte[numBits / 8]);
    }

    /** The filter of a serialized payload ({@code length} bytes at {@code offset}). */
    static BloomFilter64 read(byte[] payload, int offset, int length) {
        if (length < 5) {
            throw new IllegalArgumentException("a bloom-filter index of " + length + " bytes is too short");
        }
        int numHashFunctions = ByteBuffer.wrap(payload, offset, 4).getInt();
        if (numHashFunctions <= 0) {
            throw new IllegalArgumentException("a bloom-filter index has " + numHashFunctions + " hash functions");
        }
        byte[] bits = new byte[length - 4];
        System.arraycopy(payload, offset + 4, bits, 0, bits.length);
        return new BloomFilter64(numHashFunctions, bits);
    }

    void add(long hash) {
        int h1 = (int) hash;
        int h2 = (int) (hash >>> 32);
        for (int i = 1; i <= numHashFunctions; i++) {
            int position = position(h1, h2, i);
            bits[position >>> 3] |= (byte) (1 << (position & 7));
        }
    }

    /** False only when no value with this hash was added. */
    boolean mightContain(long hash) {
        int h1 = (int) hash;
        int h2 = (int) (hash >>> 32);
        for (int i = 1; i <= numHashFunctions; i++) {
            int position = position(h1, h2, i);
            if ((bits[position >>> 3] & (1 << (position & 7))) == 0) {
                return false;
            }
        }
        return true;
    }

    private int position(int h1, int h2, int i) {
        int combined = h1 + i * h2;
        if (combined < 0) {
            combined = ~combined;
        }
        return combined % numBits;
    }

    byte[] serialize() {
        return ByteBuffer.allocate(4 + bits.length).putInt(numHashFunctions).put(bits).array();
    }
}
