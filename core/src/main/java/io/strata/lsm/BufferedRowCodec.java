package io.strata.lsm;

import io.strata.data.ArrayData;
import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.RowType;

/**
 * Turns a table row into the BinaryRow the write buffer stores (row kind in the header) and back into
 * a {@link Row} of the table type. Atomic fields are written typed, without boxing. Nested fields
 * (ARRAY, MAP, MULTISET, ROW) are stored as binary slots holding {@link NestedValueCodec} bytes and
 * decoded on access; a table without them reads the stored BinaryRow as is. Not thread-safe.
 */
final class BufferedRowCodec {

    @FunctionalInterface
    private interface FieldEncoder {
        void encode(Row row, int pos, BinaryRowWriter writer);
    }

    private final RowType type;
    private final BinaryRowWriter writer;
    private final FieldEncoder[] encoders;
    private final boolean hasNested;

    BufferedRowCodec(RowType type) {
        this.type = type;
        this.writer = new BinaryRowWriter(type.fieldCount());
        this.encoders = new FieldEncoder[type.fieldCount()];
        boolean nested = false;
        for (int i = 0; i < encoders.length; i++) {
            encoders[i] = encoder(type.typeAt(i));
            nested |= isNested(type.typeAt(i));
        }
        this.hasNested = nested;
    }

    private static boolean isNested(DataType t) {
        return switch (t.root()) {
            case ARRAY, MAP, MULTISET, ROW -> true;
            default -> false;
        };
    }

    private static FieldEncoder encoder(DataType t) {
        return switch (t.root()) {
            case BOOLEAN -> (r, p, w) -> w.writeBoolean(p, r.getBoolean(p));
            case TINYINT -> (r, p, w) -> w.writeByte(p, r.getByte(p));
            case SMALLINT -> (r, p, w) -> w.writeShort(p, r.getShort(p));
            case INT, DATE, TIME -> (r, p, w) -> w.writeInt(p, r.getInt(p));
            case BIGINT -> (r, p, w) -> w.writeLong(p, r.getLong(p));
            case FLOAT -> (r, p, w) -> w.writeFloat(p, r.getFloat(p));
            case DOUBLE -> (r, p, w) -> w.writeDouble(p, r.getDouble(p));
            case CHAR, VARCHAR -> (r, p, w) -> w.writeString(p, r.getString(p));
            case BINARY, VARBINARY -> (r, p, w) -> w.writeBinary(p, r.getBinary(p));
            case DECIMAL -> {
                int precision = ((AtomicType) t).precision();
                int scale = ((AtomicType) t).scale();
                yield (r, p, w) -> w.writeDecimal(p, r.getDecimal(p, precision, scale), precision);
            }
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                int precision = ((AtomicType) t).precision();
                yield (r, p, w) -> w.writeTimestamp(p, r.getTimestamp(p, precision), precision);
            }
            case ARRAY, MAP, MULTISET, ROW ->
                    (r, p, w) -> w.writeBinary(p, NestedValueCodec.encode(RowValues.get(r, p, t), t));
        };
    }

    /** The stored form of {@code row} with the given kind. */
    BinaryRow encode(Row row, RowKind kind) {
        writer.reset();
        writer.writeKind(kind);
        for (int i = 0; i < encoders.length; i++) {
            if (row.isNullAt(i)) {
                writer.writeNull(i, isNested(type.typeAt(i)) ? DataTypes.BYTES() : type.typeAt(i));
            } else {
                encoders[i].encode(row, i, writer);
            }
        }
        return writer.complete();
    }

    /** A row of the table type over a stored row (the stored row itself unless the table has nested columns). */
    Row view(BinaryRow stored) {
        return hasNested ? new NestedColumnsRow(stored, type) : stored;
    }

    /** A stored row whose nested columns are decoded from their binary slots when read. */
    private record NestedColumnsRow(BinaryRow stored, RowType type) implements Row {

        @Override
        public int arity() {
            return stored.arity();
        }

        @Override
        public RowKind kind() {
            return stored.kind();
        }

        @Override
        public boolean isNullAt(int pos) {
            return stored.isNullAt(pos);
        }

        @Override
        public boolean getBoolean(int pos) {
            return stored.getBoolean(pos);
        }

        @Override
        public byte getByte(int pos) {
            return stored.getByte(pos);
        }

        @Override
        public short getShort(int pos) {
            return stored.getShort(pos);
        }

        @Override
        public int getInt(int pos) {
            return stored.getInt(pos);
        }

        @Override
        public long getLong(int pos) {
            return stored.getLong(pos);
        }

        @Override
        public float getFloat(int pos) {
            return stored.getFloat(pos);
        }

        @Override
        public double getDouble(int pos) {
            return stored.getDouble(pos);
        }

        @Override
        public Utf8String getString(int pos) {
            return stored.getString(pos);
        }

        @Override
        public Decimal getDecimal(int pos, int precision, int scale) {
            return stored.getDecimal(pos, precision, scale);
        }

        @Override
        public Timestamp getTimestamp(int pos, int precision) {
            return stored.getTimestamp(pos, precision);
        }

        @Override
        public byte[] getBinary(int pos) {
            return stored.getBinary(pos);
        }

        @Override
        public ArrayData getArray(int pos) {
            return (ArrayData) NestedValueCodec.decode(stored.getBinary(pos), type.typeAt(pos));
        }

        @Override
        public MapData getMap(int pos) {
            return (MapData) NestedValueCodec.decode(stored.getBinary(pos), type.typeAt(pos));
        }

        @Override
        public Row getRow(int pos, int arity) {
            return (Row) NestedValueCodec.decode(stored.getBinary(pos), type.typeAt(pos));
        }
    }
}
