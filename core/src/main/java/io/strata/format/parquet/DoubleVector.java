package io.strata.format.parquet;

import io.strata.types.AtomicType;
import io.strata.types.TypeRoot;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import java.util.Arrays;
import org.apache.parquet.column.ColumnReader;

/** DOUBLE values. */
final class DoubleVector extends LeafVector {

    private double[] values = new double[0];
    /** Hive's vector over {@link #values} when the column is read as DOUBLE, else null. */
    private DoubleColumnVector shared;

    @Override
    void growValues(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void decode(PageValues source, int first, int count, int nonNull) {
        source.readDoubles(values, first, nonNull);
        spread(values, nulls, first, count, nonNull);
    }

    @Override
    void read(ColumnReader reader, int slot) {
        values[slot] = reader.getDouble();
    }

    @Override
    void shareAs(AtomicType readType) {
        if (readType.root() == TypeRoot.DOUBLE) {
            shared = new DoubleColumnVector(0);
        }
    }

    @Override
    public ColumnVector storageVector() {
        if (shared == null) {
            return null;
        }
        shared.vector = values;
        return shareNulls(shared);
    }

    @Override
    public double getDouble(int i) {
        return values[i];
    }
}
