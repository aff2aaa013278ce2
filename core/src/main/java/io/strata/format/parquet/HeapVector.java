package io.strata.format.parquet;

import io.strata.format.ColumnVector;
import java.util.Arrays;

/**
 * A column of one batch held on the heap: a null flag per slot plus the values of the subclass. A
 * vector is reused from batch to batch; it grows when a batch needs more slots (nested columns can
 * hold more values than the batch has rows) and never shrinks.
 */
abstract class HeapVector implements ColumnVector {

    private static final int INITIAL_CAPACITY = 64;

    protected boolean[] nulls = new boolean[0];
    private int size;

    /** Forgets the previous batch. */
    void reset() {
        size = 0;
    }

    /** Slots filled in this batch. */
    int size() {
        return size;
    }

    /** Adds a slot, null or not as told, and returns its index. */
    final int appendSlot(boolean isNull) {
        if (size == nulls.length) {
            int capacity = Math.max(INITIAL_CAPACITY, size * 2);
            nulls = Arrays.copyOf(nulls, capacity);
            growValues(capacity);
        }
        nulls[size] = isNull;
        return size++;
    }

    /** Grows the value arrays to hold {@code capacity} slots, keeping what they hold. */
    abstract void growValues(int capacity);

    @Override
    public boolean isNullAt(int i) {
        return nulls[i];
    }
}
