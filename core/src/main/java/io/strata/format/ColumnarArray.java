package io.strata.format;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;

/** An array value as a slice {@code [offset, offset + size)} of a child column. */
public final class ColumnarArray implements ArrayData {

    private final ColumnVector child;
    private final int offset;
    private final int size;

    public ColumnarArray(ColumnVector child, int offset, int size) {
        this.child = child;
        this.offset = offset;
        this.size = size;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isNullAt(int i) {
        return child.isNullAt(offset + i);
    }

    @Override
    public boolean getBoolean(int i) {
        return child.getBoolean(offset + i);
    }

    @Override
    public byte getByte(int i) {
        return child.getByte(offset + i);
    }

    @Override
    public short getShort(int i) {
        return child.getShort(offset + i);
    }

    @Override
    public int getInt(int i) {
        return child.getInt(offset + i);
    }

    @Override
    public long getLong(int i) {
        return child.getLong(offset + i);
    }

    @Override
    public float getFloat(int i) {
        return child.getFloat(offset + i);
    }

    @Override
    public double getDouble(int i) {
        return child.getDouble(offset + i);
    }

    @Override
    public Utf8String getString(int i) {
        return child.getString(offset + i);
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        return child.getDecimal(offset + i, precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int i, int precision) {
        return child.getTimestamp(offset + i, precision);
    }

    @Override
    public byte[] getBinary(int i) {
        return child.getBinary(offset + i);
    }

    @Override
    public ArrayData getArray(int i) {
        return child.getArray(offset + i);
    }

    @Override
    public MapData getMap(int i) {
        return child.getMap(offset + i);
    }

    @Override
    public Row getRow(int i, int arity) {
        return child.getRow(offset + i);
    }
}
