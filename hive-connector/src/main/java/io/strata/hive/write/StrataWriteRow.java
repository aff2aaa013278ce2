package io.strata.hive.write;

import io.strata.data.GenericRow;
import java.io.DataInput;
import java.io.DataOutput;
import org.apache.hadoop.io.Writable;

/**
 * The value the Strata SerDe hands to the record writer for one row Hive inserts: the row converted by
 * {@link HiveRowConverter}, in table column positions. The SerDe may reuse one instance for every row: the
 * record writer takes the row out before the SerDe is called again. Rows go from the SerDe to the writer
 * in the same task, so the Writable methods are not supported.
 */
public final class StrataWriteRow implements Writable {

    private GenericRow row;
    private Object hiveRow;
    private DynamicPartitionValues dynamicValues;

    /** An empty holder; {@link #set} gives it a row. */
    public StrataWriteRow() {}

    /** Holds {@code row} (replacing the previous one), without dynamic partition values. */
    public void set(GenericRow row) {
        set(row, null, null);
    }

    /**
     * Holds {@code row} and, for a table partitioned in the metastore written with dynamic partitions, where
     * Hive hands the SerDe the row without its partition values, Hive's row with them ({@code hiveRow}) and
     * how to read them ({@code dynamicValues}, null when Hive gave none).
     */
    public void set(GenericRow row, Object hiveRow, DynamicPartitionValues dynamicValues) {
        this.row = row;
        this.hiveRow = hiveRow;
        this.dynamicValues = dynamicValues;
    }

    /** Hive's row of {@link #dynamicValues()}, or null. */
    public Object hiveRow() {
        return hiveRow;
    }

    /** How to read the dynamic partition values from {@link #hiveRow()}, or null when the row has none. */
    public DynamicPartitionValues dynamicValues() {
        return dynamicValues;
    }

    /** The row, in table column positions with Strata's internal values; null before the first {@link #set}. */
    public GenericRow row() {
        return row;
    }

    @Override
    public void write(DataOutput out) {
        throw new UnsupportedOperationException("Strata rows go from the SerDe to the record writer in place, never serialized");
    }

    @Override
    public void readFields(DataInput in) {
        throw new UnsupportedOperationException("Strata rows go from the SerDe to the record writer in place, never serialized");
    }

    @Override
    public String toString() {
        return String.valueOf(row);
    }
}
