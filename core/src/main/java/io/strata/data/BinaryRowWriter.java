package io.strata.data;

import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.Arrays;

/**
 * Encodes one BinaryRow at a time. Reusable: {@link #reset()} starts the next row in the same
 * buffer. Unset slots stay zero and fields must be written in any order but at most once per row.
 * Nulls of large decimals and precise timestamps reserve their variable-part space, as Paimon does,
 * so the bytes match Paimon's.
 */
public final class BinaryRowWriter {

    private final int arity;
    private final int fixedSize;
    private final int nullBitsSize;
    private byte[] buffer;
    private int cursor;

    public BinaryRowWriter(int arity) {
        this.arity = arity;
        this.nullBitsSize = BinaryRow.headerSize(arity);
        this.fixedSize = nullBitsSize + 8 * arity;
        this.buffer = new byte[Math.max(64, fixedSize + 32)];
        this.cursor = fixedSize;
    }

    /** Encodes a whole row of the given type (boxing; for partitions, keys of metadata, stats). */
    public static BinaryRow toBinaryRow(Row row, RowType type) {
        BinaryRowWriter w = new BinaryRowWriter(type.fieldCount());
        w.writeKind(row.kind());
        for (int i = 0; i < type.fieldCount(); i++) {
            w.write(i, RowValues.get(row, i, type.typeAt(i)), type.typeAt(i));
        }
        return w.complete();
    }

    /** Starts a new row: clears the fixed part. */
    public BinaryRowWriter reset() {
        Arrays.fill(buffer, 0, cursor, (byte) 0);
        cursor = fixedSize;
        return this;
    }

    public void writeKind(RowKind kind) {
        buffer[0] = kind.toByteValue();
    }

    private int slot(int pos) {
        return nullBitsSize + 8 * pos;
    }

    private void setNullBit(int pos) {
        int bit = pos + 8;
        buffer[bit >>> 3] |= (byte) (1 << (bit & 7));
    }

    public void setNullAt(int pos) {
        setNullBit(pos);
        putLong(slot(pos), 0L);
    }

    /** Writes a null of the given type the way Paimon does (reserving space for non-compact values). */
    public void writeNull(int pos, DataType type) {
        if (type.root() == TypeRoot.DECIMAL && !Decimal.isCompact(((AtomicType) type).precision())) {
            ensure(16);
            Arrays.fill(buffer, cursor, cursor + 16, (byte) 0);
            setNullBit(pos);
            putLong(slot(pos), ((long) cursor) << 32);
            cursor += 16;
        } else if ((type.root() == TypeRoot.TIMESTAMP
                        || type.root() == TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE)
                && !Timestamp.isCompact(((AtomicType) type).precision())) {
            ensure(8);
            Arrays.fill(buffer, cursor, cursor + 8, (byte) 0);
            setNullBit(pos);
            putLong(slot(pos), ((long) cursor) << 32);
            cursor += 8;
        } else {
            setNullAt(pos);
        }
    }

    public void writeBoolean(int pos, boolean v) {
        buffer[slot(pos)] = (byte) (v ? 1 : 0);
    }

    public void writeByte(int pos, byte v) {
        buffer[slot(pos)] = v;
    }

    public void writeShort(int pos, short v) {
        int at = slot(pos);
        buffer[at] = (byte) v;
        buffer[at + 1] = (byte) (v >> 8);
    }

    public void writeInt(int pos, int v) {
        putInt(slot(pos), v);
    }

    public void writeLong(int pos, long v) {
        putLong(slot(pos), v);
    }

    public void writeFloat(int pos, float v) {
        putInt(slot(pos), Float.floatToRawIntBits(v));
    }

    public void writeDouble(int pos, double v) {
        putLong(slot(pos), Double.doubleToRawLongBits(v));
    }

    public void writeString(int pos, Utf8String s) {
        writeBytes(pos, s.buffer(), s.offset(), s.length());
    }

    public void writeBinary(int pos, byte[] b) {
        writeBytes(pos, b, 0, b.length);
    }

    private void writeBytes(int pos, byte[] src, int srcOffset, int len) {
        int at = slot(pos);
        if (len <= 7) {
            System.arraycopy(src, srcOffset, buffer, at, len);
            buffer[at + 7] = (byte) (0x80 | len);
            return;
        }
        int rounded = roundToWord(len);
        ensure(rounded);
        Arrays.fill(buffer, cursor, cursor + rounded, (byte) 0);
        System.arraycopy(src, srcOffset, buffer, cursor, len);
        putLong(at, ((long) cursor << 32) | len);
        cursor += rounded;
    }

    public void writeDecimal(int pos, Decimal d, int precision) {
        if (Decimal.isCompact(precision)) {
            writeLong(pos, d.toUnscaledLong());
            return;
        }
        byte[] unscaled = d.toUnscaledBytes();
        if (unscaled.length > 16) {
            throw new IllegalArgumentException("Decimal " + d + " does not fit 16 bytes");
        }
        ensure(16);
        Arrays.fill(buffer, cursor, cursor + 16, (byte) 0);
        System.arraycopy(unscaled, 0, buffer, cursor, unscaled.length);
        putLong(slot(pos), ((long) cursor << 32) | unscaled.length);
        cursor += 16;
    }

    public void writeTimestamp(int pos, Timestamp t, int precision) {
        if (Timestamp.isCompact(precision)) {
            writeLong(pos, t.millisecond());
            return;
        }
        ensure(8);
        putLong(cursor, t.millisecond());
        putLong(slot(pos), ((long) cursor << 32) | t.nanoOfMillisecond());
        cursor += 8;
    }

    /** Writes a value of the internal value classes (or null) as the given type. */
    public void write(int pos, Object value, DataType type) {
        if (value == null) {
            writeNull(pos, type);
            return;
        }
        switch (type.root()) {
            case BOOLEAN -> writeBoolean(pos, (Boolean) value);
            case TINYINT -> writeByte(pos, (Byte) value);
            case SMALLINT -> writeShort(pos, (Short) value);
            case INT, DATE, TIME -> writeInt(pos, (Integer) value);
            case BIGINT -> writeLong(pos, (Long) value);
            case FLOAT -> writeFloat(pos, (Float) value);
            case DOUBLE -> writeDouble(pos, (Double) value);
            case CHAR, VARCHAR -> writeString(pos, (Utf8String) value);
            case BINARY, VARBINARY -> writeBinary(pos, (byte[]) value);
            case DECIMAL -> writeDecimal(pos, (Decimal) value, ((AtomicType) type).precision());
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> writeTimestamp(pos, (Timestamp) value, ((AtomicType) type).precision());
            case ARRAY, MAP, MULTISET, ROW -> throw new UnsupportedOperationException(
                    "Strata does not store " + type.asSqlString() + " values in BinaryRows (field " + pos + ")");
        }
    }

    /** Paimon's hash of the row written so far, without materialising it (picks a bucket per row). */
    public int murmurHash() {
        return MurmurHash.hashWords(buffer, 0, cursor);
    }

    /** Whether the row written so far has exactly the bytes of {@code row} (lets callers reuse a row). */
    public boolean contentEquals(BinaryRow row) {
        return row.sizeInBytes() == cursor && row.arity() == arity && row.bytesEqual(buffer, 0, cursor);
    }

    /** The row written so far, as a new BinaryRow that owns a copy of the bytes. */
    public BinaryRow complete() {
        return new BinaryRow(arity, Arrays.copyOf(buffer, cursor), 0, cursor);
    }

    private static int roundToWord(int n) {
        return (n + 7) & ~7;
    }

    private void ensure(int extra) {
        if (cursor + extra > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, cursor + extra));
        }
    }

    private void putInt(int at, int v) {
        buffer[at] = (byte) v;
        buffer[at + 1] = (byte) (v >> 8);
        buffer[at + 2] = (byte) (v >> 16);
        buffer[at + 3] = (byte) (v >> 24);
    }

    private void putLong(int at, long v) {
        for (int i = 0; i < 8; i++) {
            buffer[at + i] = (byte) (v >> (8 * i));
        }
    }
}
