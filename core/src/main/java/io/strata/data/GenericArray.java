package io.strata.data;

import io.strata.api.PublicApi;
import java.util.Arrays;

/** An array held as Java objects of the internal value classes; for writes, tests and small data. */
@PublicApi
public final class GenericArray implements ArrayData {

    private final Object[] values;

    public GenericArray(Object[] values) {
        this.values = values;
    }

    public Object get(int i) {
        return values[i];
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean isNullAt(int i) {
        return values[i] == null;
    }

    @Override
    public boolean getBoolean(int i) {
        return (Boolean) values[i];
    }

    @Override
    public byte getByte(int i) {
        return (Byte) values[i];
    }

    @Override
    public short getShort(int i) {
        return (Short) values[i];
    }

    @Override
    public int getInt(int i) {
        return (Integer) values[i];
    }

    @Override
    public long getLong(int i) {
        return (Long) values[i];
    }

    @Override
    public float getFloat(int i) {
        return (Float) values[i];
    }

    @Override
    public double getDouble(int i) {
        return (Double) values[i];
    }

    @Override
    public Utf8String getString(int i) {
        return (Utf8String) values[i];
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        return (Decimal) values[i];
    }

    @Override
    public Timestamp getTimestamp(int i, int precision) {
        return (Timestamp) values[i];
    }

    @Override
    public byte[] getBinary(int i) {
        return (byte[]) values[i];
    }

    @Override
    public ArrayData getArray(int i) {
        return (ArrayData) values[i];
    }

    @Override
    public MapData getMap(int i) {
        return (MapData) values[i];
    }

    @Override
    public Row getRow(int i, int arity) {
        return (Row) values[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GenericArray a && Arrays.deepEquals(values, a.values);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(values);
    }

    @Override
    public String toString() {
        return Arrays.deepToString(values);
    }
}
