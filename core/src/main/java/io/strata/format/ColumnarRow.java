package io.strata.format;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;

/**
 * A row view over columns at one position. One instance is moved along a batch with {@link #at}, so
 * reading a file allocates no row objects.
 */
public final class ColumnarRow implements Row {

    private ColumnVector[] columns;
    private int rowId;
    private RowKind kind = RowKind.INSERT;

    public ColumnarRow(ColumnVector[] columns) {
        this.columns = columns;
    }

    /** Points this view at row {@code rowId} of the given columns. */
    public ColumnarRow at(ColumnVector[] newColumns, int newRowId) {
        this.columns = newColumns;
        this.rowId = newRowId;
        return this;
    }

    public ColumnarRow at(int newRowId) {
        this.rowId = newRowId;
        return this;
    }

    public void setKind(RowKind kind) {
        this.kind = kind;
    }

    @Override
    public int arity() {
        return columns.length;
    }

    @Override
    public RowKind kind() {
        return kind;
    }

    @Override
    public boolean isNullAt(int pos) {
        return columns[pos].isNullAt(rowId);
    }

    @Override
    public boolean getBoolean(int pos) {
        return columns[pos].getBoolean(rowId);
    }

    @Override
    public byte getByte(int pos) {
        return columns[pos].getByte(rowId);
    }

    @Override
    public short getShort(int pos) {
        return columns[pos].getShort(rowId);
    }

    @Override
    public int getInt(int pos) {
        return columns[pos].getInt(rowId);
    }

    @Override
    public long getLong(int pos) {
        return columns[pos].getLong(rowId);
    }

    @Override
    public float getFloat(int pos) {
        return columns[pos].getFloat(rowId);
    }

    @Override
    public double getDouble(int pos) {
        return columns[pos].getDouble(rowId);
    }

    @Override
    public Utf8String getString(int pos) {
        return columns[pos].getString(rowId);
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return columns[pos].getDecimal(rowId, precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        return columns[pos].getTimestamp(rowId, precision);
    }

    @Override
    public byte[] getBinary(int pos) {
        return columns[pos].getBinary(rowId);
    }

    @Override
    public ArrayData getArray(int pos) {
        return columns[pos].getArray(rowId);
    }

    @Override
    public MapData getMap(int pos) {
        return columns[pos].getMap(rowId);
    }

    @Override
    public Row getRow(int pos, int arity) {
        return columns[pos].getRow(rowId);
    }
}
