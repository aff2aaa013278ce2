package io.strata.format.parquet;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Shreds Strata rows into Parquet's record consumer, field by field, with no intermediate record
 * objects. The per-field writers are built once from the file type, so writing a row is a walk over
 * a prepared tree rather than a dispatch on types.
 */
final class RowWriteSupport extends WriteSupport<Row> {

    private final RowType rowType;
    private final MessageType schema;
    private final RowWriter rootWriter;
    private RecordConsumer consumer;

    RowWriteSupport(RowType rowType) {
        this.rowType = rowType;
        this.schema = ParquetSchemas.toMessageType(rowType);
        this.rootWriter = new RowWriter(rowType);
    }

    MessageType schema() {
        return schema;
    }

    /**
     * Fails if a NOT NULL top-level field of the row is null. Checked before the row reaches Parquet,
     * because Parquet abandons the whole file when a write fails half way through a record.
     */
    void checkNotNull(Row row) {
        rootWriter.checkNotNull(row);
    }

    @Override
    public WriteContext init(Configuration configuration) {
        return new WriteContext(schema, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        return new WriteContext(schema, Map.of());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.consumer = recordConsumer;
    }

    @Override
    public void write(Row row) {
        consumer.startMessage();
        rootWriter.writeFields(row);
        consumer.endMessage();
    }

    /** Writes one value of a field, taken from a row or from an array. */
    private interface ValueWriter {
        void write(Row row, int pos);

        void write(ArrayData array, int i);
    }

    private ValueWriter writerFor(DataType type) {
        if (type instanceof AtomicType atomic) {
            return atomicWriter(atomic);
        }
        if (type instanceof ArrayType array) {
            return new ArrayWriter(writerFor(array.element()));
        }
        if (type instanceof MapType map) {
            return new MapWriter(writerFor(map.key()), writerFor(map.value()));
        }
        if (type instanceof MultisetType multiset) {
            return new MapWriter(writerFor(multiset.element()), writerFor(new AtomicType(TypeRoot.INT, 0, 0, false)));
        }
        return new NestedRowWriter((RowType) type);
    }

    private ValueWriter atomicWriter(AtomicType type) {
        return switch (type.root()) {
            case BOOLEAN -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addBoolean(r.getBoolean(p)); }
                public void write(ArrayData a, int i) { consumer.addBoolean(a.getBoolean(i)); }
            };
            case TINYINT -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addInteger(r.getByte(p)); }
                public void write(ArrayData a, int i) { consumer.addInteger(a.getByte(i)); }
            };
            case SMALLINT -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addInteger(r.getShort(p)); }
                public void write(ArrayData a, int i) { consumer.addInteger(a.getShort(i)); }
            };
            case INT, DATE, TIME -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addInteger(r.getInt(p)); }
                public void write(ArrayData a, int i) { consumer.addInteger(a.getInt(i)); }
            };
            case BIGINT -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addLong(r.getLong(p)); }
                public void write(ArrayData a, int i) { consumer.addLong(a.getLong(i)); }
            };
            case FLOAT -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addFloat(r.getFloat(p)); }
                public void write(ArrayData a, int i) { consumer.addFloat(a.getFloat(i)); }
            };
            case DOUBLE -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addDouble(r.getDouble(p)); }
                public void write(ArrayData a, int i) { consumer.addDouble(a.getDouble(i)); }
            };
            case CHAR, VARCHAR -> new ValueWriter() {
                public void write(Row r, int p) { addString(r.getString(p)); }
                public void write(ArrayData a, int i) { addString(a.getString(i)); }
            };
            case BINARY, VARBINARY -> new ValueWriter() {
                public void write(Row r, int p) { consumer.addBinary(Binary.fromReusedByteArray(r.getBinary(p))); }
                public void write(ArrayData a, int i) { consumer.addBinary(Binary.fromReusedByteArray(a.getBinary(i))); }
            };
            case DECIMAL -> decimalWriter(type.precision(), type.scale());
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestampWriter(type.precision());
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("Not atomic: " + type);
        };
    }

    private void addString(Utf8String s) {
        // The string may be a view into a buffer its owner reuses; Parquet copies such values when it keeps them.
        consumer.addBinary(Binary.fromReusedByteArray(s.buffer(), s.offset(), s.length()));
    }

    private ValueWriter decimalWriter(int precision, int scale) {
        if (precision <= 18) {
            boolean int32 = precision <= 9;
            return new ValueWriter() {
                public void write(Row r, int p) { add(r.getDecimal(p, precision, scale)); }
                public void write(ArrayData a, int i) { add(a.getDecimal(i, precision, scale)); }
                private void add(Decimal d) {
                    if (int32) {
                        consumer.addInteger((int) d.toUnscaledLong());
                    } else {
                        consumer.addLong(d.toUnscaledLong());
                    }
                }
            };
        }
        int width = ParquetSchemas.decimalBytes(precision);
        byte[] buffer = new byte[width];
        return new ValueWriter() {
            public void write(Row r, int p) { add(r.getDecimal(p, precision, scale)); }
            public void write(ArrayData a, int i) { add(a.getDecimal(i, precision, scale)); }
            private void add(Decimal d) {
                // Sign-extend the minimal two's complement bytes to the fixed width of the column.
                byte[] unscaled = d.toUnscaledBytes();
                byte fill = unscaled[0] < 0 ? (byte) -1 : 0;
                int pad = width - unscaled.length;
                for (int k = 0; k < pad; k++) {
                    buffer[k] = fill;
                }
                System.arraycopy(unscaled, 0, buffer, pad, unscaled.length);
                consumer.addBinary(Binary.fromReusedByteArray(buffer));
            }
        };
    }

    private ValueWriter timestampWriter(int precision) {
        if (precision <= 3) {
            return new ValueWriter() {
                public void write(Row r, int p) { consumer.addLong(r.getTimestamp(p, precision).millisecond()); }
                public void write(ArrayData a, int i) { consumer.addLong(a.getTimestamp(i, precision).millisecond()); }
            };
        }
        if (precision <= 6) {
            return new ValueWriter() {
                public void write(Row r, int p) { consumer.addLong(r.getTimestamp(p, precision).toMicros()); }
                public void write(ArrayData a, int i) { consumer.addLong(a.getTimestamp(i, precision).toMicros()); }
            };
        }
        byte[] buffer = new byte[Int96.BYTES];
        return new ValueWriter() {
            public void write(Row r, int p) { add(r.getTimestamp(p, precision)); }
            public void write(ArrayData a, int i) { add(a.getTimestamp(i, precision)); }
            private void add(Timestamp t) {
                Int96.encode(t, buffer);
                consumer.addBinary(Binary.fromReusedByteArray(buffer));
            }
        };
    }

    /** The fields of a row: the root message, or the body of a nested ROW group. */
    private final class RowWriter {
        private final String[] names;
        private final boolean[] nullable;
        private final ValueWriter[] writers;
        /** Positions of the NOT NULL fields. */
        private final int[] notNull;

        RowWriter(RowType type) {
            int n = type.fieldCount();
            names = new String[n];
            nullable = new boolean[n];
            writers = new ValueWriter[n];
            int notNullCount = 0;
            for (int i = 0; i < n; i++) {
                names[i] = type.field(i).name();
                nullable[i] = type.typeAt(i).nullable();
                writers[i] = writerFor(type.typeAt(i));
                notNullCount += nullable[i] ? 0 : 1;
            }
            notNull = new int[notNullCount];
            for (int i = 0, k = 0; i < n; i++) {
                if (!nullable[i]) {
                    notNull[k++] = i;
                }
            }
        }

        void checkNotNull(Row row) {
            for (int i : notNull) {
                if (row.isNullAt(i)) {
                    throw nullInNotNull(i);
                }
            }
        }

        private IllegalArgumentException nullInNotNull(int i) {
            return new IllegalArgumentException("Null value for NOT NULL field '" + names[i] + "'");
        }

        void writeFields(Row row) {
            for (int i = 0; i < writers.length; i++) {
                if (row.isNullAt(i)) {
                    if (!nullable[i]) {
                        throw nullInNotNull(i);
                    }
                    continue;
                }
                consumer.startField(names[i], i);
                writers[i].write(row, i);
                consumer.endField(names[i], i);
            }
        }
    }

    private final class NestedRowWriter implements ValueWriter {
        private final RowWriter fields;
        private final int arity;

        NestedRowWriter(RowType type) {
            this.fields = new RowWriter(type);
            this.arity = type.fieldCount();
        }

        @Override
        public void write(Row row, int pos) {
            writeRow(row.getRow(pos, arity));
        }

        @Override
        public void write(ArrayData array, int i) {
            writeRow(array.getRow(i, arity));
        }

        private void writeRow(Row nested) {
            consumer.startGroup();
            fields.writeFields(nested);
            consumer.endGroup();
        }
    }

    private final class ArrayWriter implements ValueWriter {
        private final ValueWriter element;

        ArrayWriter(ValueWriter element) {
            this.element = element;
        }

        @Override
        public void write(Row row, int pos) {
            writeArray(row.getArray(pos));
        }

        @Override
        public void write(ArrayData array, int i) {
            writeArray(array.getArray(i));
        }

        private void writeArray(ArrayData array) {
            consumer.startGroup();
            int size = array.size();
            if (size > 0) {
                consumer.startField(ParquetSchemas.LIST_GROUP, 0);
                for (int i = 0; i < size; i++) {
                    consumer.startGroup();
                    if (!array.isNullAt(i)) {
                        consumer.startField(ParquetSchemas.LIST_ELEMENT, 0);
                        element.write(array, i);
                        consumer.endField(ParquetSchemas.LIST_ELEMENT, 0);
                    }
                    consumer.endGroup();
                }
                consumer.endField(ParquetSchemas.LIST_GROUP, 0);
            }
            consumer.endGroup();
        }
    }

    private final class MapWriter implements ValueWriter {
        private final ValueWriter key;
        private final ValueWriter value;

        MapWriter(ValueWriter key, ValueWriter value) {
            this.key = key;
            this.value = value;
        }

        @Override
        public void write(Row row, int pos) {
            writeMap(row.getMap(pos));
        }

        @Override
        public void write(ArrayData array, int i) {
            writeMap(array.getMap(i));
        }

        private void writeMap(MapData map) {
            consumer.startGroup();
            int size = map.size();
            if (size > 0) {
                ArrayData keys = map.keys();
                ArrayData values = map.values();
                consumer.startField(ParquetSchemas.MAP_GROUP, 0);
                for (int i = 0; i < size; i++) {
                    consumer.startGroup();
                    consumer.startField(ParquetSchemas.MAP_KEY, 0);
                    key.write(keys, i);
                    consumer.endField(ParquetSchemas.MAP_KEY, 0);
                    if (!values.isNullAt(i)) {
                        consumer.startField(ParquetSchemas.MAP_VALUE, 1);
                        value.write(values, i);
                        consumer.endField(ParquetSchemas.MAP_VALUE, 1);
                    }
                    consumer.endGroup();
                }
                consumer.endField(ParquetSchemas.MAP_GROUP, 0);
            }
            consumer.endGroup();
        }
    }
}
