package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A k-way merge of sorted runs by key (a heap of run heads). For each key it hands every version to
 * the merge function and yields the surviving record; keys whose result is a delete are skipped. The
 * runs that held the current key are advanced only on the next call, so the yielded row is a view into
 * its run and nothing is copied.
 */
final class MergingCursor implements RecordCursor {

    private final List<RecordCursor> inputs;
    private final Comparator<Row> keyComparator;
    private final PriorityQueue<RecordCursor> heap;
    private final List<RecordCursor> pending = new ArrayList<>();
    private final MergeFunction mergeFunction;
    private RecordCursor current;
    private boolean started;

    MergingCursor(List<RecordCursor> inputs, Comparator<Row> keyComparator, MergeFunction mergeFunction) {
        this.inputs = inputs;
        this.keyComparator = keyComparator;
        this.mergeFunction = mergeFunction;
        this.heap = new PriorityQueue<>(Math.max(1, inputs.size()), (a, b) -> keyComparator.compare(a.value(), b.value()));
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
            mergeFunction.reset();
            mergeFunction.add(first);
            while (!heap.isEmpty() && keyComparator.compare(heap.peek().value(), first.value()) == 0) {
                RecordCursor same = heap.poll();
                pending.add(same);
                mergeFunction.add(same);
            }
            current = mergeFunction.result();
            if (current != null) {
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
