package io.strata.lsm;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The in-memory table of one (partition, bucket) writer: records in arrival order with their sequence
 * numbers, sorted by key (then sequence) when flushed, each key reduced by the merge function so that a
 * level-0 file holds at most one record per key. Rows are copied in, so callers may reuse theirs.
 */
public final class WriteBuffer {

    /** One buffered record. */
    public record Entry(GenericRow value, long sequenceNumber, RowKind kind) {}

    private final RowType rowType;
    private final Comparator<Row> keyOrder;
    private final List<Entry> entries = new ArrayList<>();
    private long estimatedBytes;

    public WriteBuffer(RowType rowType, Comparator<Row> keyOrder) {
        this.rowType = rowType;
        this.keyOrder = keyOrder;
    }

    public void add(Row row, long sequenceNumber, RowKind kind) {
        GenericRow copy = GenericRow.copyOf(row, rowType);
        entries.add(new Entry(copy, sequenceNumber, kind));
        // A rough size: object headers and one slot per field, plus variable-length payloads.
        estimatedBytes += 48 + 16L * rowType.fieldCount();
        for (int i = 0; i < copy.arity(); i++) {
            Object v = copy.get(i);
            if (v instanceof io.strata.data.Utf8String s) {
                estimatedBytes += s.length();
            } else if (v instanceof byte[] b) {
                estimatedBytes += b.length;
            }
        }
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    public int size() {
        return entries.size();
    }

    public long estimatedBytes() {
        return estimatedBytes;
    }

    /**
     * The buffered records sorted by key, one per key: the one {@code newer} ranks highest among the
     * key's records. Clears the buffer.
     */
    public List<Entry> drainMerged(Comparator<Entry> newer) {
        entries.sort((a, b) -> {
            int c = keyOrder.compare(a.value(), b.value());
            return c != 0 ? c : Long.compare(a.sequenceNumber(), b.sequenceNumber());
        });
        List<Entry> out = new ArrayList<>();
        Entry best = null;
        for (Entry e : entries) {
            if (best != null && keyOrder.compare(best.value(), e.value()) != 0) {
                out.add(best);
                best = null;
            }
            if (best == null || newer.compare(e, best) > 0) {
                best = e;
            }
        }
        if (best != null) {
            out.add(best);
        }
        entries.clear();
        estimatedBytes = 0;
        return out;
    }
}
