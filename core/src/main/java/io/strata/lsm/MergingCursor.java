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
 * A k-way merge of sorted runs by key: the runs are kept in the order of their current records
 * ({@link RunHeadOrder}). Records of one key leave oldest first: by the user sequence fields (if any),
 * then by sequence number, the order Paimon's merge offers them in. A key with one record yields that
 * record as it is (Paimon's reducer never calls the merge function for it); a key with several is
 * reduced by the merge function. Keys whose result is missing or a retraction are skipped. The runs
 * that held the current key are advanced only on the next call, so the records the merge function
 * points at stay valid while the result is read.
 *
 * <p>When the key is one integral field ({@link IntegralKey}), each run's key is read once into a
 * {@code long} when the run moves, and the order compares those, instead of going through the row
 * comparator several times per record. Each run's sequence number is read once too, rather than
 * through the run's cursor layers at every tie of keys; and the result's value row and kind are taken
 * once per record, so that reading them goes through no layer.
 */
final class MergingCursor implements RecordCursor {

    private final RecordCursor[] inputs;
    private final Comparator<Row> keyComparator;
    private final Comparator<Row> sequenceOrder;
    private final IntegralKey integralKey;
    private final MergeFunction mergeFunction;
    /** Compactions below the max level keep retractions: older runs may still hold the key. */
    private final boolean keepRetractions;
    /** The inputs that have a current record, by key, user sequence fields, sequence number. */
    private final RunHeadOrder order;
    /** The key of each input's current record, when the key is integral. */
    private final long[] keys;
    /** The sequence number of each input's current record, read when the input moved. */
    private final long[] sequences;
    /** Inputs taken out of the order for the current key, to advance and put back on the next call. */
    private final int[] pending;
    private int pendingCount;
    /** Whether {@link #current} is one input's record as it is (a key no other input holds). */
    private boolean currentIsLone;
    /** The sequence number of a lone {@link #current}, read when its input moved. */
    private long currentSequence;
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
        this.order = new RunHeadOrder(this.inputs.length, this::compare);
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
                    loadHead(i);
                    order.add(i);
                }
            }
        }
        while (true) {
            release();
            if (order.size() == 0) {
                current = null;
                currentValue = null;
                currentKind = null;
                return false;
            }
            int first = order.removeFirst();
            pending[pendingCount++] = first;
            if (order.size() == 0 || !sameKey(order.first(), first)) {
                current = inputs[first];
                currentIsLone = true;
                currentSequence = sequences[first];
            } else {
                mergeFunction.reset();
                mergeFunction.add(inputs[first]);
                do {
                    int same = order.removeFirst();
                    pending[pendingCount++] = same;
                    mergeFunction.add(inputs[same]);
                } while (order.size() > 0 && sameKey(order.first(), first));
                current = mergeFunction.result();
                currentIsLone = false;
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
        for (int k = 0; k < pendingCount; k++) {
            int input = pending[k];
            if (inputs[input].advance()) {
                loadHead(input);
                order.add(input);
            }
        }
        pendingCount = 0;
    }

    /** Reads what the order compares of the input's new current record. */
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

    /** Merge order: key, then user sequence fields, then sequence number (older first). */
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

    @Override
    public Row value() {
        return currentValue;
    }

    @Override
    public long sequenceNumber() {
        return currentIsLone ? currentSequence : current.sequenceNumber();
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
