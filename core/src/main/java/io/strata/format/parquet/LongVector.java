package io.strata.format.parquet;

import io.strata.data.Decimal;
import io.strata.types.AtomicType;
import io.strata.types.TypeRoot;
import java.util.Arrays;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.parquet.column.ColumnReader;

/** Values of an INT64 column that is not a timestamp: BIGINT and DECIMAL(p <= 18). */
final class LongVector extends LeafVector {

    private final int fileScale;
    private long[] values = new long[0];
    /** Hive's vector over {@link #values} when they are exactly the read type's (BIGINT, DECIMAL_64), else null. */
    private LongColumnVector shared;

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
    void shareAs(AtomicType readType) {
        if (readType.root() == TypeRoot.BIGINT && fileScale == 0) {
            shared = new LongColumnVector(0);
        } else if (readType.root() == TypeRoot.DECIMAL && readType.scale() == fileScale
                && readType.precision() <= Decimal.MAX_COMPACT_PRECISION) {
            // Hive's DECIMAL_64 layout: the unscaled longs at the column's scale, which is the file's.
            shared = new Decimal64ColumnVector(0, readType.precision(), readType.scale());
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
