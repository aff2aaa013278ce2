package io.strata.format.parquet;

import io.strata.data.Decimal;
import java.util.Arrays;
import org.apache.parquet.column.ColumnReader;

/**
 * Values of an INT32 column: TINYINT, SMALLINT, INT, DATE, TIME and DECIMAL(p <= 9). Readable as any
 * wider numeric type, which is how a column whose type was widened by schema evolution is read.
 */
final class IntVector extends LeafVector {

    private final int fileScale;
    private int[] values = new int[0];

    IntVector(int fileScale) {
        this.fileScale = fileScale;
    }

    @Override
    void growValues(int capacity) {
        values = Arrays.copyOf(values, capacity);
    }

    @Override
    void decode(PageValues source, int first, int count, int nonNull) {
        source.readInts(values, first, nonNull);
        spread(values, nulls, first, count, nonNull);
    }

    @Override
    void read(ColumnReader reader, int slot) {
        values[slot] = reader.getInteger();
    }

    @Override
    public byte getByte(int i) {
        return (byte) values[i];
    }

    @Override
    public short getShort(int i) {
        return (short) values[i];
    }

    @Override
    public int getInt(int i) {
        return values[i];
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
