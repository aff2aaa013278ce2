package io.strata.format.avro;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;

/**
 * The fields of a row or the elements of an array, read alike by position, so that one writer per type
 * serves a column, an array element, a map key or value and a nested row's field.
 */
interface Slots {

    boolean isNullAt(int pos);

    boolean getBoolean(int pos);

    byte getByte(int pos);

    short getShort(int pos);

    int getInt(int pos);

    long getLong(int pos);

    float getFloat(int pos);

    double getDouble(int pos);

    Utf8String getString(int pos);

    byte[] getBinary(int pos);

    Decimal getDecimal(int pos, int precision, int scale);

    Timestamp getTimestamp(int pos, int precision);

    ArrayData getArray(int pos);

    MapData getMap(int pos);

    Row getRow(int pos, int arity);

    /** The fields of a row; {@link #of} may be called again to move it to another row. */
    final class OfRow implements Slots {
        private Row row;

        OfRow of(Row newRow) {
            this.row = newRow;
            return this;
        }

        @Override
        public boolean isNullAt(int pos) {
            return row.isNullAt(pos);
        }

        @Override
        public boolean getBoolean(int pos) {
            return row.getBoolean(pos);
        }

        @Override
        public byte getByte(int pos) {
            return row.getByte(pos);
        }

        @Override
        public short getShort(int pos) {
            return row.getShort(pos);
        }

        @Override
        public int getInt(int pos) {
            return row.getInt(pos);
        }

        @Override
        public long getLong(int pos) {
            return row.getLong(pos);
        }

        @Override
        public float getFloat(int pos) {
            return row.getFloat(pos);
        }

        @Override
        public double getDouble(int pos) {
            return row.getDouble(pos);
        }

        @Override
        public Utf8String getString(int pos) {
            return row.getString(pos);
        }

        @Override
        public byte[] getBinary(int pos) {
            return row.getBinary(pos);
        }

        @Override
        public Decimal getDecimal(int pos, int precision, int scale) {
            return row.getDecimal(pos, precision, scale);
        }

        @Override
        public Timestamp getTimestamp(int pos, int precision) {
            return row.getTimestamp(pos, precision);
        }

        @Override
        public ArrayData getArray(int pos) {
            return row.getArray(pos);
        }

        @Override
        public MapData getMap(int pos) {
            return row.getMap(pos);
        }

        @Override
        public Row getRow(int pos, int arity) {
            return row.getRow(pos, arity);
        }
    }

    /** The elements of an array (also the keys or the values of a map). */
    record OfArray(ArrayData array) implements Slots {

        @Override
        public boolean isNullAt(int pos) {
            return array.isNullAt(pos);
        }

        @Override
        public boolean getBoolean(int pos) {
            return array.getBoolean(pos);
        }

        @Override
        public byte getByte(int pos) {
            return array.getByte(pos);
        }

        @Override
        public short getShort(int pos) {
            return array.getShort(pos);
        }

        @Override
        public int getInt(int pos) {
            return array.getInt(pos);
        }

        @Override
        public long getLong(int pos) {
            return array.getLong(pos);
        }

        @Override
        public float getFloat(int pos) {
            return array.getFloat(pos);
        }

        @Override
        public double getDouble(int pos) {
            return array.getDouble(pos);
        }

        @Override
        public Utf8String getString(int pos) {
            return array.getString(pos);
        }

        @Override
        public byte[] getBinary(int pos) {
            return array.getBinary(pos);
        }

        @Override
        public Decimal getDecimal(int pos, int precision, int scale) {
            return array.getDecimal(pos, precision, scale);
        }

        @Override
        public Timestamp getTimestamp(int pos, int precision) {
            return array.getTimestamp(pos, precision);
        }

        @Override
        public ArrayData getArray(int pos) {
            return array.getArray(pos);
        }

        @Override
        public MapData getMap(int pos) {
            return array.getMap(pos);
        }

        @Override
        public Row getRow(int pos, int arity) {
            return array.getRow(pos, arity);
        }
    }
}
