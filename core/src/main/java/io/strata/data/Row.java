package io.strata.data;

import io.strata.api.PublicApi;

/**
 * A row of typed fields, read without boxing. Implementations are often views over a columnar
 * batch or a byte buffer and are valid only until the source advances; a caller that must keep a
 * row copies it (for example with {@link GenericRow#copyOf}).
 *
 * <p>Values by type: BOOLEAN {@code getBoolean}; TINYINT {@code getByte}; SMALLINT {@code getShort};
 * INT, DATE (epoch days), TIME (millis of day) {@code getInt}; BIGINT {@code getLong}; FLOAT, DOUBLE;
 * CHAR, VARCHAR {@code getString}; BINARY, VARBINARY {@code getBinary}; DECIMAL {@code getDecimal};
 * TIMESTAMP, TIMESTAMP WITH LOCAL TIME ZONE {@code getTimestamp}; ARRAY, MAP, ROW their own views.
 */
@PublicApi
public interface Row {

    int arity();

    RowKind kind();

    boolean isNullAt(int pos);

    boolean getBoolean(int pos);

    byte getByte(int pos);

    short getShort(int pos);

    int getInt(int pos);

    long getLong(int pos);

    float getFloat(int pos);

    double getDouble(int pos);

    Utf8String getString(int pos);

    Decimal getDecimal(int pos, int precision, int scale);

    Timestamp getTimestamp(int pos, int precision);

    byte[] getBinary(int pos);

    ArrayData getArray(int pos);

    MapData getMap(int pos);

    Row getRow(int pos, int arity);
}
