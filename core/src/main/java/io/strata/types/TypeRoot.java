package io.strata.types;

import io.strata.api.PublicApi;

/** The kinds of Paimon data types. The parameters of a kind (length, precision, scale) live on the type. */
@PublicApi
public enum TypeRoot {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INT,
    BIGINT,
    FLOAT,
    DOUBLE,
    DECIMAL,
    CHAR,
    VARCHAR,
    BINARY,
    VARBINARY,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMP_WITH_LOCAL_TIME_ZONE,
    ARRAY,
    MAP,
    MULTISET,
    ROW;

    /** Whether values of this kind are compared and hashed as strings (UTF-8). */
    public boolean isCharacterString() {
        return this == CHAR || this == VARCHAR;
    }

    /** Whether values of this kind are byte arrays. */
    public boolean isBinaryString() {
        return this == BINARY || this == VARBINARY;
    }

    /** Whether this kind holds other types. */
    public boolean isNested() {
        return this == ARRAY || this == MAP || this == MULTISET || this == ROW;
    }
}
