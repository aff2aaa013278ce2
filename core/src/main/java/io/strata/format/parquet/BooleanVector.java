package io.strata.format.parquet;

import java.util.Arrays;
import org.apache.parquet.column.ColumnReader;

/** BOOLEAN values. */
final class BooleanVector extends LeafVector {

    private boolean[] values = new boolean[0];

    @Override
    void growValues(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void decode(PageValues source, int first, int count, int nonNull) {
        source.readBooleans(values, first, nonNull);
        spread(values, nulls, first, count, nonNull);
    }

    @Override
    void read(ColumnReader reader, int slot) {
        values[slot] = reader.getBoolean();
    }

    @Override
    public boolean getBoolean(int i) {
        return values[i];
    }
}
