package io.strata.format.parquet;

import java.util.Arrays;
import org.apache.parquet.column.ColumnReader;

/** DOUBLE values. */
final class DoubleVector extends LeafVector {

    private double[] values = new double[0];

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
    public double getDouble(int i) {
        return values[i];
    }
}
