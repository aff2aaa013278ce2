package io.strata.format.orc;

import io.strata.data.Decimal;
import java.math.BigDecimal;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;

/**
 * DECIMAL columns of at most 18 digits, which ORC decodes straight into unscaled longs at the file
 * column's scale (no {@code HiveDecimalWritable} per value, which is most of the cost of reading a
 * decimal). The reader only admits a read type whose scale and integer digits are at least the file's,
 * so rescaling multiplies by a power of ten and never rounds or overflows.
 */
final class OrcDecimal64Column extends OrcColumn {

    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private final Decimal64ColumnVector vector;
    private final int fileScale;

    OrcDecimal64Column(Decimal64ColumnVector vector, int fileScale) {
        super(vector);
        this.vector = vector;
        this.fileScale = fileScale;
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        long unscaled = vector.vector[index(i)];
        if (Decimal.isCompact(precision) && scale >= fileScale) {
            // A compact read type has at most 18 digits, so the rescaled value still fits a long.
            return Decimal.fromUnscaledLong(unscaled * POWERS_OF_TEN[scale - fileScale], precision, scale);
        }
        return Decimal.fromBigDecimal(BigDecimal.valueOf(unscaled, fileScale), precision, scale);
    }
}
