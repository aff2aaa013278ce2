package io.strata.types;

import io.strata.api.PublicApi;
import java.util.Objects;

/** A multiset (bag) of elements; stored as a map from element to its count. */
@PublicApi
public record MultisetType(DataType element, boolean nullable) implements DataType {

    public MultisetType {
        Objects.requireNonNull(element, "element");
    }

    @Override
    public TypeRoot root() {
        return TypeRoot.MULTISET;
    }

    @Override
    public MultisetType withNullable(boolean nullable) {
        return new MultisetType(element, nullable);
    }

    @Override
    public String asSqlString() {
        return "MULTISET<" + element.asSqlString() + ">" + nullSuffix();
    }

    @Override
    public String toString() {
        return asSqlString();
    }
}
