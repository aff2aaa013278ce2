package io.strata.types;

import io.strata.api.PublicApi;
import java.util.Objects;

/**
 * A type that holds no other type: numbers, strings, binary strings, dates and times.
 *
 * @param root the kind
 * @param length length for CHAR/VARCHAR/BINARY/VARBINARY, precision for DECIMAL/TIME/TIMESTAMP*,
 *     0 otherwise
 * @param scale scale for DECIMAL, 0 otherwise
 * @param nullable whether null is admitted
 */
@PublicApi
public record AtomicType(TypeRoot root, int length, int scale, boolean nullable) implements DataType {

    /** Length of STRING (VARCHAR) and BYTES (VARBINARY). */
    public static final int MAX_LENGTH = Integer.MAX_VALUE;

    public AtomicType {
        Objects.requireNonNull(root, "root");
        if (root.isNested()) {
            throw new IllegalArgumentException("Not an atomic type: " + root);
        }
        if (root == TypeRoot.DECIMAL && (length < 1 || length > 38 || scale < 0 || scale > length)) {
            throw new IllegalArgumentException(
                    "DECIMAL precision must be 1..38 and scale 0..precision, got DECIMAL(" + length + ", " + scale + ")");
        }
        if ((root == TypeRoot.TIMESTAMP || root == TypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE || root == TypeRoot.TIME)
                && (length < 0 || length > 9)) {
            throw new IllegalArgumentException(root + " precision must be 0..9, got " + length);
        }
        if ((root.isCharacterString() || root.isBinaryString()) && length < 1) {
            throw new IllegalArgumentException(root + " length must be at least 1, got " + length);
        }
    }

    /** The precision of a DECIMAL, TIME or TIMESTAMP type. */
    public int precision() {
        return length;
    }

    @Override
    public AtomicType withNullable(boolean nullable) {
        return new AtomicType(root, length, scale, nullable);
    }

    @Override
    public String asSqlString() {
        String body =
                switch (root) {
                    case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE -> root.name();
                    case DECIMAL -> "DECIMAL(" + length + ", " + scale + ")";
                    case CHAR -> "CHAR(" + length + ")";
                    case VARCHAR -> length == MAX_LENGTH ? "STRING" : "VARCHAR(" + length + ")";
                    case BINARY -> "BINARY(" + length + ")";
                    case VARBINARY -> length == MAX_LENGTH ? "BYTES" : "VARBINARY(" + length + ")";
                    case TIME -> "TIME(" + length + ")";
                    case TIMESTAMP -> "TIMESTAMP(" + length + ")";
                    case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "TIMESTAMP(" + length + ") WITH LOCAL TIME ZONE";
                    case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException(root.name());
                };
        return body + nullSuffix();
    }

    @Override
    public String toString() {
        return asSqlString();
    }
}
