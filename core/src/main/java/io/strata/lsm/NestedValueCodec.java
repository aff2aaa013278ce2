package io.strata.lsm;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Encodes an ARRAY, MAP, MULTISET or ROW value as bytes and back, so that the write buffer can keep
 * rows with nested columns in binary form (a BinaryRow does not hold nested values). Private to the
 * write buffer: the bytes never leave the writer's process. Nested columns are rare on the write
 * path, so this favours simplicity (it boxes) over speed.
 */
final class NestedValueCodec {

    private NestedValueCodec() {}

    /** The bytes of a non-null nested value of {@code type}. */
    static byte[] encode(Object value, DataType type) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            write(out, value, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory streams do not fail
        }
        return bytes.toByteArray();
    }

    /** The value {@link #encode} encoded, as GenericArray, GenericMap or GenericRow. */
    static Object decode(byte[] encoded, DataType type) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            return read(in, type);
        } catch (IOException e) {
            throw new UncheckedIOException("Corrupt nested value of type " + type.asSqlString() + " in the write buffer", e);
        }
    }

    private static void write(DataOutputStream out, Object v, DataType type) throws IOException {
        out.writeBoolean(v != null);
        if (v == null) {
            return;
        }
        switch (type.root()) {
            case BOOLEAN -> out.writeBoolean((Boolean) v);
            case TINYINT -> out.writeByte((Byte) v);
            case SMALLINT -> out.writeShort((Short) v);
            case INT, DATE, TIME -> out.writeInt((Integer) v);
            case BIGINT -> out.writeLong((Long) v);
            case FLOAT -> out.writeFloat((Float) v);
            case DOUBLE -> out.writeDouble((Double) v);
            case CHAR, VARCHAR -> {
                Utf8String s = (Utf8String) v;
                out.writeInt(s.length());
                out.write(s.buffer(), s.offset(), s.length());
            }
            case BINARY, VARBINARY -> writeBytes(out, (byte[]) v);
            case DECIMAL -> writeBytes(out, ((Decimal) v).toUnscaledBytes());
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                out.writeLong(((Timestamp) v).millisecond());
                out.writeInt(((Timestamp) v).nanoOfMillisecond());
            }
            case ARRAY -> writeArray(out, (ArrayData) v, ((ArrayType) type).element());
            case MAP -> {
                MapData m = (MapData) v;
                writeArray(out, m.keys(), ((MapType) type).key());
                writeArray(out, m.values(), ((MapType) type).value());
            }
            case MULTISET -> {
                MapData m = (MapData) v;
                writeArray(out, m.keys(), ((MultisetType) type).element());
                writeArray(out, m.values(), countType());
            }
            case ROW -> {
                RowType rt = (RowType) type;
                Row row = (Row) v;
                out.writeByte(row.kind().toByteValue());
                for (int i = 0; i < rt.fieldCount(); i++) {
                    write(out, RowValues.get(row, i, rt.typeAt(i)), rt.typeAt(i));
                }
            }
        }
    }

    private static void writeArray(DataOutputStream out, ArrayData a, DataType element) throws IOException {
        out.writeInt(a.size());
        for (int i = 0; i < a.size(); i++) {
            write(out, RowValues.get(a, i, element), element);
        }
    }

    private static void writeBytes(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    private static Object read(DataInputStream in, DataType type) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        return switch (type.root()) {
            case BOOLEAN -> in.readBoolean();
            case TINYINT -> in.readByte();
            case SMALLINT -> in.readShort();
            case INT, DATE, TIME -> in.readInt();
            case BIGINT -> in.readLong();
            case FLOAT -> in.readFloat();
            case DOUBLE -> in.readDouble();
            case CHAR, VARCHAR -> Utf8String.fromBytes(readBytes(in));
            case BINARY, VARBINARY -> readBytes(in);
            case DECIMAL -> Decimal.fromUnscaledBytes(readBytes(in), ((AtomicType) type).precision(), ((AtomicType) type).scale());
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Timestamp.of(in.readLong(), in.readInt());
            case ARRAY -> readArray(in, ((ArrayType) type).element());
            case MAP -> new GenericMap(readArray(in, ((MapType) type).key()), readArray(in, ((MapType) type).value()));
            case MULTISET -> new GenericMap(readArray(in, ((MultisetType) type).element()), readArray(in, countType()));
            case ROW -> {
                RowType rt = (RowType) type;
                RowKind kind = RowKind.fromByteValue(in.readByte());
                Object[] values = new Object[rt.fieldCount()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = read(in, rt.typeAt(i));
                }
                yield new GenericRow(kind, values);
            }
        };
    }

    private static GenericArray readArray(DataInputStream in, DataType element) throws IOException {
        Object[] values = new Object[in.readInt()];
        for (int i = 0; i < values.length; i++) {
            values[i] = read(in, element);
        }
        return new GenericArray(values);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return b;
    }

    /** A multiset's counts: INT NOT NULL. */
    private static DataType countType() {
        return new AtomicType(TypeRoot.INT, 0, 0, false);
    }
}
