package io.strata.types;

import io.strata.api.PublicApi;

/**
 * A Paimon data type: a kind plus its parameters and nullability.
 *
 * <p>Types are immutable values; two types are equal when kind, parameters and nullability are
 * equal. {@link #asSqlString()} prints the type exactly as Paimon's schema files spell it.
 */
@PublicApi
public sealed interface DataType permits AtomicType, ArrayType, MapType, MultisetType, RowType {

    /** The kind of this type. */
    TypeRoot root();

    /** Whether this type admits null. */
    boolean nullable();

    /** This type with the given nullability. */
    DataType withNullable(boolean nullable);

    /** The type as Paimon writes it in a schema file, e.g. {@code DECIMAL(10, 2) NOT NULL}. */
    String asSqlString();

    /** The suffix Paimon appends to a non-nullable type. */
    default String nullSuffix() {
        return nullable() ? "" : " NOT NULL";
    }
}
