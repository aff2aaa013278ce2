package io.strata.types;

import io.strata.api.PublicApi;
import java.util.Objects;

/** An array of elements of one type. */
@PublicApi
public record ArrayType(DataType element, boolean nullable) implements DataType {

    public ArrayType {
        Objects.requireNonNull(element, "element");
    }

    @Override
    public TypeRoot root() {
        return TypeRoot.ARRAY;
    }

    @Override
    public ArrayType withNullable(boolean nullable) {
        return new ArrayType(element, nullable);
    }

    @Override
    public String asSqlString() {
        return "ARRAY<" + element.asSqlString() + ">" + nullSuffix();
    }

    @Override
    public String toString() {
        return asSqlString();
    }
}
