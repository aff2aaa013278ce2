package io.strata.lsm;

import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
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
        public void add(RecordCursor record) {
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
}
