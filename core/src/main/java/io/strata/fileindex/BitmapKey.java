package io.strata.fileindex;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * One value of a bitmap index's dictionary, as Paimon keys its bitmaps: integral values, dates, times and
 * timestamps as numbers of their width, floats and doubles by their (canonical) bits, booleans, and strings
 * as UTF-8 bytes.
 *
 * <p>Equality, hash code and order are those of the Java objects Paimon keys its bitmaps with ({@code Byte},
 * {@code Short}, {@code Integer}, {@code Long}, {@code Float}, {@code Double}, {@code Boolean}, and
 * {@code BinaryString}, whose hash is Murmur3 of its bytes with seed 42 and whose order is that of unsigned
 * bytes). Paimon's writer lays its bitmaps out in the iteration order of a {@code java.util.HashMap} of those
 * keys, so a {@code HashMap} of these keys, filled in the same sequence, iterates in the same order; and the
 * version 2 dictionary is sorted by that order. The class implements {@code Comparable} of itself for the same
 * reason: a {@code HashMap} bin that turns into a tree orders it by {@code compareTo}.
 *
 * <p>A key is mutable so that a writer probes its map with one instance per column; keys stored in a map are
 * {@linkplain #copy copies}.
 */
final class BitmapKey implements Comparable<BitmapKey> {

    /** How a value is stored and compared; the width is its size in the dictionary (strings: 4 + bytes). */
    enum Kind {
        BYTE(1), SHORT(2), INT(4), LONG(8), FLOAT(4), DOUBLE(8), BOOLEAN(1), STRING(-1);

        private final int width;

        Kind(int width) {
            this.width = width;
        }
    }

    private static final int MURMUR_SEED = 42;

    private final Kind kind;
    /** Integral values sign-extended, float and double bits, booleans as 1 or 0. */
    private long bits;
    private byte[] bytes;
    private int offset;
    private int length;

    BitmapKey(Kind kind) {
        this.kind = kind;
    }

    Kind kind() {
        return kind;
    }

    BitmapKey setBits(long value) {
        this.bits = value;
        return this;
    }

    /** A string key viewing {@code length} bytes of {@code buffer} from {@code offset} (not copied). */
    BitmapKey setBytes(byte[] buffer, int offset, int length) {
        this.bytes = buffer;
        this.offset = offset;
        this.length = length;
        return this;
    }

    /** A key of its own, holding no reference to a buffer a probe may view. */
    BitmapKey copy() {
        BitmapKey copy = new BitmapKey(kind).setBits(bits);
        if (kind == Kind.STRING) {
            copy.setBytes(Arrays.copyOfRange(bytes, offset, offset + length), 0, length);
        }
        return copy;
    }

    /** The bytes the key takes in a dictionary. */
    int serializedSize() {
        return kind == Kind.STRING ? 4 + length : kind.width;
    }

    void write(DataOutputStream out) throws IOException {
        switch (kind) {
            case BYTE, BOOLEAN -> out.writeByte((int) bits);
            case SHORT -> out.writeShort((int) bits);
            case INT, FLOAT -> out.writeInt((int) bits);
            case LONG, DOUBLE -> out.writeLong(bits);
            case STRING -> {
                out.writeInt(length);
                out.write(bytes, offset, length);
            }
        }
    }

    /** Reads a key of {@code kind}; fails on a negative or oversized string length. */
    static BitmapKey read(Kind kind, ByteBuffer in) {
        BitmapKey key = new BitmapKey(kind);
        return switch (kind) {
            case BYTE -> key.setBits(in.get());
            case BOOLEAN -> key.setBits(in.get() != 0 ? 1 : 0);
            case SHORT -> key.setBits(in.getShort());
            case INT, FLOAT -> key.setBits(in.getInt());
            case LONG, DOUBLE -> key.setBits(in.getLong());
            case STRING -> {
                int n = in.getInt();
                if (n < 0 || n > in.remaining()) {
                    throw new IllegalArgumentException("a string of " + n + " bytes where " + in.remaining()
                            + " remain");
                }
                byte[] b = new byte[n];
                in.get(b);
                yield key.setBytes(b, 0, n);
            }
        };
    }

    @Override
    public int hashCode() {
        return switch (kind) {
            case BYTE, SHORT, INT, FLOAT -> (int) bits;
            case LONG, DOUBLE -> (int) (bits ^ (bits >>> 32));
            case BOOLEAN -> bits != 0 ? 1231 : 1237;
            case STRING -> murmur3(bytes, offset, length);
        };
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BitmapKey k) || k.kind != kind) {
            return false;
        }
        return kind == Kind.STRING
                ? Arrays.equals(bytes, offset, offset + length, k.bytes, k.offset, k.offset + k.length)
                : bits == k.bits;
    }

    @Override
    public int compareTo(BitmapKey o) {
        return switch (kind) {
            case BYTE, SHORT, INT, LONG, BOOLEAN -> Long.compare(bits, o.bits);
            case FLOAT -> Float.compare(Float.intBitsToFloat((int) bits), Float.intBitsToFloat((int) o.bits));
            case DOUBLE -> Double.compare(Double.longBitsToDouble(bits), Double.longBitsToDouble(o.bits));
            case STRING -> Arrays.compareUnsigned(bytes, offset, offset + length, o.bytes, o.offset, o.offset + o.length);
        };
    }

    @Override
    public String toString() {
        return kind == Kind.STRING ? new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8)
                : Long.toString(bits);
    }

    /**
     * Murmur3 (32-bit) of a byte range with Paimon's seed: little-endian 4-byte words, then the tail bytes one
     * by one (sign-extended), as Paimon hashes a {@code BinaryString}.
     */
    static int murmur3(byte[] b, int offset, int length) {
        int h = MURMUR_SEED;
        int aligned = length - (length & 3);
        for (int i = 0; i < aligned; i += 4) {
            int p = offset + i;
            h = mix(h, (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8 | (b[p + 2] & 0xFF) << 16 | (b[p + 3] & 0xFF) << 24);
        }
        for (int i = aligned; i < length; i++) {
            h = mix(h, b[offset + i]);
        }
        h ^= length;
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h;
    }

    private static int mix(int h, int k) {
        k *= 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15);
        k *= 0x1b873593;
        h ^= k;
        h = Integer.rotateLeft(h, 13);
        return h * 5 + 0xe6546b64;
    }
}
