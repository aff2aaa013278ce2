package io.strata.hive;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.HiveTypeNames;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.nio.charset.StandardCharsets;
import java.time.LocalTime;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;

/**
 * Writes the values of one Strata column into Hive's column vectors, the layout Hive's vectorized
 * operators read: integers, booleans and dates as longs, floating point as doubles, strings and binary as
 * bytes (CHAR without its trailing spaces, as Hive's vectorized readers keep it), decimals as decimals or
 * as scaled longs (DECIMAL_64), timestamps as milliseconds and nanoseconds of the wall-clock time, and
 * ARRAY, MAP, MULTISET and ROW into list, map and struct vectors whose children are written by writers of
 * their own. The Hive types are those of {@link HiveTypeMapping}.
 *
 * <p>The source is a {@link Row} and a field position: a row of a file batch, a merged row, or the
 * elements of a nested value seen as a row ({@link ElementsAsRow}). Writing a flat value allocates nothing.
 */
@FunctionalInterface
interface HiveVectorWriter {

    /** Writes field {@code pos} of {@code source}, null or not, into slot {@code slot} of {@code vector}. */
    void write(Row source, int pos, ColumnVector vector, int slot);

    /** A writer of non-null values; the null check is shared. */
    @FunctionalInterface
    interface ValueWriter {
        void write(Row source, int pos, ColumnVector vector, int slot);
    }

    /** The writer for a Strata column of this type. */
    static HiveVectorWriter of(DataType type) {
        ValueWriter values = valueWriter(type);
        return (source, pos, vector, slot) -> {
            if (source.isNullAt(pos)) {
                vector.noNulls = false;
                vector.isNull[slot] = true;
            } else {
                vector.isNull[slot] = false;
                values.write(source, pos, vector, slot);
            }
        };
    }

    private static ValueWriter valueWriter(DataType type) {
        if (type instanceof AtomicType atomic) {
            return atomicWriter(atomic);
        }
        if (type instanceof ArrayType array) {
            HiveVectorWriter element = of(array.element());
            return (source, pos, vector, slot) -> {
                ListColumnVector list = (ListColumnVector) vector;
                ArrayData elements = source.getArray(pos);
                int n = elements.size();
                int start = list.childCount;
                list.offsets[slot] = start;
                list.lengths[slot] = n;
                list.childCount = start + n;
                list.child.ensureSize(start + n, true);
                ElementsAsRow row = new ElementsAsRow(elements);
                for (int i = 0; i < n; i++) {
                    element.write(row, i, list.child, start + i);
                }
            };
        }
        if (type instanceof MapType || type instanceof MultisetType) {
            DataType keyType = type instanceof MapType m ? m.key() : ((MultisetType) type).element();
            DataType valueType = type instanceof MapType m ? m.value() : DataTypes.INT();
            HiveVectorWriter keys = of(keyType);
            HiveVectorWriter values = of(valueType);
            return (source, pos, vector, slot) -> {
                MapColumnVector map = (MapColumnVector) vector;
                MapData entries = source.getMap(pos);
                int n = entries.size();
                int start = map.childCount;
                map.offsets[slot] = start;
                map.lengths[slot] = n;
                map.childCount = start + n;
                map.keys.ensureSize(start + n, true);
                map.values.ensureSize(start + n, true);
                ElementsAsRow keyRow = new ElementsAsRow(entries.keys());
                ElementsAsRow valueRow = new ElementsAsRow(entries.values());
                for (int i = 0; i < n; i++) {
                    keys.write(keyRow, i, map.keys, start + i);
                    values.write(valueRow, i, map.values, start + i);
                }
            };
        }
        RowType rowType = (RowType) type;
        int arity = rowType.fieldCount();
        HiveVectorWriter[] fields = new HiveVectorWriter[arity];
        for (int i = 0; i < arity; i++) {
            fields[i] = of(rowType.field(i).type());
        }
        return (source, pos, vector, slot) -> {
            StructColumnVector struct = (StructColumnVector) vector;
            Row nested = source.getRow(pos, arity);
            for (int i = 0; i < arity; i++) {
                fields[i].write(nested, i, struct.fields[i], slot);
            }
        };
    }

    private static ValueWriter atomicWriter(AtomicType type) {
        return switch (type.root()) {
            case BOOLEAN -> (s, p, v, i) -> ((LongColumnVector) v).vector[i] = s.getBoolean(p) ? 1 : 0;
            case TINYINT -> (s, p, v, i) -> ((LongColumnVector) v).vector[i] = s.getByte(p);
            case SMALLINT -> (s, p, v, i) -> ((LongColumnVector) v).vector[i] = s.getShort(p);
            case INT, DATE -> (s, p, v, i) -> ((LongColumnVector) v).vector[i] = s.getInt(p);
            case BIGINT -> (s, p, v, i) -> ((LongColumnVector) v).vector[i] = s.getLong(p);
            case FLOAT -> (s, p, v, i) -> ((DoubleColumnVector) v).vector[i] = s.getFloat(p);
            case DOUBLE -> (s, p, v, i) -> ((DoubleColumnVector) v).vector[i] = s.getDouble(p);
            case DECIMAL -> decimalWriter(type.precision(), type.scale());
            case CHAR -> type.length() <= HiveTypeNames.HIVE_MAX_CHAR ? (s, p, v, i) -> {
                Utf8String chars = s.getString(p);
                int end = chars.offset() + chars.length();
                // Hive compares CHAR values without their padding, and its vectorized readers strip it.
                while (end > chars.offset() && chars.buffer()[end - 1] == ' ') {
                    end--;
                }
                ((BytesColumnVector) v).setVal(i, chars.buffer(), chars.offset(), end - chars.offset());
            } : stringWriter();
            case VARCHAR -> stringWriter();
            case BINARY, VARBINARY -> (s, p, v, i) -> {
                byte[] bytes = s.getBinary(p);
                ((BytesColumnVector) v).setVal(i, bytes, 0, bytes.length);
            };
            case TIME -> (s, p, v, i) -> {
                byte[] text = LocalTime.ofNanoOfDay(s.getInt(p) * 1_000_000L).toString()
                        .getBytes(StandardCharsets.US_ASCII);
                ((BytesColumnVector) v).setVal(i, text, 0, text.length);
            };
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                int precision = type.precision();
                // A wall-clock time stored as if in UTC, as Hive's vectorized ORC reader fills these vectors;
                // an LTZ value is an instant, which is what the vector holds for it too.
                yield (s, p, v, i) -> {
                    Timestamp ts = s.getTimestamp(p, precision);
                    TimestampColumnVector t = (TimestampColumnVector) v;
                    t.time[i] = ts.millisecond();
                    t.nanos[i] = HiveFieldReader.nanosOfSecond(ts);
                };
            }
            default -> throw new IllegalStateException("No vectorized Hive type for " + type);
        };
    }

    private static ValueWriter stringWriter() {
        return (s, p, v, i) -> {
            Utf8String chars = s.getString(p);
            ((BytesColumnVector) v).setVal(i, chars.buffer(), chars.offset(), chars.length());
        };
    }

    private static ValueWriter decimalWriter(int precision, int scale) {
        return (s, p, v, i) -> {
            Decimal d = s.getDecimal(p, precision, scale);
            if (v instanceof Decimal64ColumnVector scaled) {
                // DECIMAL_64: the vector holds unscaled longs at the column's scale (precision <= 18).
                scaled.vector[i] = d.toUnscaledLong();
            } else if (d.isCompact()) {
                ((DecimalColumnVector) v).vector[i].setFromLongAndScale(d.toUnscaledLong(), d.scale());
            } else {
                ((DecimalColumnVector) v).vector[i].setFromBigIntegerBytesAndScale(d.toUnscaledBytes(), d.scale());
            }
        };
    }

    /** The elements of an array seen as the fields of a row, so that element i is written like field i. */
    final class ElementsAsRow implements Row {

        private final ArrayData elements;

        ElementsAsRow(ArrayData elements) {
            this.elements = elements;
        }

        @Override
        public int arity() {
            return elements.size();
        }

        @Override
        public RowKind kind() {
            return RowKind.INSERT;
        }

        @Override
        public boolean isNullAt(int pos) {
            return elements.isNullAt(pos);
        }

        @Override
        public boolean getBoolean(int pos) {
            return elements.getBoolean(pos);
        }

        @Override
        public byte getByte(int pos) {
            return elements.getByte(pos);
        }

        @Override
        public short getShort(int pos) {
            return elements.getShort(pos);
        }

        @Override
        public int getInt(int pos) {
            return elements.getInt(pos);
        }

        @Override
        public long getLong(int pos) {
            return elements.getLong(pos);
        }

        @Override
        public float getFloat(int pos) {
            return elements.getFloat(pos);
        }

        @Override
        public double getDouble(int pos) {
            return elements.getDouble(pos);
        }

        @Override
        public Utf8String getString(int pos) {
            return elements.getString(pos);
        }

        @Override
        public Decimal getDecimal(int pos, int precision, int scale) {
            return elements.getDecimal(pos, precision, scale);
        }

        @Override
        public Timestamp getTimestamp(int pos, int precision) {
            return elements.getTimestamp(pos, precision);
        }

        @Override
        public byte[] getBinary(int pos) {
            return elements.getBinary(pos);
        }

        @Override
        public ArrayData getArray(int pos) {
            return elements.getArray(pos);
        }

        @Override
        public MapData getMap(int pos) {
            return elements.getMap(pos);
        }

        @Override
        public Row getRow(int pos, int arity) {
            return elements.getRow(pos, arity);
        }
    }
}
