package io.strata.types;

import io.strata.api.PublicApi;
import java.util.List;

/** Factory methods for data types, nullable unless noted. */
@PublicApi
public final class DataTypes {

    private DataTypes() {}

    public static AtomicType BOOLEAN() { return new AtomicType(TypeRoot.BOOLEAN, 0, 0, true); }

    public static AtomicType TINYINT() { return new AtomicType(TypeRoot.TINYINT, 0, 0, true); }

    public static AtomicType SMALLINT() { return new AtomicType(TypeRoot.SMALLINT, 0, 0, true); }

    public static AtomicType INT() { return new AtomicType(TypeRoot.INT, 0, 0, true); }

    public static AtomicType BIGINT() { return new AtomicType(TypeRoot.BIGINT, 0, 0, true); }

    public static AtomicType FLOAT() { return new AtomicType(TypeRoot.FLOAT, 0, 0, true); }

    public static AtomicType DOUBLE() { return new AtomicType(TypeRoot.DOUBLE, 0, 0, true); }

    public static AtomicType DECIMAL(int precision, int scale) { return new AtomicType(TypeRoot.DECIMAL, precision, scale, true); }

    public static AtomicType CHAR(int length) { return new AtomicType(TypeRoot.CHAR, length, 0, true); }

    public static AtomicType VARCHAR(int length) { return new AtomicType(TypeRoot.VARCHAR, length, 0, true); }

    public static AtomicType STRING() { return VARCHAR(AtomicType.MAX_LENGTH); }

    public static AtomicType BINARY(int length) { return new AtomicType(TypeRoot.BINARY, length, 0, true); }

    public static AtomicType VARBINARY(int length) { return new AtomicType(TypeRoot.VARBINARY, length, 0, true); }

    public static AtomicType BYTES() { return VARBINARY(AtomicType.MAX_LENGTH); }

    public static AtomicType DATE() { return new AtomicType(TypeRoot.DATE, 0, 0, true); }

    public static AtomicType TIME(int precision) { return new AtomicType(TypeRoot.TIME, precision, 0, true); }

    public static AtomicType TIMESTAMP(int precision) { return new AtomicType(TypeRoot.TIMESTAMP, precision, 0, true); }

    public static AtomicType TIMESTAMP_LTZ(int precision) {
        return new AtomicType(TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE, precision, 0, true);
    }

    public static ArrayType ARRAY(DataType element) { return new ArrayType(element, true); }

    public static MapType MAP(DataType key, DataType value) { return new MapType(key, value, true); }

    public static RowType ROW(DataField... fields) { return new RowType(List.of(fields), true); }

    /** A field with the given id, name and type. */
    public static DataField FIELD(int id, String name, DataType type) { return new DataField(id, name, type); }
}
