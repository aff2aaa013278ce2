package io.strata.lsm;

/**
 * The runs of a k-way merge in the order of their current records: run indexes kept sorted in an
 * array, the smallest first. Taking the first run costs nothing; a run whose record moved goes back by
 * a binary search and a shift of the runs before (or after) its place.
 *
 * <p>Why not a binary heap: in an upsert table a key is held by about two of the five runs a bucket
 * has before compaction, so the merge takes several runs off the top per key and puts each back after
 * it moved. A heap pays a sift of two comparisons per level for every take and a sift for every put;
 * here a take is free and a put is about log2(k) comparisons plus moving a few ints. A run is put back
 * after every run that compares equal to it, so equal runs leave in the order they came.
 */
final class RunHeadOrder {

    /** Compares two runs by their current records. */
    @FunctionalInterface
    interface RunComparator {
        int compare(int a, int b);
    }

    private final int[] runs;
    private final RunComparator order;
    /** The sorted runs are {@code runs[first..first + size)}. */
    private int first;
    private int size;

    /** @param capacity the number of runs of the merge; each is held at most once */
    RunHeadOrder(int capacity, RunComparator order) {
        this.runs = new int[capacity];
        this.order = order;
    }

    int size() {
        return size;
    }

    /** The run with the smallest current record; the order must not be empty. */
    int first() {
        return runs[first];
    }

    /** The run after {@link #first()}; the order must hold at least two runs. */
    int second() {
        return runs[first + 1];
    }

    /** Takes the first run out of the order and returns it. */
    int removeFirst() {
        size--;
        return runs[first++];
    }

    /** Puts a run in its place by its current record; it must not be in the order already. */
    void add(int run) {
        // Upper bound: the place after every run that compares at most equal.
        int low = first;
        int high = first + size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (order.compare(runs[mid], run) <= 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        if (first > 0) {
            // Room on the left: the runs before the place move one down.
            System.arraycopy(runs, first, runs, first - 1, low - first);
            first--;
            runs[low - 1] = run;
        } else {
            // first == 0, so size < capacity leaves room on the right.
            System.arraycopy(runs, low, runs, low + 1, size - low);
            runs[low] = run;
        }
        size++;
    }
}
