package io.strata.format.orc;

import io.strata.data.Decimal;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;

/**
 * DECIMAL columns. The reader only admits a read type whose scale and integer digits are at least the
 * file's, so rescaling never rounds or overflows.
 */
final class OrcDecimalColumn extends OrcColumn {

    private final DecimalColumnVector vector;

    OrcDecimalColumn(DecimalColumnVector vector) {
        super(vector);
        this.vector = vector;
    }

    @Override
    public Decimal getDecimal(int i, int precision, int scale) {
        HiveDecimalWritable value = vector.vector[index(i)];
        if (Decimal.isCompact(precision)) {
            // The unscaled long at the wanted scale, without a BigDecimal.
            return Decimal.fromUnscaledLong(value.serialize64(scale), precision, scale);
        }
        return Decimal.fromBigDecimal(value.getHiveDecimal().bigDecimalValue(), precision, scale);
    }
}
