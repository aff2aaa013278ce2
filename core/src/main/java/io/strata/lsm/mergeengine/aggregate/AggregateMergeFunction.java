package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.lsm.AccumulatedRecord;
import io.strata.lsm.MergeFunction;
import io.strata.lsm.MergedRecord;
import io.strata.types.RowType;

/**
 * The {@code aggregation} merge engine, with Paimon 1.4.2's semantics: every field is combined by its
 * aggregator over the records of the key, oldest first; +I/+U records are added, -U/-D records
 * retracted (functions that cannot retract fail unless {@code fields.<f>.ignore-retract}). The row
 * never disappears through retractions; with {@code aggregation.remove-record-on-delete} a -D deletes
 * it and the accumulator restarts from the delete record's values.
 *
 * <p>Only the fields the read needs are aggregated ({@code readFields}); the others stay null.
 */
public final class AggregateMergeFunction implements MergeFunction {

    private final RowType rowType;
    private final boolean[] readFields;
    private final FieldAggregator[] aggregators;
    private final boolean removeRecordOnDelete;
    private final AccumulatedRecord result;
    private long latestSequenceNumber;
    private boolean deleted;

    public AggregateMergeFunction(
            RowType rowType, boolean[] readFields, FieldAggregator[] aggregators, boolean removeRecordOnDelete) {
        this.rowType = rowType;
        this.readFields = readFields;
        this.aggregators = aggregators;
        this.removeRecordOnDelete = removeRecordOnDelete;
        this.result = new AccumulatedRecord(rowType.fieldCount());
    }

    @Override
    public void reset() {
        result.clear();
        deleted = false;
        for (FieldAggregator a : aggregators) {
            a.reset();
        }
    }

    @Override
    public void add(MergedRecord record) {
        latestSequenceNumber = record.sequenceNumber();
        Row value = record.value();
        GenericRow row = result.row();
        deleted = removeRecordOnDelete && record.kind() == RowKind.DELETE;
        if (deleted) {
            for (int i = 0; i < aggregators.length; i++) {
                if (readFields[i]) {
                    if (value.isNullAt(i) && !rowType.typeAt(i).nullable()) {
                        throw new IllegalStateException("merge-engine 'aggregation': field '"
                                + rowType.field(i).name() + "' is NOT NULL but a delete record holds null");
                    }
                    row.set(i, RowValues.get(value, i, rowType.typeAt(i)));
                }
            }
            return;
        }
        boolean retract = !record.kind().isAdd();
        for (int i = 0; i < aggregators.length; i++) {
            if (!readFields[i]) {
                continue;
            }
            Object input = RowValues.get(value, i, rowType.typeAt(i));
            row.set(i, retract ? aggregators[i].retract(row.get(i), input) : aggregators[i].agg(row.get(i), input));
        }
    }

    @Override
    public MergedRecord result() {
        return result.set(deleted ? RowKind.DELETE : RowKind.INSERT, latestSequenceNumber);
    }
}
