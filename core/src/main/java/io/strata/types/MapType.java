package io.strata.types;

import io.strata.api.PublicApi;
import java.util.Objects;

/** A map from keys of one type to values of another. */
@PublicApi
public record MapType(DataType key, DataType value, boolean nullable) implements DataType {

    public MapType {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
    }

    @Override
    public TypeRoot root() {
        return TypeRoot.MAP;
    }

    @Override
    public MapType withNullable(boolean nullable) {
        return new MapType(key, value, nullable);
    }

    @Override
    public String asSqlString() {
        return "MAP<" + key.asSqlString() + ", " + value.asSqlString() + ">" + nullSuffix();
    }

    @Override
    public String toString() {
        return asSqlString();
    }
}
