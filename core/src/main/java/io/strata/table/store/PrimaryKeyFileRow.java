package io.strata.table.store;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;

/**
 * A value row seen in the primary-key file layout: the key fields ({@code _KEY_*}), then
 * {@code _SEQUENCE_NUMBER}, {@code _VALUE_KIND}, then all value fields. A reusable view.
 */
final class PrimaryKeyFileRow implements Row {

    private final int[] keyPositions;
    private final int keyCount;
    private Row value;
    private long sequenceNumber;
    private RowKind valueKind;

    PrimaryKeyFileRow(int[] keyPositions) {
        this.keyPositions = keyPositions;
        this.keyCount = keyPositions.length;
    }

    PrimaryKeyFileRow replace(Row newValue, long newSequenceNumber, RowKind newKind) {
        this.value = newValue;
        this.sequenceNumber = newSequenceNumber;
        this.valueKind = newKind;
        return this;
    }

    /** The value position for a file position >= keyCount + 2, or the key's value position below keyCount. */
    private int map(int pos) {
        return pos < keyCount ? keyPositions[pos] : pos - keyCount - 2;
    }

    @Override
    public int arity() {
        return keyCount + 2 + value.arity();
    }

    @Override
    public RowKind kind() {
        return RowKind.INSERT;
    }

    @Override
    public boolean isNullAt(int pos) {
        if (pos == keyCount || pos == keyCount + 1) {
            return false;
        }
        return value.isNullAt(map(pos));
    }

    @Override
    public boolean getBoolean(int pos) {
        return value.getBoolean(map(pos));
    }

    @Override
    public byte getByte(int pos) {
        return pos == keyCount + 1 ? valueKind.toByteValue() : value.getByte(map(pos));
    }

    @Override
    public short getShort(int pos) {
        return value.getShort(map(pos));
    }

    @Override
    public int getInt(int pos) {
        return value.getInt(map(pos));
    }

    @Override
    public long getLong(int pos) {
        return pos == keyCount ? sequenceNumber : value.getLong(map(pos));
    }

    @Override
    public float getFloat(int pos) {
        return value.getFloat(map(pos));
    }

    @Override
    public double getDouble(int pos) {
        return value.getDouble(map(pos));
    }

    @Override
    public Utf8String getString(int pos) {
        return value.getString(map(pos));
    }

    @Override
    public Decimal getDecimal(int pos, int precision, int scale) {
        return value.getDecimal(map(pos), precision, scale);
    }

    @Override
    public Timestamp getTimestamp(int pos, int precision) {
        return value.getTimestamp(map(pos), precision);
    }

    @Override
    public byte[] getBinary(int pos) {
        return value.getBinary(map(pos));
    }

    @Override
    public ArrayData getArray(int pos) {
        return value.getArray(map(pos));
    }

    @Override
    public MapData getMap(int pos) {
        return value.getMap(map(pos));
    }

    @Override
    public Row getRow(int pos, int arity) {
        return value.getRow(map(pos), arity);
    }
}
