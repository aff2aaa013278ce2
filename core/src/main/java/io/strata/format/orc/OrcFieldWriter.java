package io.strata.format.orc;

import io.strata.data.ArrayData;
import io.strata.data.ArrayElements;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;

/**
 * Puts one field of a row into slot {@code slot} of an ORC column vector, in the representation Paimon's
 * ORC writer uses for the type. Array elements and map entries go through the same writers, their
 * arrays seen as rows ({@link ArrayElements}).
 */
abstract class OrcFieldWriter {

    /** Writes a non-null value. */
    abstract void writeValue(ColumnVector vector, int slot, Row source, int pos);

    /** Writes the field, null or not. */
    final void write(ColumnVector vector, int slot, Row source, int pos) {
        if (source.isNullAt(pos)) {
            vector.noNulls = false;
            vector.isNull[slot] = true;
        } else {
            writeValue(vector, slot, source, pos);
        }
    }

    static OrcFieldWriter of(DataType type) {
        if (type instanceof ArrayType array) {
            return new ListWriter(of(array.element()));
        } else if (type instanceof MapType map) {
            return new MapWriter(of(map.key()), of(map.value()));
        } else if (type instanceof MultisetType multiset) {
            return new MapWriter(of(multiset.element()), of(DataTypes.INT()));
        } else if (type instanceof RowType row) {
            return new StructWriter(row);
        }
        return atomic((AtomicType) type);
    }

    private static OrcFieldWriter atomic(AtomicType type) {
        return switch (type.root()) {
            case BOOLEAN -> longs((s, p) -> s.getBoolean(p) ? 1 : 0);
            case TINYINT -> longs(Row::getByte);
            case SMALLINT -> longs(Row::getShort);
            case INT, DATE, TIME -> longs(Row::getInt);
            case BIGINT -> longs(Row::getLong);
            case FLOAT -> new OrcFieldWriter() {
                @Override
                void writeValue(ColumnVector vector, int slot, Row source, int pos) {
                    ((DoubleColumnVector) vector).vector[slot] = source.getFloat(pos);
                }
            };
            case DOUBLE -> new OrcFieldWriter() {
                @Override
                void writeValue(ColumnVector vector, int slot, Row source, int pos) {
                    ((DoubleColumnVector) vector).vector[slot] = source.getDouble(pos);
                }
            };
            case CHAR, VARCHAR -> new OrcFieldWriter() {
                @Override
                void writeValue(ColumnVector vector, int slot, Row source, int pos) {
                    Utf8String s = source.getString(pos);
                    ((BytesColumnVector) vector).setVal(slot, s.buffer(), s.offset(), s.length());
                }
            };
            case BINARY, VARBINARY -> new OrcFieldWriter() {
                @Override
                void writeValue(ColumnVector vector, int slot, Row source, int pos) {
                    byte[] b = source.getBinary(pos);
                    ((BytesColumnVector) vector).setVal(slot, b, 0, b.length);
                }
            };
            case DECIMAL -> new DecimalWriter(type.precision(), type.scale());
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> new OrcFieldWriter() {
                // The JVM zone when the file's writer is made: every value of the file is written in it.
                private final long fixedOffset = OrcTimestamps.writeOffsetMillis();

                @Override
                void writeValue(ColumnVector vector, int slot, Row source, int pos) {
                    OrcTimestamps.write((TimestampColumnVector) vector, slot, source.getTimestamp(pos, type.precision()),
                            fixedOffset);
                }
            };
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("Not atomic: " + type);
        };
    }

    /** Reads a field as a long, for the writers of integer-like types. */
    @FunctionalInterface
    private interface LongGetter {
        long get(Row source, int pos);
    }

    private static OrcFieldWriter longs(LongGetter getter) {
        return new OrcFieldWriter() {
            @Override
            void writeValue(ColumnVector vector, int slot, Row source, int pos) {
                ((LongColumnVector) vector).vector[slot] = getter.get(source, pos);
            }
        };
    }

    private static final class DecimalWriter extends OrcFieldWriter {
        private final int precision;
        private final int scale;
        private final HiveDecimalWritable scratch = new HiveDecimalWritable();

        DecimalWriter(int precision, int scale) {
            this.precision = precision;
            this.scale = scale;
        }

        @Override
        void writeValue(ColumnVector vector, int slot, Row source, int pos) {
            Decimal d = source.getDecimal(pos, precision, scale);
            if (d.isCompact()) {
                scratch.setFromLongAndScale(d.toUnscaledLong(), d.scale());
            } else {
                scratch.setFromBigIntegerBytesAndScale(d.toUnscaledBytes(), d.scale());
            }
            // Enforces the column's precision and scale; a value that does not fit becomes null, as in Paimon.
            ((DecimalColumnVector) vector).set(slot, scratch);
        }
    }

    private static final class ListWriter extends OrcFieldWriter {
        private final OrcFieldWriter element;
        private final ArrayElements elements = new ArrayElements();

        ListWriter(OrcFieldWriter element) {
            this.element = element;
        }

        @Override
        void writeValue(ColumnVector vector, int slot, Row source, int pos) {
            ListColumnVector list = (ListColumnVector) vector;
            ArrayData array = source.getArray(pos);
            int offset = appendChildren(list, slot, array.size());
            ensureCapacity(list.child, list.childCount);
            Row values = elements.of(array);
            for (int i = 0; i < array.size(); i++) {
                element.write(list.child, offset + i, values, i);
            }
        }

        private static int appendChildren(ListColumnVector list, int slot, int size) {
            int offset = list.childCount;
            list.offsets[slot] = offset;
            list.lengths[slot] = size;
            list.childCount += size;
            return offset;
        }
    }

    private static final class MapWriter extends OrcFieldWriter {
        private final OrcFieldWriter key;
        private final OrcFieldWriter value;
        private final ArrayElements keys = new ArrayElements();
        private final ArrayElements values = new ArrayElements();

        MapWriter(OrcFieldWriter key, OrcFieldWriter value) {
            this.key = key;
            this.value = value;
        }

        @Override
        void writeValue(ColumnVector vector, int slot, Row source, int pos) {
            MapColumnVector map = (MapColumnVector) vector;
            MapData data = source.getMap(pos);
            int size = data.size();
            int offset = map.childCount;
            map.offsets[slot] = offset;
            map.lengths[slot] = size;
            map.childCount += size;
            ensureCapacity(map.keys, map.childCount);
            ensureCapacity(map.values, map.childCount);
            Row keyRow = keys.of(data.keys());
            Row valueRow = values.of(data.values());
            for (int i = 0; i < size; i++) {
                key.write(map.keys, offset + i, keyRow, i);
                value.write(map.values, offset + i, valueRow, i);
            }
        }
    }

    private static final class StructWriter extends OrcFieldWriter {
        private final OrcFieldWriter[] fields;

        StructWriter(RowType type) {
            this.fields = new OrcFieldWriter[type.fieldCount()];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = of(type.typeAt(i));
            }
        }

        @Override
        void writeValue(ColumnVector vector, int slot, Row source, int pos) {
            StructColumnVector struct = (StructColumnVector) vector;
            Row row = source.getRow(pos, fields.length);
            for (int i = 0; i < fields.length; i++) {
                fields[i].write(struct.fields[i], slot, row, i);
            }
        }
    }

    /** Grows a child vector (keeping its values) so that it holds {@code size} slots. */
    private static void ensureCapacity(ColumnVector child, int size) {
        int capacity = child.isNull.length;
        if (capacity < size) {
            child.ensureSize(Math.max(size, capacity * 2), true);
        }
    }
}
