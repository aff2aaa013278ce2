package io.strata.lsm;

import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.lsm.mergeengine.DeduplicateMergeFunction;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The merge contract on in-memory runs: records of a key arrive oldest first (sequence field, then
 * sequence number), a lone record bypasses the merge function, deduplicate points at the input row
 * without copying, and a combining function returns its own reused row.
 */
class MergingCursorTest {

    private static final RowType TYPE = new RowType(List.of(FIELD(0, "k", INT().withNullable(false)), FIELD(1, "v", INT())));
    private static final Comparator<Row> KEY = KeyOrder.onPositions(TYPE, new int[] {0});

    /** A sorted run held in memory; each record's row is its own object. */
    private static final class ListCursor implements RecordCursor {
        private final List<GenericRow> rows;
        private final long[] sequence;
        private int at = -1;

        ListCursor(long firstSequence, GenericRow... rows) {
            this.rows = List.of(rows);
            this.sequence = new long[rows.length];
            for (int i = 0; i < rows.length; i++) {
                sequence[i] = firstSequence + i;
            }
        }

        @Override
        public boolean advance() {
            return ++at < rows.size();
        }

        @Override
        public Row value() {
            return rows.get(at);
        }

        @Override
        public long sequenceNumber() {
            return sequence[at];
        }

        @Override
        public RowKind kind() {
            return rows.get(at).kind();
        }

        @Override
        public void close() {}
    }

    /** Records what it is offered; its result is its own row holding the offered values in order. */
    private static final class Recording implements MergeFunction {
        final List<String> offered = new ArrayList<>();
        final AccumulatedRecord result = new AccumulatedRecord(2);

        @Override
        public void reset() {
            offered.add("|");
        }

        @Override
        public void add(MergedRecord record) {
            offered.add(record.value().getInt(0) + ":" + record.value().getInt(1) + "@" + record.sequenceNumber());
            result.row().set(0, record.value().getInt(0));
            result.row().set(1, record.value().getInt(1));
        }

        @Override
        public MergedRecord result() {
            return result.set(RowKind.INSERT, 0);
        }
    }

    private static List<Row> drain(RecordCursor cursor) throws IOException {
        List<Row> out = new ArrayList<>();
        while (cursor.advance()) {
            out.add(cursor.value());
        }
        return out;
    }

    @Test
    void recordsArriveOldestFirstAndALoneRecordBypassesTheFunction() throws IOException {
        GenericRow lone = GenericRow.of(2, 20);
        Recording fn = new Recording();
        // Run 1 is newer (sequence 10..) than run 2 (sequence 1..); v is the user sequence field.
        RecordCursor merged = new MergingCursor(List.of(
                new ListCursor(10, GenericRow.of(1, 5), GenericRow.of(3, 1)),
                new ListCursor(1, GenericRow.of(1, 7), lone, GenericRow.of(3, 1))),
                KEY, KeyOrder.onPositions(TYPE, new int[] {1}), fn);
        List<Row> rows = drain(merged);
        // Key 1: v=5 is older than v=7 by the sequence field; key 3: equal v, sequence number decides.
        assertThat(fn.offered).containsExactly("|", "1:5@10", "1:7@1", "|", "3:1@3", "3:1@11");
        assertThat(rows).hasSize(3);
        assertThat(rows.get(1)).isSameAs(lone);
        assertThat(rows.get(0)).isSameAs(fn.result.value());
    }

    @Test
    void deduplicatePointsAtTheNewestInputAndDropsDeletedKeys() throws IOException {
        GenericRow newest = GenericRow.of(1, 2);
        RecordCursor merged = new MergingCursor(List.of(
                new ListCursor(5, newest, GenericRow.ofKind(RowKind.DELETE, 2, null)),
                new ListCursor(1, GenericRow.of(1, 1), GenericRow.of(2, 1))),
                KEY, null, new DeduplicateMergeFunction(false));
        List<Row> rows = drain(merged);
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).isSameAs(newest);
    }

    @Test
    void anIntegralKeyMergesAsTheRowComparatorDoes() throws IOException {
        // Seven runs of random sorted keys (repeats across runs, deletes): the long-key heap and the
        // comparator heap must both yield each live key once, as its newest record.
        java.util.Random random = new java.util.Random(7);
        List<List<GenericRow>> runs = new ArrayList<>();
        java.util.TreeMap<Integer, GenericRow> newest = new java.util.TreeMap<>();
        long sequence = 0;
        long[] firstSequence = new long[7];
        for (int r = 0; r < 7; r++) {
            java.util.TreeSet<Integer> keys = new java.util.TreeSet<>();
            int count = r == 3 ? 0 : 1 + random.nextInt(400);
            while (keys.size() < count) {
                keys.add(random.nextInt(600) - 300);
            }
            List<GenericRow> run = new ArrayList<>();
            firstSequence[r] = sequence;
            for (int k : keys) {
                GenericRow row = random.nextInt(10) == 0
                        ? GenericRow.ofKind(RowKind.DELETE, k, r)
                        : GenericRow.of(k, r);
                run.add(row);
                newest.put(k, row);
                sequence++;
            }
            runs.add(run);
        }
        List<Integer> expected = new ArrayList<>();
        newest.forEach((k, row) -> {
            if (row.kind().isAdd()) {
                expected.add(k * 100 + row.getInt(1));
            }
        });
        MergingCursor.IntegralKey integral = MergingCursor.IntegralKey.of(TYPE, new int[] {0});
        assertThat(integral).isNotNull();
        for (MergingCursor.IntegralKey key : java.util.Arrays.asList(integral, null)) {
            List<RecordCursor> inputs = new ArrayList<>();
            for (int r = 0; r < runs.size(); r++) {
                inputs.add(new ListCursor(firstSequence[r], runs.get(r).toArray(new GenericRow[0])));
            }
            RecordCursor merged = new MergingCursor(inputs, KEY, key, null, new DeduplicateMergeFunction(false), false);
            List<Integer> got = new ArrayList<>();
            for (Row row : drain(merged)) {
                got.add(row.getInt(0) * 100 + row.getInt(1));
            }
            assertThat(got).as("integral key %s", key).isEqualTo(expected);
        }
    }

    @Test
    void manyRunsOfferEachKeysRecordsOldestFirstAgainstAReference() throws IOException {
        // 1 to 30 runs (some empty), keys repeating across runs, with and without a user sequence field
        // (v, small so that it ties often): the merge function must see exactly the records a sort by key,
        // then v, then sequence number gives, and a key held by one run must bypass it.
        java.util.Random random = new java.util.Random(3);
        Comparator<Row> byV = KeyOrder.onPositions(TYPE, new int[] {1});
        for (int round = 0; round < 60; round++) {
            int runCount = 1 + random.nextInt(round % 2 == 0 ? 30 : 5);
            boolean userSequence = round % 3 != 0;
            List<GenericRow[]> runs = new ArrayList<>();
            long[] firstSequence = new long[runCount];
            List<long[]> all = new ArrayList<>(); // key, v, sequence
            long sequence = 0;
            for (int r = 0; r < runCount; r++) {
                int[] keys = random.ints(random.nextInt(5) == 0 ? 0 : random.nextInt(40), 0, 50).distinct().sorted().toArray();
                GenericRow[] rows = new GenericRow[keys.length];
                firstSequence[r] = sequence;
                for (int i = 0; i < keys.length; i++) {
                    rows[i] = GenericRow.of(keys[i], random.nextInt(3));
                    all.add(new long[] {keys[i], rows[i].getInt(1), sequence++});
                }
                runs.add(rows);
            }
            all.sort(Comparator.<long[]>comparingLong(x -> x[0])
                    .thenComparingLong(x -> userSequence ? x[1] : 0).thenComparingLong(x -> x[2]));
            List<String> expected = new ArrayList<>();
            List<Long> expectedSequences = new ArrayList<>();
            for (int i = 0; i < all.size(); ) {
                int j = i;
                while (j < all.size() && all.get(j)[0] == all.get(i)[0]) {
                    j++;
                }
                if (j - i > 1) {
                    expected.add("|");
                    for (int n = i; n < j; n++) {
                        expected.add(all.get(n)[0] + ":" + all.get(n)[1] + "@" + all.get(n)[2]);
                    }
                    expectedSequences.add(0L); // Recording's result
                } else {
                    expectedSequences.add(all.get(i)[2]);
                }
                i = j;
            }
            for (MergingCursor.IntegralKey key : java.util.Arrays.asList(MergingCursor.IntegralKey.of(TYPE, new int[] {0}), null)) {
                List<RecordCursor> inputs = new ArrayList<>();
                for (int r = 0; r < runCount; r++) {
                    inputs.add(new ListCursor(firstSequence[r], runs.get(r)));
                }
                Recording fn = new Recording();
                RecordCursor merged = new MergingCursor(inputs, KEY, key, userSequence ? byV : null, fn, false);
                List<Long> sequences = new ArrayList<>();
                while (merged.advance()) {
                    sequences.add(merged.sequenceNumber());
                }
                assertThat(fn.offered).as("round %d, integral key %s", round, key).isEqualTo(expected);
                assertThat(sequences).as("round %d, integral key %s", round, key).isEqualTo(expectedSequences);
            }
        }
    }

    @Test
    void onlyOneNonNullIntegralFieldIsAnIntegralKey() {
        RowType type = new RowType(List.of(FIELD(0, "a", INT().withNullable(false)), FIELD(1, "b", INT()),
                FIELD(2, "s", io.strata.types.DataTypes.STRING().withNullable(false))));
        assertThat(MergingCursor.IntegralKey.of(type, new int[] {0})).isNotNull();
        assertThat(MergingCursor.IntegralKey.of(type, new int[] {1})).isNull();
        assertThat(MergingCursor.IntegralKey.of(type, new int[] {2})).isNull();
        assertThat(MergingCursor.IntegralKey.of(type, new int[] {0, 2})).isNull();
    }
}
