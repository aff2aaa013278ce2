package io.strata.format.parquet;

import io.strata.data.ArrayData;
import io.strata.data.MapData;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarArray;
import io.strata.format.ColumnarMap;
import java.util.Arrays;

/**
 * ARRAY and MAP values: per slot an offset and a length into child vectors (the elements, or the keys
 * and the values). The arrays read are slices of the children, not copies.
 */
final class ArrayVector extends HeapVector {

    private final ColumnVector elements;
    private final ColumnVector values;
    private int[] offsets = new int[0];
    private int[] lengths = new int[0];

    /** An ARRAY vector over its element vector. */
    static ArrayVector array(ColumnVector elements) {
        return new ArrayVector(elements, null);
    }

    /** A MAP vector over its key and value vectors. */
    static ArrayVector map(ColumnVector keys, ColumnVector values) {
        return new ArrayVector(keys, values);
    }

    private ArrayVector(ColumnVector elements, ColumnVector values) {
        this.elements = elements;
        this.values = values;
    }

    @Override
    void growValues(int capacity) {
        offsets = Arrays.copyOf(offsets, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
    }

    /** Starts a slot whose elements begin at {@code offset} of the children. */
    void startSlot(boolean isNull, int offset) {
        int slot = appendSlot(isNull);
        offsets[slot] = offset;
        lengths[slot] = 0;
    }

    /** Adds one element to the last slot. */
    void addElement() {
        lengths[size() - 1]++;
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
