package io.strata.hive;

import io.strata.data.Row;
import java.io.DataInput;
import java.io.DataOutput;
import java.util.Arrays;
import org.apache.hadoop.io.Writable;

/**
 * The value a {@link StrataRecordReader} hands to Hive: the current row (a view valid until the next
 * one) and where each table column sits in it. Rows are never serialized: the SerDe reads them in
 * the same task, so the Writable methods are not supported.
 */
public final class StrataRowWritable implements Writable {

    /** For each table column position, its position in {@link #row()}, or -1 when it was not read. */
    private final int[] rowPositionOfColumn;
    private Row row;

    StrataRowWritable(int tableArity, int[] readColumns) {
        this.rowPositionOfColumn = new int[tableArity];
        Arrays.fill(rowPositionOfColumn, -1);
        for (int i = 0; i < readColumns.length; i++) {
            rowPositionOfColumn[readColumns[i]] = i;
        }
    }

    void set(Row current) {
        this.row = current;
    }

    /** The current row. */
    public Row row() {
        return row;
    }

    /** The position of a table column in {@link #row()}, or -1 if the query does not read it. */
    public int rowPosition(int tableColumn) {
        return tableColumn < rowPositionOfColumn.length ? rowPositionOfColumn[tableColumn] : -1;
    }

    @Override
    public void write(DataOutput out) {
        throw new UnsupportedOperationException("Strata rows are read in place, never serialized");
    }

    @Override
    public void readFields(DataInput in) {
        throw new UnsupportedOperationException("Strata rows are read in place, never serialized");
    }
}
