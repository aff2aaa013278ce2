package io.strata.lsm;

import java.util.Arrays;

/**
 * The sort index of a write buffer: per record its normalized key prefix and its pointer into the
 * {@link RecordPages}, in two parallel {@code long} arrays, sorted in place. The sort is a quick sort
 * that does not need a transitive order (Paimon's key order is not transitive for NaN keys, and
 * {@code List.sort} may then throw), with insertion sort for short ranges.
 */
final class SortIndex {

    /** Compares the records at two index slots. */
    @FunctionalInterface
    interface SlotComparator {
        int compare(int a, int b);
    }

    /** Bytes one entry takes. */
    static final int ENTRY_BYTES = 16;

    private static final int INSERTION_SORT_THRESHOLD = 16;

    private long[] prefixes = new long[256];
    private long[] pointers = new long[256];
    private int size;

    void add(long prefix, long pointer) {
        if (size == prefixes.length) {
            prefixes = Arrays.copyOf(prefixes, size * 2);
            pointers = Arrays.copyOf(pointers, size * 2);
        }
        prefixes[size] = prefix;
        pointers[size] = pointer;
        size++;
    }

    int size() {
        return size;
    }

    long prefix(int slot) {
        return prefixes[slot];
    }

    long pointer(int slot) {
        return pointers[slot];
    }

    void clear() {
        size = 0;
        if (prefixes.length > 4096) {
            // Do not keep a large index alive between flushes.
            prefixes = new long[256];
            pointers = new long[256];
        }
    }

    void sort(SlotComparator comparator) {
        quickSort(0, size - 1, comparator);
    }

    private void quickSort(int lo, int hi, SlotComparator c) {
        while (hi - lo > INSERTION_SORT_THRESHOLD) {
            int mid = (lo + hi) >>> 1;
            if (c.compare(mid, lo) < 0) {
                swap(mid, lo);
            }
            if (c.compare(hi, lo) < 0) {
                swap(hi, lo);
            }
            if (c.compare(hi, mid) < 0) {
                swap(hi, mid);
            }
            // The median sits at hi - 1 while the range is partitioned around it.
            int pivot = hi - 1;
            swap(mid, pivot);
            int i = lo;
            int j = pivot;
            while (true) {
                while (c.compare(++i, pivot) < 0) {
                    // i stops at the pivot at the latest: it compares equal to itself.
                }
                while (j > lo && c.compare(--j, pivot) > 0) {
                    // bounded by lo, so a non-transitive order cannot run past the range.
                }
                if (i >= j) {
                    break;
                }
                swap(i, j);
            }
            swap(i, pivot);
            // Recurse into the smaller side, loop on the larger: the stack stays logarithmic.
            if (i - lo < hi - i) {
                quickSort(lo, i - 1, c);
                lo = i + 1;
            } else {
                quickSort(i + 1, hi, c);
                hi = i - 1;
            }
        }
        for (int k = lo + 1; k <= hi; k++) {
            for (int j = k; j > lo && c.compare(j - 1, j) > 0; j--) {
                swap(j - 1, j);
            }
        }
    }

    private void swap(int a, int b) {
        long p = prefixes[a];
        prefixes[a] = prefixes[b];
        prefixes[b] = p;
        long q = pointers[a];
        pointers[a] = pointers[b];
        pointers[b] = q;
    }
}
