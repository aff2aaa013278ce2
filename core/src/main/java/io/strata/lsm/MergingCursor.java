package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.types.DataType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;

/**
 * A k-way merge of sorted runs by key (a binary heap of run heads). Records of one key leave the heap
 * oldest first: by the user sequence fields (if any), then by sequence number, the order Paimon's merge
 * offers them in. A key with one record yields that record as it is (Paimon's reducer never calls the
 * merge function for it); a key with several is reduced by the merge function. Keys whose result is
 * missing or a retraction are skipped. The runs that held the current key are advanced only on the
 * next call, so the records the merge function points at stay valid while the result is read.
 *
 * <p>Per record the heap does one sift: a lone key stays at the top while it is read and is then
 * replaced by its run's next record in place. When the key is one integral field ({@link IntegralKey}),
 * each run head's key is read once into a {@code long} and the heap compares those, instead of going
 * through the row comparator several times per record. Each run head's sequence number is read once
 * too, when the head moves, rather than through the run's cursor layers at every tie of keys; and the
 * result's value row and kind are taken once per record, so that reading them goes through no layer.
 */
final class MergingCursor implements RecordCursor {

    private final RecordCursor[] inputs;
    private final Comparator<Row> keyComparator;
    private final Comparator<Row> sequenceOrder;
    private final IntegralKey integralKey;
    private final MergeFunction mergeFunction;
    /** Compactions below the max level keep retractions: older runs may still hold the key. */
    private final boolean keepRetractions;
    /** Input indexes; {@code heap[0..size)} is a min-heap by key, user sequence, sequence number. */
    private final int[] heap;
    /** The key of each input's current record, when the key is integral. */
    private final long[] keys;
    /** The sequence number of each input's current record, read when the input moved. */
    private final long[] sequences;
    /** Inputs taken off the heap for the current key, to advance and put back on the next call. */
    private final int[] pending;
    private int size;
    private int pendingCount;
    /** Whether the current record is the heap's top, left in place to be advanced on the next call. */
    private boolean topHeld;
    private MergedRecord current;
    /** The value row and kind of {@link #current}, read once per record. */
    private Row currentValue;
    private RowKind currentKind;
    private boolean started;

    /**
     * @param sequenceOrder order of the user sequence fields of two value rows (older first), or null
     */
    MergingCursor(
            List<RecordCursor> inputs,
            Comparator<Row> keyComparator,
            Comparator<Row> sequenceOrder,
            MergeFunction mergeFunction) {
        this(inputs, keyComparator, null, sequenceOrder, mergeFunction, false);
    }

    MergingCursor(
            List<RecordCursor> inputs,
            Comparator<Row> keyComparator,
            Comparator<Row> sequenceOrder,
            MergeFunction mergeFunction,
            boolean keepRetractions) {
        this(inputs, keyComparator, null, sequenceOrder, mergeFunction, keepRetractions);
    }

    /**
     * @param integralKey how to read the key as a long, consistent with {@code keyComparator}; or null
     */
    MergingCursor(
            List<RecordCursor> inputs,
            Comparator<Row> keyComparator,
            IntegralKey integralKey,
            Comparator<Row> sequenceOrder,
            MergeFunction mergeFunction,
            boolean keepRetractions) {
        this.inputs = inputs.toArray(new RecordCursor[0]);
        this.keyComparator = keyComparator;
        this.integralKey = integralKey;
        this.sequenceOrder = sequenceOrder;
        this.mergeFunction = mergeFunction;
        this.keepRetractions = keepRetractions;
        this.heap = new int[this.inputs.length];
        this.keys = new long[this.inputs.length];
        this.sequences = new long[this.inputs.length];
        this.pending = new int[this.inputs.length];
    }

    @Override
    public boolean advance() throws IOException {
        if (!started) {
            started = true;
            for (int i = 0; i < inputs.length; i++) {
                if (inputs[i].advance()) {
                    push(i);
                }
            }
        }
        while (true) {
            release();
            if (size == 0) {
                current = null;
                currentValue = null;
                currentKind = null;
                return false;
            }
            int first = heap[0];
            if (!topKeyRepeats()) {
                topHeld = true;
                current = inputs[first];
            } else {
                mergeFunction.reset();
                do {
                    int same = pop();
                    pending[pendingCount++] = same;
                    mergeFunction.add(inputs[same]);
                } while (size > 0 && sameKey(heap[0], first));
                current = mergeFunction.result();
            }
            if (current != null) {
                RowKind kind = current.kind();
                if (keepRetractions || kind.isAdd()) {
                    currentKind = kind;
                    currentValue = current.value();
                    return true;
                }
            }
        }
    }

    /** Advances the inputs that held the previous key and puts them back in order. */
    private void release() throws IOException {
        if (topHeld) {
            topHeld = false;
            int top = heap[0];
            if (inputs[top].advance()) {
                loadHead(top);
                siftDown(0);
            } else {
                removeTop();
            }
        }
        for (int k = 0; k < pendingCount; k++) {
            int input = pending[k];
            if (inputs[input].advance()) {
                push(input);
            }
        }
        pendingCount = 0;
    }

    /**
     * Whether another input holds the top's key. Any input with that key sorts at or below a child of the
     * top, and each child sorts at or below everything under it, so a child holds the key if any does.
     */
    private boolean topKeyRepeats() {
        int top = heap[0];
        return (size > 1 && sameKey(heap[1], top)) || (size > 2 && sameKey(heap[2], top));
    }

    /** Reads what the heap compares of the input's new current record. */
    private void loadHead(int input) {
        RecordCursor cursor = inputs[input];
        if (integralKey != null) {
            keys[input] = integralKey.read(cursor.value());
        }
        sequences[input] = cursor.sequenceNumber();
    }

    private boolean sameKey(int a, int b) {
        return integralKey != null
                ? keys[a] == keys[b]
                : keyComparator.compare(inputs[a].value(), inputs[b].value()) == 0;
    }

    /** Heap order: key, then user sequence fields, then sequence number (older first). */
    private int compare(int a, int b) {
        int c = integralKey != null
                ? Long.compare(keys[a], keys[b])
                : keyComparator.compare(inputs[a].value(), inputs[b].value());
        if (c != 0) {
            return c;
        }
        if (sequenceOrder != null) {
            c = sequenceOrder.compare(inputs[a].value(), inputs[b].value());
            if (c != 0) {
                return c;
            }
        }
        return Long.compare(sequences[a], sequences[b]);
    }

    private void push(int input) {
        loadHead(input);
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (compare(input, heap[parent]) >= 0) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = input;
    }

    private int pop() {
        int top = heap[0];
        removeTop();
        return top;
    }

    private void removeTop() {
        size--;
        if (size > 0) {
            heap[0] = heap[size];
            siftDown(0);
        }
    }

    private void siftDown(int i) {
        int input = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && compare(heap[right], heap[child]) < 0) {
                child = right;
            }
            if (compare(input, heap[child]) <= 0) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = input;
    }

    @Override
    public Row value() {
        return currentValue;
    }

    @Override
    public long sequenceNumber() {
        return topHeld ? sequences[heap[0]] : current.sequenceNumber();
    }

    @Override
    public RowKind kind() {
        return currentKind;
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

    /**
     * A key of one non-null integral field (TINYINT, SMALLINT, INT, BIGINT, DATE, TIME) read as a
     * {@code long}, whose natural order is the key order. Null when the key is anything else.
     */
    record IntegralKey(int position, TypeRoot root) {

        static IntegralKey of(RowType rowType, int[] keyPositions) {
            if (keyPositions.length != 1) {
                return null;
            }
            DataType type = rowType.typeAt(keyPositions[0]);
            if (type.nullable()) {
                return null;
            }
            return switch (type.root()) {
                case TINYINT, SMALLINT, INT, BIGINT, DATE, TIME -> new IntegralKey(keyPositions[0], type.root());
                default -> null;
            };
        }

        long read(Row row) {
            return switch (root) {
                case BIGINT -> row.getLong(position);
                case TINYINT -> row.getByte(position);
                case SMALLINT -> row.getShort(position);
                default -> row.getInt(position);
            };
        }
    }
}
