package io.strata.data;

import io.strata.api.PublicApi;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Paimon's BinaryRow: a row encoded in one byte array (docs/format.md section 5). Used for partitions,
 * min/max keys, statistics rows and the bucket hash. Header (row kind and null bits), then one
 * 8-byte little-endian slot per field, then a variable part for long strings, binary values, large
 * decimals and precise timestamps. Nested types are not stored in BinaryRows by Strata.
 */
@PublicApi
public final class BinaryRow implements Row {

    /** The row of no fields. */
    public static final BinaryRow EMPTY_ROW = new BinaryRowWriter(0).complete();

    private final int arity;
    private final byte[] bytes;
    private final int offset;
    private final int size;
    private final int nullBitsSize;

    public BinaryRow(int arity, byte[] bytes, int offset, int size) {
        this.arity = arity;
        this.bytes = bytes;
        this.offset = offset;
        this.size = size;
        this.nullBitsSize = headerSize(arity);
        if (size < nullBitsSize + 8 * arity) {
            throw new IllegalArgumentException(
                    "BinaryRow of arity " + arity + " needs at least " + (nullBitsSize + 8 * arity) + " bytes, got " + size);
        }
    }

    /** The size of header plus null bits for a row of this arity. */
    public static int headerSize(int arity) {
        return ((arity + 63 + 8) / 64) * 8;
    }

    /** Reads the manifest form: 4-byte big-endian arity, then the row. */
    public static BinaryRow fromBytesWithArity(byte[] serialized) {
        if (serialized.length < 4) {
            throw new IllegalArgumentException("A serialized BinaryRow needs at least 4 bytes, got " + serialized.length);
        }
        int arity = ByteBuffer.wrap(serialized).order(ByteOrder.BIG_ENDIAN).getInt();
        return new BinaryRow(arity, serialized, 4, serialized.length - 4);
    }

    /** The manifest form: 4-byte big-endian arity, then the row. */
    public byte[] toBytesWithArity() {
        byte[] out = new byte[4 + size];
        ByteBuffer.wrap(out).order(ByteOrder.BIG_ENDIAN).putInt(arity);
        System.arraycopy(bytes, offset, out, 4, size);
        return out;
    }

    /** The row's own bytes (no arity prefix), copied. */
    public byte[] toBytes() {
        return Arrays.copyOfRange(bytes, offset, offset + size);
    }

    /** Copies the row's own bytes (no arity prefix, {@link #sizeInBytes()} of them) into {@code target} at {@code at}. */
    public void copyTo(byte[] target, int at) {
        System.arraycopy(bytes, offset, target, at, size);
    }

    /** Whether this row's bytes equal {@code length} bytes of {@code other} from {@code from}. */
    public boolean bytesEqual(byte[] other, int from, int length) {
        return length == size && Arrays.equals(bytes, offset, offset + size, other, from, from + length);
    }

    public int sizeInBytes() {
        return size;
    }

    /** Paimon's hash of this row: Murmur3 over its bytes. Decides the bucket of a bucket-key row. */
    public int murmurHash() {
        return MurmurHash.hashWords(bytes, offset, size);
    }

    @Override
    public int arity() {
        return arity;
    }

    @Override
    public RowKind kind() {
        return RowKind.fromByteValue(bytes[offset]);
    }

    @Override
    public boolean isNullAt(int pos) {
        int bit = pos + 8;
        return (bytes[offset + (bit >>> 3)] & (1 << (bit & 7))) != 0;
    }

    private int slot(int pos) {
        if (pos < 0 || pos >= arity) {
            throw new IndexOutOfBoundsException("field " + pos + " of a row of arity " + arity);
        }
        return offset + nullBitsSize + 8 * pos;
    }

    private long longAt(int at) {
        return (bytes[at] & 0xFFL)
                | (bytes[at + 1] & 0xFFL) << 8
                | (bytes[at + 2] & 0xFFL) << 16
                | (bytes[at + 3] & 0xFFL) << 24
                | (bytes[at + 4] & 0xFFL) << 32
                | (bytes[at + 5] & 0xFFL) << 40
                | (bytes[at + 6] & 0xFFL) << 48
                | (bytes[at + 7] & 0xFFL) << 56;
    }

    private int intAt(int at) {
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16 | (bytes[at + 3] & 0xFF) << 24;
    }

    @Override
    public boolean getBoolean(int pos) {
        return bytes[slot(pos)] != 0;
    }

    @Override
    public byte getByte(int pos) {
        return bytes[slot(pos)];
    }

    @Override
    public short getShort(int pos) {
        int at = slot(pos);
        return (short) ((bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8);
    }

    @Override
    public int getInt(int pos) {
        return intAt(slot(pos));
    }

    @Override
    public long getLong(int pos) {
        return longAt(slot(pos));
    }

    @Override
    public float getFloat(int pos) {
        return Float.intBitsToFloat(intAt(slot(pos)));
    }

    @Override
    public double getDouble(int pos) {
        return Double.longBitsToDouble(longAt(slot(pos)));
    }

    @Override
    public Utf8String getString(int pos) {
        int at = slot(pos);
        long v = longAt(at);
        if (v < 0) {
            // Highest bit set: up to 7 bytes stored in the slot itself, the length in the top byte.
            int len = (int) ((v >>> 56) & 0x7F);
            return Utf8String.view(bytes, at, len);
        }
        return Utf8String.view(bytes, offset + (int) (v >>> 32), (int) v);
    }

    @Override
    public byte[] getBinary(int pos) {
        Utf8String s = getString(pos);
        return Arrays.copyOfRange(s.buffer(), s.offset(), s.offset() + s.length());
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        if (Decimal.isCompact(precision)) {
            return Decimal.fromUnscaledLong(getLong(pos), precision, scale);
        }
        long v = getLong(pos);
        int start = offset + (int) (v >>> 32);
        return Decimal.fromUnscaledBytes(Arrays.copyOfRange(bytes, start, start + (int) v), precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        if (Timestamp.isCompact(precision)) {
            return Timestamp.fromEpochMillis(getLong(pos));
        }
        long v = getLong(pos);
        long millis = longAt(offset + (int) (v >>> 32));
        return Timestamp.of(millis, (int) v);
    }

    @Override
    public ArrayData getArray(int pos) {
        throw new UnsupportedOperationException("Strata does not store ARRAY values in BinaryRows");
    }

    @Override
    public MapData getMap(int pos) {
        throw new UnsupportedOperationException("Strata does not store MAP values in BinaryRows");
    }

    @Override
    public Row getRow(int pos, int arity) {
        throw new UnsupportedOperationException("Strata does not store ROW values in BinaryRows");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BinaryRow r
                && arity == r.arity
                && Arrays.equals(bytes, offset, offset + size, r.bytes, r.offset, r.offset + r.size);
    }

    @Override
    public int hashCode() {
        return murmurHash();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("BinaryRow[arity=").append(arity).append(", ");
        for (int i = offset; i < offset + size; i++) {
            sb.append(String.format("%02x", bytes[i]));
        }
        return sb.append(']').toString();
    }
}
