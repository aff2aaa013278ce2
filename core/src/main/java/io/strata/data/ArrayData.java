package io.strata.data;

import io.strata.api.PublicApi;

/** An array value: typed element access like {@link Row}, by index. */
@PublicApi
public interface ArrayData {

    int size();

    boolean isNullAt(int i);

    boolean getBoolean(int i);

    byte getByte(int i);

    short getShort(int i);

    int getInt(int i);

    long getLong(int i);

    float getFloat(int i);

    double getDouble(int i);

    Utf8String getString(int i);

    Decimal getDecimal(int i, int precision, int scale);

    Timestamp getTimestamp(int i, int precision);

    byte[] getBinary(int i);

    ArrayData getArray(int i);

    MapData getMap(int i);

    Row getRow(int i, int arity);
}
