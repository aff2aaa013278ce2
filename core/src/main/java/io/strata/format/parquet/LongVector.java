package io.strata.format.parquet;

import io.strata.data.Decimal;
import java.util.Arrays;
import org.apache.parquet.column.ColumnReader;

/** Values of an INT64 column that is not a timestamp: BIGINT and DECIMAL(p <= 18). */
final class LongVector extends LeafVector {

    private final int fileScale;
    private long[] values = new long[0];

    LongVector(int fileScale) {
        this.fileScale = fileScale;
    }

    @Override
    void growValues(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void decode(PageValues source, int first, int count, int nonNull) {
        source.readLongs(values, first, nonNull);
        spread(values, nulls, first, count, nonNull);
    }

    @Override
    void read(ColumnReader reader, int slot) {
        values[slot] = reader.getLong();
    }

    @Override
    public long getLong(int i) {
        return values[i];
    }

    @Override
    public float getFloat(int i) {
        return values[i];
    }

    @Override
    public double getDouble(int i) {
        return values[i];
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        return decimal(values[i], fileScale, precision, scale);
    }
}
