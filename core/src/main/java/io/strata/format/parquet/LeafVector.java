package io.strata.format.parquet;

import org.apache.parquet.column.ColumnReader;

/** A vector of a primitive Parquet column, filled value by value from a column reader. */
abstract class LeafVector extends HeapVector {

    /** Decodes the reader's current value into {@code slot}. */
    abstract void read(ColumnReader reader, int slot);

    /** Rescales an unscaled decimal read with the file's scale to the scale asked for. */
    static io.strata.data.Decimal decimal(long unscaled, int fileScale, int precision, int scale) {
        if (fileScale == scale) {
            return io.strata.data.Decimal.fromUnscaledLong(unscaled, precision, scale);
        }
        return io.strata.data.Decimal.fromBigDecimal(java.math.BigDecimal.valueOf(unscaled, fileScale), precision, scale);
    }
}
