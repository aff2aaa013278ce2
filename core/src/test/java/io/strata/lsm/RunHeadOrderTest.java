package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RunHeadOrderTest {

    /** Each run's current record as (key, sequence); the order compares these. */
    private long[] keys;
    private long[] sequences;

    private int compare(int a, int b) {
        int c = Long.compare(keys[a], keys[b]);
        return c != 0 ? c : Long.compare(sequences[a], sequences[b]);
    }

    @Test
    void anEmptyOrderAndOneRun() {
        keys = new long[] {5};
        sequences = new long[] {1};
        RunHeadOrder order = new RunHeadOrder(1, this::compare);
        assertThat(order.size()).isZero();
        order.add(0);
        assertThat(order.first()).isZero();
        assertThat(order.removeFirst()).isZero();
        assertThat(order.size()).isZero();
        keys[0] = 9;
        order.add(0);
        assertThat(order.size()).isEqualTo(1);
        assertThat(order.first()).isZero();
    }

    @Test
    void equalRunsLeaveInTheOrderTheyCame() {
        keys = new long[] {1, 1, 1, 1};
        sequences = new long[] {7, 7, 7, 7};
        RunHeadOrder order = new RunHeadOrder(4, this::compare);
        order.add(2);
        order.add(0);
        order.add(3);
        order.add(1);
        assertThat(List.of(order.removeFirst(), order.removeFirst())).containsExactly(2, 0);
        order.add(2); // back behind the equal ones still in the order
        assertThat(List.of(order.removeFirst(), order.removeFirst(), order.removeFirst())).containsExactly(3, 1, 2);
    }

    @Test
    void sequenceNumbersBreakTiesOfKeys() {
        keys = new long[] {4, 4, 4, 2};
        sequences = new long[] {30, 10, 20, 99};
        RunHeadOrder order = new RunHeadOrder(4, this::compare);
        for (int run = 0; run < 4; run++) {
            order.add(run);
        }
        assertThat(order.first()).isEqualTo(3);
        assertThat(List.of(order.removeFirst(), order.removeFirst(), order.removeFirst(), order.removeFirst()))
                .containsExactly(3, 1, 2, 0);
    }

    /**
     * A k-way merge driven through the order, for 1 to 40 runs of random sorted keys (repeats within and
     * across runs, some runs empty), against a stable sort of all records.
     */
    @Test
    void manyRunsMergeAsAStableSortDoes() {
        Random random = new Random(11);
        for (int round = 0; round < 300; round++) {
            int runCount = 1 + random.nextInt(round % 3 == 0 ? 40 : 6);
            long[][] runKeys = new long[runCount][];
            long[][] runSequences = new long[runCount][];
            List<long[]> all = new ArrayList<>();
            for (int r = 0; r < runCount; r++) {
                int n = random.nextInt(5) == 0 ? 0 : random.nextInt(30);
                // A run is sorted by key and sequence; sequences tie too (the order then keeps arrival order).
                long[][] records = new long[n][];
                for (int i = 0; i < n; i++) {
                    records[i] = new long[] {random.nextInt(40) - 20, random.nextInt(4), r};
                }
                java.util.Arrays.sort(records, Comparator.<long[]>comparingLong(x -> x[0]).thenComparingLong(x -> x[1]));
                runKeys[r] = new long[n];
                runSequences[r] = new long[n];
                for (int i = 0; i < n; i++) {
                    runKeys[r][i] = records[i][0];
                    runSequences[r][i] = records[i][1];
                    all.add(records[i]);
                }
            }
            keys = new long[runCount];
            sequences = new long[runCount];
            int[] at = new int[runCount];
            RunHeadOrder order = new RunHeadOrder(runCount, this::compare);
            for (int r = 0; r < runCount; r++) {
                if (runKeys[r].length > 0) {
                    keys[r] = runKeys[r][0];
                    sequences[r] = runSequences[r][0];
                    order.add(r);
                }
            }
            List<long[]> merged = new ArrayList<>();
            while (order.size() > 0) {
                int r = order.removeFirst();
                merged.add(new long[] {keys[r], sequences[r], r});
                if (++at[r] < runKeys[r].length) {
                    keys[r] = runKeys[r][at[r]];
                    sequences[r] = runSequences[r][at[r]];
                    order.add(r);
                }
            }
            all.sort(Comparator.<long[]>comparingLong(x -> x[0]).thenComparingLong(x -> x[1]));
            assertThat(merged).as("round %d, %d runs", round, runCount).hasSameSizeAs(all);
            for (int i = 0; i < all.size(); i++) {
                // Key and sequence must match the sort; the run may differ only among exact ties.
                assertThat(new long[] {merged.get(i)[0], merged.get(i)[1]})
                        .as("round %d, record %d", round, i).containsExactly(all.get(i)[0], all.get(i)[1]);
            }
        }
    }
}
