package io.strata.data;

/**
 * An array seen as a row whose fields are its elements, so that one set of field writers serves both
 * row fields and array elements (the ORC and Avro writers). One instance per writer may be pointed at each
 * array in turn.
 */
public final class ArrayElements implements Row {

    private ArrayData array;

    /** Points this view at {@code newArray}; returns it. */
    public ArrayElements of(ArrayData newArray) {
        this.array = newArray;
        return this;
    }

    @Override
    public int arity() {
        return array.size();
    }

    @Override
    public RowKind kind() {
        return RowKind.INSERT;
    }

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
    public Decimal getDecimal(int pos, int precision, int scale) {
        return array.getDecimal(pos, precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        return array.getTimestamp(pos, precision);
    }

    @Override
    public byte[] getBinary(int pos) {
        return array.getBinary(pos);
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
