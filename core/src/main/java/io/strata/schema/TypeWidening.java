package io.strata.schema;

import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.TypeRoot;

/**
 * Which column type changes are safe: every value already stored must read back, unchanged, as the new
 * type. Everything else would need a rewrite of the data, so it is rejected.
 */
final class TypeWidening {

    private TypeWidening() {}

    /** Fails, naming the column and both types, unless {@code to} safely widens {@code from}. */
    static void check(String column, DataType from, DataType to) {
        if (from.nullable() && !to.nullable()) {
            throw rejected(column, from, to, "a nullable column cannot become NOT NULL (stored nulls would break it)");
        }
        if (from.withNullable(true).equals(to.withNullable(true))) {
            return;
        }
        if (!(from instanceof AtomicType a) || !(to instanceof AtomicType b)) {
            throw rejected(column, from, to, "nested types cannot change");
        }
        if (!widens(a, b)) {
            throw rejected(column, from, to, "supported: TINYINT -> SMALLINT -> INT -> BIGINT, integers and FLOAT "
                    + "-> DOUBLE, longer VARCHAR/VARBINARY, CHAR -> VARCHAR of at least its length, "
                    + "DECIMAL of higher precision and the same scale");
        }
    }

    private static boolean widens(AtomicType a, AtomicType b) {
        TypeRoot from = a.root();
        TypeRoot to = b.root();
        switch (from) {
            case TINYINT, SMALLINT, INT, BIGINT:
                if (to == TypeRoot.DOUBLE) {
                    return true;
                }
                return integerRank(to) > integerRank(from);
            case FLOAT:
                return to == TypeRoot.DOUBLE;
            case VARCHAR, CHAR:
                return to == TypeRoot.VARCHAR && b.length() >= a.length();
            case VARBINARY:
                return to == TypeRoot.VARBINARY && b.length() >= a.length();
            case DECIMAL:
                return to == TypeRoot.DECIMAL && b.scale() == a.scale() && b.precision() >= a.precision();
            default:
                return false;
        }
    }

    private static int integerRank(TypeRoot root) {
        return switch (root) {
            case TINYINT -> 1;
            case SMALLINT -> 2;
            case INT -> 3;
            case BIGINT -> 4;
            default -> -1;
        };
    }

    private static IllegalArgumentException rejected(String column, DataType from, DataType to, String why) {
        return new IllegalArgumentException("Cannot change the type of column '" + column + "' from "
                + from.asSqlString() + " to " + to.asSqlString() + ": " + why);
    }
}
