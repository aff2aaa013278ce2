package io.strata.format.avro;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarArray;
import io.strata.format.ColumnarMap;
import io.strata.format.ColumnarRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * The column vectors an Avro read fills, value by value in row order: Avro stores rows, so each decoded
 * value is appended to its column's vector. A vector is reused from batch to batch ({@link Vector#reset}
 * empties it and its children) and grows as needed; nested vectors hold more slots than the batch has rows.
 */
final class AvroVectors {

    private AvroVectors() {}

    /** Null flags per slot; subclasses add the values. */
    abstract static class Vector implements ColumnVector {
        private boolean[] nulls = new boolean[0];
        int size;

        /** Empties the vector (and the vectors it holds) for the next batch. */
        void reset() {
            size = 0;
        }

        /** Adds a slot and returns its index. */
        final int add(boolean isNull) {
            if (size == nulls.length) {
                int capacity = Math.max(64, size * 2);
                nulls = Arrays.copyOf(nulls, capacity);
                grow(capacity);
            }
            nulls[size] = isNull;
            return size++;
        }

        /** Adds a null slot (a null struct adds null slots to its fields, to keep them aligned). */
        void addNull() {
            add(true);
        }

        abstract void grow(int capacity);

        @Override
        public boolean isNullAt(int i) {
            return nulls[i];
        }
    }

    /**
     * Integers (Avro {@code int} or {@code long}: TINYINT to BIGINT, DATE, TIME) and compact decimals as
     * their unscaled value; readable as any wider number.
     */
    static final class Longs extends Vector {
        private final int fileScale;
        private long[] values = new long[0];

        Longs(int fileScale) {
            this.fileScale = fileScale;
        }

        void addValue(long v) {
            // The slot first: adding it may replace the value array.
            int slot = add(false);
            values[slot] = v;
        }

        @Override
        void grow(int capacity) {
            values = Arrays.copyOf(values, capacity);
        }

        @Override
        public byte getByte(int i) {
            return (byte) values[i];
        }

        @Override
        public short getShort(int i) {
            return (short) values[i];
        }

        @Override
        public int getInt(int i) {
            return (int) values[i];
        }

        @Override
        public long getLong(int i) {
            return values[i];
        }

        @Override
        public float getFloat(int i) {
            return values[i];
        }

        @Override
        public double getDouble(int i) {
            return values[i];
        }

        @Override
        public Decimal getDecimal(int i, int precision, int scale) {
            if (fileScale == scale) {
                return Decimal.fromUnscaledLong(values[i], precision, scale);
            }
            return Decimal.fromBigDecimal(BigDecimal.valueOf(values[i], fileScale), precision, scale);
        }
    }

    /** FLOAT and DOUBLE values; a float is held exactly as a double. */
    static final class Doubles extends Vector {
        private double[] values = new double[0];

        void addValue(double v) {
            int slot = add(false);
            values[slot] = v;
        }

        @Override
        void grow(int capacity) {
            values = Arrays.copyOf(values, capacity);
        }

        @Override
        public float getFloat(int i) {
            return (float) values[i];
        }

        @Override
        public double getDouble(int i) {
            return values[i];
        }
    }

    static final class Booleans extends Vector {
        private boolean[] values = new boolean[0];

        void addValue(boolean v) {
            int slot = add(false);
            values[slot] = v;
        }

        @Override
        void grow(int capacity) {
            values = Arrays.copyOf(values, capacity);
        }

        @Override
        public boolean getBoolean(int i) {
            return values[i];
        }
    }

    /**
     * Strings, binary strings and wide decimals (big-endian two's complement unscaled bytes), back to back
     * in one buffer per batch; strings are read as views into it.
     */
    static final class Bytes extends Vector {
        private final int fileScale;
        private byte[] buffer = new byte[1024];
        private int used;
        private int[] offsets = new int[0];
        private int[] lengths = new int[0];

        Bytes(int fileScale) {
            this.fileScale = fileScale;
        }

        @Override
        void reset() {
            super.reset();
            used = 0;
        }

        /** Makes room for a value of {@code length} bytes and returns the buffer offset to put it at. */
        int reserve(int length) {
            if (length > buffer.length - used) {
                long needed = (long) used + length;
                if (needed > Integer.MAX_VALUE - 16) {
                    throw new IllegalStateException("a batch holds more than 2 GB of one column's values");
                }
                buffer = Arrays.copyOf(buffer, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, 2L * buffer.length)));
            }
            return used;
        }

        /** Adds the {@code length} bytes that were put at {@link #reserve}'s offset as the next slot. */
        void commit(int length) {
            int slot = add(false);
            offsets[slot] = used;
            lengths[slot] = length;
            used += length;
        }

        byte[] buffer() {
            return buffer;
        }

        @Override
        void grow(int capacity) {
            offsets = Arrays.copyOf(offsets, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
        }

        @Override
        public Utf8String getString(int i) {
            return Utf8String.view(buffer, offsets[i], lengths[i]);
        }

        @Override
        public byte[] getBinary(int i) {
            return Arrays.copyOfRange(buffer, offsets[i], offsets[i] + lengths[i]);
        }

        @Override
        public Decimal getDecimal(int i, int precision, int scale) {
            BigInteger unscaled = new BigInteger(buffer, offsets[i], lengths[i]);
            return Decimal.fromBigDecimal(new BigDecimal(unscaled, fileScale), precision, scale);
        }
    }

    /** Timestamps as epoch milliseconds plus nanoseconds within the millisecond (Paimon's form). */
    static final class Timestamps extends Vector {
        private long[] millis = new long[0];
        private int[] nanos = new int[0];

        void addValue(long millisecond, int nanoOfMillisecond) {
            int slot = add(false);
            millis[slot] = millisecond;
            nanos[slot] = nanoOfMillisecond;
        }

        @Override
        void grow(int capacity) {
            millis = Arrays.copyOf(millis, capacity);
            nanos = Arrays.copyOf(nanos, capacity);
        }

        @Override
        public Timestamp getTimestamp(int i, int precision) {
            return Timestamp.of(millis[i], nanos[i]);
        }
    }

    /**
     * ARRAY values (a slice of an element vector per slot), or MAP and MULTISET values (the same slice of
     * a key and a value vector).
     */
    static final class Lists extends Vector {
        private final Vector elements;
        private final Vector values;
        private int[] offsets = new int[0];
        private int[] lengths = new int[0];

        /** @param values the map values, or null for an array */
        Lists(Vector elements, Vector values) {
            this.elements = elements;
            this.values = values;
        }

        Vector elements() {
            return elements;
        }

        Vector values() {
            return values;
        }

        @Override
        void reset() {
            super.reset();
            elements.reset();
            if (values != null) {
                values.reset();
            }
        }

        /** Adds a slot of the {@code count} elements added last (from {@code offset} on). */
        void addValue(int offset, int count) {
            int slot = add(false);
            offsets[slot] = offset;
            lengths[slot] = count;
        }

        @Override
        void grow(int capacity) {
            offsets = Arrays.copyOf(offsets, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
        }

        @Override
        public ArrayData getArray(int i) {
            return new ColumnarArray(elements, offsets[i], lengths[i]);
        }

        @Override
        public MapData getMap(int i) {
            return new ColumnarMap(elements, values, offsets[i], lengths[i]);
        }
    }

    /**
     * ROW values: a null flag per slot over the field vectors, slot for slot. Fields the file lacks are
     * {@link ColumnVector#NULLS}; the others are filled by the fields' readers.
     */
    static final class Struct extends Vector {
        private final ColumnVector[] fields;
        private final Vector[] read;

        /** @param read the vectors among {@code fields} that the file fills */
        Struct(ColumnVector[] fields, Vector[] read) {
            this.fields = fields;
            this.read = read;
        }

        @Override
        void reset() {
            super.reset();
            for (Vector v : read) {
                v.reset();
            }
        }

        /** Adds a non-null slot, once its fields' values are added. */
        void addValue() {
            add(false);
        }

        @Override
        void addNull() {
            add(true);
            for (Vector v : read) {
                v.addNull();
            }
        }

        @Override
        void grow(int capacity) {
            // Only the null flags are per slot; the field vectors grow by themselves.
        }

        @Override
        public Row getRow(int i) {
            return new ColumnarRow(fields).at(i);
        }
    }
}
