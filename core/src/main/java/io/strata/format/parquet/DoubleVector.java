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
    void read(ColumnReader reader, int slot) {
        values[slot] = reader.getDouble();
    }

    @Override
    public double getDouble(int i) {
        return values[i];
    }
}
