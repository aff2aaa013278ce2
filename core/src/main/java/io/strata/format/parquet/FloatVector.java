package io.strata.format.parquet;

import java.util.Arrays;
import org.apache.parquet.column.ColumnReader;

/** FLOAT values, readable as DOUBLE. */
final class FloatVector extends LeafVector {

    private float[] values = new float[0];

    @Override
    void growValues(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void decode(PageValues source, int first, int count, int nonNull) {
        source.readFloats(values, first, nonNull);
        spread(values, nulls, first, count, nonNull);
    }

    @Override
    void read(ColumnReader reader, int slot) {
        values[slot] = reader.getFloat();
    }

    @Override
    public float getFloat(int i) {
        return values[i];
    }

    @Override
    public double getDouble(int i) {
        return values[i];
    }
}
