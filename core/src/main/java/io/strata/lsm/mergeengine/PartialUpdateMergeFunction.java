package io.strata.lsm.mergeengine;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.lsm.AccumulatedRecord;
import io.strata.lsm.MergeFunction;
import io.strata.lsm.MergedRecord;
import io.strata.lsm.mergeengine.aggregate.FieldAggregator;
import io.strata.types.RowType;
import java.util.Arrays;

/**
 * The {@code partial-update} merge engine, with Paimon 1.4.2's semantics:
 *
 * <ul>
 *   <li>Without sequence groups, each non-null field of a newer record overwrites the field.
 *   <li>A field protected by a sequence group ({@code fields.<s>.sequence-group}) is updated only by
 *       records whose sequence fields {@code s} are not older than the accumulator's (records with all
 *       of {@code s} null do not touch the group), or aggregated by its aggregate function (an older
 *       record aggregates "reversed"). Fields outside groups take every record's value through their
 *       function if they have one (last_non_null_value, or the key), else its non-null value.
 *   <li>Retractions (-U, -D): ignored with {@code ignore-delete}; with sequence groups they clear
 *       (or retract from) the fields of the groups they are not older than, and a -D of a group named by
 *       {@code partial-update.remove-record-on-sequence-group} deletes the whole row; with
 *       {@code partial-update.remove-record-on-delete} a -D deletes the row (a -U is ignored); otherwise
 *       they fail, as in Paimon.
 *   <li>A deleted row restarts from the delete record's values; a key that saw no +I/+U has no row.
 * </ul>
 *
 * Only the fields the read needs are merged ({@code readFields}); the others stay null.
 */
final class PartialUpdateMergeFunction implements MergeFunction {

    private final RowType rowType;
    private final boolean[] readFields;
    private final boolean[] nullable;
    private final boolean ignoreDelete;
    private final boolean removeRecordOnDelete;
    /** Per table position: its sequence group or null. */
    private final SequenceGroup[] groups;
    private final boolean hasGroups;
    /** Per table position: its aggregator or null. */
    private final FieldAggregator[] aggregators;
    /** Per table position: a -D not older than this sequence field's group removes the row. */
    private final boolean[] removeRecordOnSequenceField;
    private final boolean[] updatedSequenceFields;
    private final AccumulatedRecord result;

    private long latestSequenceNumber;
    private boolean deleted;
    private boolean filled;
    private boolean meetInsert;

    public PartialUpdateMergeFunction(
            RowType rowType,
            boolean[] readFields,
            boolean ignoreDelete,
            boolean removeRecordOnDelete,
            SequenceGroup[] groups,
            FieldAggregator[] aggregators,
            boolean[] removeRecordOnSequenceField) {
        this.rowType = rowType;
        this.readFields = readFields;
        this.ignoreDelete = ignoreDelete;
        this.removeRecordOnDelete = removeRecordOnDelete;
        this.groups = groups;
        this.aggregators = aggregators;
        this.removeRecordOnSequenceField = removeRecordOnSequenceField;
        this.nullable = new boolean[rowType.fieldCount()];
        boolean any = false;
        for (int i = 0; i < nullable.length; i++) {
            nullable[i] = rowType.typeAt(i).nullable();
            any |= groups[i] != null;
        }
        this.hasGroups = any;
        this.updatedSequenceFields = new boolean[nullable.length];
        this.result = new AccumulatedRecord(nullable.length);
    }

    @Override
    public void reset() {
        result.clear();
        latestSequenceNumber = 0;
        deleted = false;
        filled = false;
        meetInsert = false;
        for (FieldAggregator a : aggregators) {
            if (a != null) {
                a.reset();
            }
        }
    }

    @Override
    public void add(MergedRecord record) {
        deleted = false;
        Row value = record.value();
        if (!record.kind().isAdd()) {
            if (!filled) {
                initRow(value);
                filled = true;
            }
            // Files of Paimon 0.7 and older may hold deletes although ignore-delete was set.
            if (ignoreDelete) {
                return;
            }
            latestSequenceNumber = record.sequenceNumber();
            if (hasGroups) {
                retractWithSequenceGroups(value, record.kind());
            } else if (removeRecordOnDelete) {
                if (record.kind() == RowKind.DELETE) {
                    deleted = true;
                    initRow(value);
                }
            } else {
                throw new IllegalStateException("merge-engine 'partial-update' cannot accept "
                        + record.kind().shortString() + " records: set 'ignore-delete', or "
                        + "'partial-update.remove-record-on-delete', or sequence groups "
                        + "('fields.<field>.sequence-group', with 'partial-update.remove-record-on-sequence-group')");
            }
            return;
        }
        latestSequenceNumber = record.sequenceNumber();
        if (hasGroups) {
            updateWithSequenceGroups(value);
        } else {
            updateNonNullFields(value);
        }
        meetInsert = true;
        filled = true;
    }

    private Object get(Row row, int i) {
        return RowValues.get(row, i, rowType.typeAt(i));
    }

    private void updateNonNullFields(Row value) {
        GenericRow row = result.row();
        for (int i = 0; i < nullable.length; i++) {
            if (!readFields[i]) {
                continue;
            }
            if (!value.isNullAt(i)) {
                row.set(i, get(value, i));
            } else if (!nullable[i]) {
                throw notNull(i);
            }
        }
    }

    private void updateWithSequenceGroups(Row value) {
        GenericRow row = result.row();
        for (int i = 0; i < nullable.length; i++) {
            if (!readFields[i]) {
                continue;
            }
            SequenceGroup group = groups[i];
            FieldAggregator aggregator = aggregators[i];
            if (group == null) {
                Object field = get(value, i);
                if (aggregator != null) {
                    row.set(i, aggregator.agg(row.get(i), field));
                } else if (field != null) {
                    row.set(i, field);
                }
                continue;
            }
            if (group.isEmptyIn(value)) {
                continue;
            }
            if (group.order().compare(value, row) >= 0) {
                if (group.isSequenceField(i)) {
                    // All sequence fields of a group move together.
                    for (int f : group.sequenceFields()) {
                        row.set(f, get(value, f));
                    }
                } else {
                    Object field = get(value, i);
                    row.set(i, aggregator == null ? field : aggregator.agg(row.get(i), field));
                }
            } else if (aggregator != null) {
                row.set(i, aggregator.aggReversed(row.get(i), get(value, i)));
            }
        }
    }

    private void retractWithSequenceGroups(Row value, RowKind kind) {
        GenericRow row = result.row();
        Arrays.fill(updatedSequenceFields, false);
        for (int i = 0; i < nullable.length; i++) {
            SequenceGroup group = groups[i];
            if (group == null || !readFields[i] || group.isEmptyIn(value)) {
                continue;
            }
            FieldAggregator aggregator = aggregators[i];
            if (group.order().compare(value, row) >= 0) {
                if (group.isSequenceField(i)) {
                    for (int f : group.sequenceFields()) {
                        if (updatedSequenceFields[f]) {
                            continue;
                        }
                        if (kind == RowKind.DELETE && removeRecordOnSequenceField[f]) {
                            deleted = true;
                            initRow(value);
                            return;
                        }
                        row.set(f, get(value, f));
                        updatedSequenceFields[f] = true;
                    }
                } else {
                    row.set(i, aggregator == null ? null : aggregator.retract(row.get(i), get(value, i)));
                }
            } else if (aggregator != null) {
                row.set(i, aggregator.retract(row.get(i), get(value, i)));
            }
        }
    }

    private void initRow(Row value) {
        GenericRow row = result.row();
        for (int i = 0; i < nullable.length; i++) {
            if (!readFields[i]) {
                continue;
            }
            if (!nullable[i] && value.isNullAt(i)) {
                throw notNull(i);
            }
            row.set(i, get(value, i));
        }
    }

    private IllegalStateException notNull(int i) {
        return new IllegalStateException("merge-engine 'partial-update': field '" + rowType.field(i).name()
                + "' is NOT NULL but a record holds null");
    }

    @Override
    public MergedRecord result() {
        return result.set(deleted || !meetInsert ? RowKind.DELETE : RowKind.INSERT, latestSequenceNumber);
    }
}
