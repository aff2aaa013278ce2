package io.strata.format;

import io.strata.api.PublicApi;
import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;

/**
 * One column of a batch read from a data file. Each format adapts its own vectors (ORC's
 * {@code ColumnVector}s, Parquet's decoded pages) to this interface without copying values; a
 * getter is only called for the type the column has. Nested columns expose their children through
 * {@link #getArray}, {@link #getMap} and {@link #getRow}.
 */
@PublicApi
public interface ColumnVector {

    boolean isNullAt(int i);

    default boolean getBoolean(int i) {
        throw unsupported("BOOLEAN");
    }

    default byte getByte(int i) {
        throw unsupported("TINYINT");
    }

    default short getShort(int i) {
        throw unsupported("SMALLINT");
    }

    default int getInt(int i) {
        throw unsupported("INT");
    }

    default long getLong(int i) {
        throw unsupported("BIGINT");
    }

    default float getFloat(int i) {
        throw unsupported("FLOAT");
    }

    default double getDouble(int i) {
        throw unsupported("DOUBLE");
    }

    default Utf8String getString(int i) {
        throw unsupported("STRING");
    }

    default byte[] getBinary(int i) {
        throw unsupported("BYTES");
    }

    default Decimal getDecimal(int i, int precision, int scale) {
        throw unsupported("DECIMAL");
    }

    default Timestamp getTimestamp(int i, int precision) {
        throw unsupported("TIMESTAMP");
    }

    default ArrayData getArray(int i) {
        throw unsupported("ARRAY");
    }

    default MapData getMap(int i) {
        throw unsupported("MAP");
    }

    default Row getRow(int i) {
        throw unsupported("ROW");
    }

    /**
     * The ORC (Hive storage-api) vector that holds exactly this column's values for the current batch, in
     * the layout Hive's vectorized operators read, when the format decoded the column into one without any
     * conversion (a flat column of the read type, or an integer read as a wider integer); null otherwise.
     * An engine that works on such vectors may use it instead of copying the values; it is refilled with
     * the next batch.
     */
    default org.apache.hadoop.hive.ql.exec.vector.ColumnVector storageVector() {
        return null;
    }

    private UnsupportedOperationException unsupported(String type) {
        return new UnsupportedOperationException(getClass().getSimpleName() + " cannot be read as " + type);
    }

    /** A column of nulls: a field the file does not have (added by schema evolution after it was written). */
    ColumnVector NULLS = i -> true;
}
