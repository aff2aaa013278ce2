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

    /**
     * Adds {@code count} slots whose nulls the caller sets, and returns the index of the first: page
     * decoding fills a run of slots at a time.
     */
    final int appendSlots(int count) {
        if (size + count > nulls.length) {
            int capacity = Math.max(INITIAL_CAPACITY, Math.max(size * 2, size + count));
            nulls = Arrays.copyOf(nulls, capacity);
            growValues(capacity);
        }
        int first = size;
        size += count;
        return first;
    }

    /** Grows the value arrays to hold {@code capacity} slots, keeping what they hold. */
    abstract void growValues(int capacity);

    @Override
    public boolean isNullAt(int i) {
        return nulls[i];
    }

    /*
     * Page decoding writes the nonNull values of a run of count slots to the run's first nonNull slots;
     * spread moves them, back to front, to the slots whose null flag is clear.
     */

    static void spread(int[] values, boolean[] nulls, int first, int count, int nonNull) {
        int from = first + nonNull - 1;
        // Once the slot and the value index meet, every slot below is non-null and already in place.
        for (int i = first + count - 1; i > from; i--) {
            values[i] = nulls[i] ? 0 : values[from--];
        }
    }

    static void spread(long[] values, boolean[] nulls, int first, int count, int nonNull) {
        int from = first + nonNull - 1;
        // Once the slot and the value index meet, every slot below is non-null and already in place.
        for (int i = first + count - 1; i > from; i--) {
            values[i] = nulls[i] ? 0 : values[from--];
        }
    }

    static void spread(float[] values, boolean[] nulls, int first, int count, int nonNull) {
        int from = first + nonNull - 1;
        // Once the slot and the value index meet, every slot below is non-null and already in place.
        for (int i = first + count - 1; i > from; i--) {
            values[i] = nulls[i] ? 0 : values[from--];
        }
    }

    static void spread(double[] values, boolean[] nulls, int first, int count, int nonNull) {
        int from = first + nonNull - 1;
        // Once the slot and the value index meet, every slot below is non-null and already in place.
        for (int i = first + count - 1; i > from; i--) {
            values[i] = nulls[i] ? 0 : values[from--];
        }
    }

    static void spread(boolean[] values, boolean[] nulls, int first, int count, int nonNull) {
        int from = first + nonNull - 1;
        // Once the slot and the value index meet, every slot below is non-null and already in place.
        for (int i = first + count - 1; i > from; i--) {
            values[i] = nulls[i] ? false : values[from--];
        }
    }
}
