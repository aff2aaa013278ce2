package io.strata.format.parquet;

import io.strata.data.Decimal;
import io.strata.types.AtomicType;
import java.math.BigDecimal;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.parquet.column.ColumnReader;

/** A vector of a primitive Parquet column, filled value by value from a column reader. */
abstract class LeafVector extends HeapVector {

    /** Decodes the reader's current value into {@code slot}. */
    abstract void read(ColumnReader reader, int slot);

    /**
     * Whether {@link #decode} can fill this vector from whole pages of its column; when not, the column
     * is read value by value through parquet-column's column reader.
     */
    boolean decodesPages() {
        return true;
    }

    /**
     * Fills slots {@code [first, first + count)}, whose null flags are set and {@code nonNull} of which
     * are not null, with the next {@code nonNull} values of the page.
     */
    abstract void decode(PageValues values, int first, int count, int nonNull);

    /**
     * Called once with the type the column is read as: a vector whose values are exactly that type's values
     * in the layout of Hive's storage-api vectors may then hand them out through {@link #storageVector()}
     * without a copy, as ORC's reader does. Most vectors cannot.
     */
    void shareAs(AtomicType readType) {
    }

    /** Points a storage-api vector at this batch's null flags; true values are the caller's to point at. */
    final <V extends ColumnVector> V shareNulls(V shared) {
        shared.isNull = nulls;
        shared.isRepeating = false;
        boolean noNulls = true;
        for (int i = 0, n = size(); i < n && noNulls; i++) {
            noNulls = !nulls[i];
        }
        shared.noNulls = noNulls;
        return shared;
    }

    /** Rescales an unscaled decimal read with the file's scale to the scale asked for. */
    static Decimal decimal(long unscaled, int fileScale, int precision, int scale) {
        if (fileScale == scale) {
            return Decimal.fromUnscaledLong(unscaled, precision, scale);
        }
        return Decimal.fromBigDecimal(BigDecimal.valueOf(unscaled, fileScale), precision, scale);
    }
}
