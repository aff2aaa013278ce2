package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A k-way merge of sorted runs by key (a heap of run heads). Records of one key leave the heap oldest
 * first: by the user sequence fields (if any), then by sequence number, the order Paimon's merge
 * offers them in. A key with one record yields that record as it is (Paimon's reducer never calls the
 * merge function for it); a key with several is reduced by the merge function. Keys whose result is
 * missing or a retraction are skipped. The runs that held the current key are advanced only on the
 * next call, so the records the merge function points at stay valid while the result is read.
 */
final class MergingCursor implements RecordCursor {

    private final List<RecordCursor> inputs;
    private final Comparator<Row> keyComparator;
    private final PriorityQueue<RecordCursor> heap;
    private final List<RecordCursor> pending = new ArrayList<>();
    private final MergeFunction mergeFunction;
    /** Compactions below the max level keep retractions: older runs may still hold the key. */
    private final boolean keepRetractions;
    private MergedRecord current;
    private boolean started;

    /**
     * @param sequenceOrder order of the user sequence fields of two value rows (older first), or null
     */
    MergingCursor(
            List<RecordCursor> inputs,
            Comparator<Row> keyComparator,
            Comparator<Row> sequenceOrder,
            MergeFunction mergeFunction) {
        this(inputs, keyComparator, sequenceOrder, mergeFunction, false);
    }

    MergingCursor(
            List<RecordCursor> inputs,
            Comparator<Row> keyComparator,
            Comparator<Row> sequenceOrder,
            MergeFunction mergeFunction,
            boolean keepRetractions) {
        this.keepRetractions = keepRetractions;
        this.inputs = inputs;
        this.keyComparator = keyComparator;
        this.mergeFunction = mergeFunction;
        Comparator<RecordCursor> order = (a, b) -> keyComparator.compare(a.value(), b.value());
        if (sequenceOrder != null) {
            order = order.thenComparing((a, b) -> sequenceOrder.compare(a.value(), b.value()));
        }
        order = order.thenComparingLong(RecordCursor::sequenceNumber);
        this.heap = new PriorityQueue<>(Math.max(1, inputs.size()), order);
    }

    @Override
    public boolean advance() throws IOException {
        if (!started) {
            started = true;
            for (RecordCursor c : inputs) {
                if (c.advance()) {
                    heap.add(c);
                }
            }
        }
        while (true) {
            for (RecordCursor c : pending) {
                if (c.advance()) {
                    heap.add(c);
                }
            }
            pending.clear();
            if (heap.isEmpty()) {
                current = null;
                return false;
            }
            RecordCursor first = heap.poll();
            pending.add(first);
            if (heap.isEmpty() || keyComparator.compare(heap.peek().value(), first.value()) != 0) {
                current = first;
            } else {
                mergeFunction.reset();
                mergeFunction.add(first);
                while (!heap.isEmpty() && keyComparator.compare(heap.peek().value(), first.value()) == 0) {
                    RecordCursor same = heap.poll();
                    pending.add(same);
                    mergeFunction.add(same);
                }
                current = mergeFunction.result();
            }
            if (current != null && (keepRetractions || current.kind().isAdd())) {
                return true;
            }
        }
    }

    @Override
    public Row value() {
        return current.value();
    }

    @Override
    public long sequenceNumber() {
        return current.sequenceNumber();
    }

    @Override
    public RowKind kind() {
        return current.kind();
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (RecordCursor c : inputs) {
            try {
                c.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
