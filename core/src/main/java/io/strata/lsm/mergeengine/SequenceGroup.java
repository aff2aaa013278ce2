package io.strata.lsm.mergeengine;

import io.strata.data.Row;
import java.util.Comparator;

/**
 * A partial-update sequence group ({@code fields.<seq fields>.sequence-group = <fields>}): the fields it
 * protects are updated only by records whose sequence fields are not older than the accumulator's.
 *
 * @param index position of the group among the table's groups
 * @param sequenceFields table positions of the group's sequence fields
 * @param order ascending order of two rows on the sequence fields, nulls first
 */
record SequenceGroup(int index, int[] sequenceFields, Comparator<Row> order) {

    /** Whether a table position is one of the group's sequence fields. */
    public boolean isSequenceField(int position) {
        for (int f : sequenceFields) {
            if (f == position) {
                return true;
            }
        }
        return false;
    }

    /** Whether the row has no value in any sequence field: such a record does not touch the group. */
    public boolean isEmptyIn(Row row) {
        for (int f : sequenceFields) {
            if (!row.isNullAt(f)) {
                return false;
            }
        }
        return true;
    }
}
