package io.strata.format;

import io.strata.predicate.LeafPredicate;
import io.strata.types.DataField;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;

/**
 * Which leaves of a skip filter a format may judge by its statistics: comparisons, IN and null tests of an
 * integer field of the read type, with integer literals. Integer statistics compare exactly as Strata compares
 * the field; other types (strings by their bytes, decimals, timestamps, floating point) may not, so formats
 * leave them to the caller's row filter.
 */
public final class IntegerSkipLeaves {

    private IntegerSkipLeaves() {}

    /** The read type's field the leaf tests when a format may judge the leaf by integer statistics, else null. */
    public static DataField field(LeafPredicate leaf, RowType readType) {
        switch (leaf.function()) {
            case NOT_EQUAL, NOT_IN -> {
                return null; // statistics rarely rule these out, and a NOT over null-bearing ranges is subtle
            }
            default -> {
                // Judged below.
            }
        }
        TypeRoot root = leaf.type().root();
        if (root != TypeRoot.TINYINT && root != TypeRoot.SMALLINT && root != TypeRoot.INT && root != TypeRoot.BIGINT) {
            return null;
        }
        for (Object literal : leaf.literals()) {
            if (!(literal instanceof Byte || literal instanceof Short || literal instanceof Integer
                    || literal instanceof Long)) {
                return null;
            }
        }
        int index = readType.indexOf(leaf.fieldName());
        return index < 0 ? null : readType.field(index);
    }
}
