package io.strata.format.avro;

import io.strata.data.ArrayData;
import io.strata.data.ArrayElements;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/**
 * Encodes rows of a file type as Avro binary datums of the schema {@link AvroSchemas} derives from that
 * type: one writer per field, built from the Strata type (which tells TINYINT from INT, where the schema
 * says {@code int} for both). A null in a NOT NULL field fails naming the field, as Paimon's writer does.
 */
final class AvroRowWriter implements DatumWriter<Row> {

    /** Writes the value at one position of a row or of an array seen as a row ({@link ArrayElements}), null included. */
    private interface SlotWriter {
        void write(Encoder out, Row slots, int pos) throws IOException;
    }

    private final boolean nullableRow;
    private final SlotWriter[] fields;

    AvroRowWriter(RowType fileType) {
        this.nullableRow = fileType.nullable();
        this.fields = fieldWriters(fileType, "");
    }

    @Override
    public void setSchema(Schema schema) {
        // The writers come from the row type, of which the schema is AvroSchemas' image.
    }

    @Override
    public void write(Row row, Encoder out) throws IOException {
        if (nullableRow) {
            // The file's top-level schema is ["null", record]: every row is the record branch.
            out.writeIndex(1);
        }
        for (int i = 0; i < fields.length; i++) {
            fields[i].write(out, row, i);
        }
    }

    private static SlotWriter[] fieldWriters(RowType row, String prefix) {
        List<DataField> fields = row.fields();
        SlotWriter[] writers = new SlotWriter[fields.size()];
        for (int i = 0; i < writers.length; i++) {
            writers[i] = slot(fields.get(i).type(), prefix + fields.get(i).name());
        }
        return writers;
    }

    /** A writer of a value of the type, as a union branch if the type is nullable. */
    private static SlotWriter slot(DataType type, String column) {
        SlotWriter value = value(type, column);
        if (type.nullable()) {
            return (out, slots, pos) -> {
                if (slots.isNullAt(pos)) {
                    out.writeIndex(0);
                } else {
                    out.writeIndex(1);
                    value.write(out, slots, pos);
                }
            };
        }
        return (out, slots, pos) -> {
            if (slots.isNullAt(pos)) {
                throw new IllegalArgumentException("Column '" + column + "' is NOT NULL (" + type.asSqlString()
                        + ") but the value is null");
            }
            value.write(out, slots, pos);
        };
    }

    /** A writer of a non-null value of the type. */
    private static SlotWriter value(DataType type, String column) {
        return switch (type.root()) {
            case BOOLEAN -> (out, slots, pos) -> out.writeBoolean(slots.getBoolean(pos));
            case TINYINT -> (out, slots, pos) -> out.writeInt(slots.getByte(pos));
            case SMALLINT -> (out, slots, pos) -> out.writeInt(slots.getShort(pos));
            case INT, DATE, TIME -> (out, slots, pos) -> out.writeInt(slots.getInt(pos));
            case BIGINT -> (out, slots, pos) -> out.writeLong(slots.getLong(pos));
            case FLOAT -> (out, slots, pos) -> out.writeFloat(slots.getFloat(pos));
            case DOUBLE -> (out, slots, pos) -> out.writeDouble(slots.getDouble(pos));
            // Avro encodes a string as its length and UTF-8 bytes, exactly as bytes: no Utf8 object is needed.
            case CHAR, VARCHAR -> (out, slots, pos) -> writeString(out, slots.getString(pos));
            case BINARY, VARBINARY -> (out, slots, pos) -> out.writeBytes(slots.getBinary(pos));
            case DECIMAL -> decimal((AtomicType) type);
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp((AtomicType) type);
            case ARRAY -> array(((ArrayType) type).element(), column);
            case MAP -> map(((MapType) type).key(), ((MapType) type).value(), column);
            case MULTISET -> map(((MultisetType) type).element(), DataTypes.INT(), column);
            case ROW -> {
                RowType row = (RowType) type;
                SlotWriter[] nested = fieldWriters(row, column + ".");
                int arity = row.fieldCount();
                yield (out, slots, pos) -> {
                    Row fields = slots.getRow(pos, arity);
                    for (int i = 0; i < nested.length; i++) {
                        nested[i].write(out, fields, i);
                    }
                };
            }
        };
    }

    private static void writeString(Encoder out, Utf8String s) throws IOException {
        out.writeBytes(s.buffer(), s.offset(), s.length());
    }

    private static SlotWriter decimal(AtomicType type) {
        int precision = type.precision();
        int scale = type.scale();
        if (Decimal.isCompact(precision)) {
            byte[] buffer = new byte[8];
            return (out, slots, pos) -> {
                int length = unscaledBytes(slots.getDecimal(pos, precision, scale).toUnscaledLong(), buffer);
                out.writeBytes(buffer, 8 - length, length);
            };
        }
        return (out, slots, pos) -> out.writeBytes(slots.getDecimal(pos, precision, scale).toUnscaledBytes());
    }

    /**
     * Puts the shortest big-endian two's complement form of {@code v} at the end of {@code buffer} and
     * returns its length: the bytes {@code BigInteger.toByteArray} gives, which is what Paimon writes.
     */
    static int unscaledBytes(long v, byte[] buffer) {
        int length = 8;
        // One byte fewer still holds v when the bits above the new sign bit are all copies of it.
        while (length > 1) {
            long rest = v >> ((length - 1) * 8 - 1);
            if (rest != 0 && rest != -1) {
                break;
            }
            length--;
        }
        for (int i = 0; i < 8; i++) {
            buffer[7 - i] = (byte) (v >>> (8 * i));
        }
        return length;
    }

    private static SlotWriter timestamp(AtomicType type) {
        int precision = type.precision();
        if (precision <= 3) {
            return (out, slots, pos) -> out.writeLong(slots.getTimestamp(pos, precision).millisecond());
        }
        return (out, slots, pos) -> {
            Timestamp ts = slots.getTimestamp(pos, precision);
            out.writeLong(ts.toMicros());
        };
    }

    private static SlotWriter array(DataType element, String column) {
        SlotWriter elements = slot(element, column + ".element");
        return (out, slots, pos) -> {
            ArrayData array = slots.getArray(pos);
            int size = array.size();
            out.writeArrayStart();
            out.setItemCount(size);
            Row items = new ArrayElements().of(array);
            for (int i = 0; i < size; i++) {
                out.startItem();
                elements.write(out, items, i);
            }
            out.writeArrayEnd();
        };
    }

    private static SlotWriter map(DataType key, DataType value, String column) {
        SlotWriter values = slot(value, column + ".value");
        if (key.root().isCharacterString()) {
            // An Avro map: string keys, never null.
            return (out, slots, pos) -> {
                MapData map = slots.getMap(pos);
                int size = map.size();
                ArrayData keys = map.keys();
                Row valueSlots = new ArrayElements().of(map.values());
                out.writeMapStart();
                out.setItemCount(size);
                for (int i = 0; i < size; i++) {
                    out.startItem();
                    if (keys.isNullAt(i)) {
                        throw new IllegalArgumentException("Column '" + column + "' has a null map key, which an"
                                + " Avro map cannot hold");
                    }
                    writeString(out, keys.getString(i));
                    values.write(out, valueSlots, i);
                }
                out.writeMapEnd();
            };
        }
        // An array of {key, value} records.
        SlotWriter keys = slot(key, column + ".key");
        return (out, slots, pos) -> {
            MapData map = slots.getMap(pos);
            int size = map.size();
            Row keySlots = new ArrayElements().of(map.keys());
            Row valueSlots = new ArrayElements().of(map.values());
            out.writeArrayStart();
            out.setItemCount(size);
            for (int i = 0; i < size; i++) {
                out.startItem();
                keys.write(out, keySlots, i);
                values.write(out, valueSlots, i);
            }
            out.writeArrayEnd();
        };
    }
}
