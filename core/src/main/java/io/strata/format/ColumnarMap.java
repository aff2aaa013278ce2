package io.strata.format;

import io.strata.data.ArrayData;
import io.strata.data.MapData;

/** A map value as the same slice of a key column and a value column. */
public final class ColumnarMap implements MapData {

    private final ColumnarArray keys;
    private final ColumnarArray values;

    public ColumnarMap(ColumnVector keyColumn, ColumnVector valueColumn, int offset, int size) {
        this.keys = new ColumnarArray(keyColumn, offset, size);
        this.values = new ColumnarArray(valueColumn, offset, size);
    }

    @Override
    public int size() {
        return keys.size();
    }

    @Override
    public ArrayData keys() {
        return keys;
    }

    @Override
    public ArrayData values() {
        return values;
    }
}
