package io.strata.predicate;

import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.types.DataType;
import java.util.List;
import java.util.Set;

/**
 * A comparison of one field with literals of the field's internal value class (Integer, Long,
 * Utf8String, Decimal, Timestamp, ...).
 */
public record LeafPredicate(LeafFunction function, int index, String fieldName, DataType type, List<Object> literals)
        implements Predicate {

    @Override
    public boolean test(Row row) {
        boolean isNull = row.isNullAt(index);
        return switch (function) {
            case IS_NULL -> isNull;
            case IS_NOT_NULL -> !isNull;
            default -> !isNull && testValue(row);
        };
    }

    private boolean testValue(Row row) {
        return switch (function) {
            case EQUAL -> compareField(row, literals.get(0)) == 0;
            case NOT_EQUAL -> compareField(row, literals.get(0)) != 0;
            case LESS_THAN -> compareField(row, literals.get(0)) < 0;
            case LESS_OR_EQUAL -> compareField(row, literals.get(0)) <= 0;
            case GREATER_THAN -> compareField(row, literals.get(0)) > 0;
            case GREATER_OR_EQUAL -> compareField(row, literals.get(0)) >= 0;
            case IN -> {
                for (Object l : literals) {
                    if (l != null && compareField(row, l) == 0) {
                        yield true;
                    }
                }
                yield false;
            }
            case NOT_IN -> {
                for (Object l : literals) {
                    if (l == null || compareField(row, l) == 0) {
                        yield false;
                    }
                }
                yield true;
            }
            case IS_NULL, IS_NOT_NULL -> throw new IllegalStateException();
        };
    }

    /** Compares the (non-null) field with a literal through the typed getter: no boxing per row. */
    private int compareField(Row row, Object literal) {
        return switch (type.root()) {
            case BOOLEAN -> Boolean.compare(row.getBoolean(index), (Boolean) literal);
            case TINYINT -> Byte.compare(row.getByte(index), ((Number) literal).byteValue());
            case SMALLINT -> Short.compare(row.getShort(index), ((Number) literal).shortValue());
            case INT, DATE, TIME -> Integer.compare(row.getInt(index), ((Number) literal).intValue());
            case BIGINT -> Long.compare(row.getLong(index), ((Number) literal).longValue());
            case FLOAT -> Float.compare(row.getFloat(index), ((Number) literal).floatValue());
            case DOUBLE -> Double.compare(row.getDouble(index), ((Number) literal).doubleValue());
            default -> compare(RowValues.get(row, index, type), literal);
        };
    }

    static int compare(Object a, Object b) {
        return RowValues.compare(a, b);
    }

    @Override
    public boolean mayMatch(long rowCount, Row min, Row max, Long[] nullCounts) {
        Long nulls = nullCounts == null || index >= nullCounts.length ? null : nullCounts[index];
        switch (function) {
            case IS_NULL:
                return nulls == null || nulls > 0;
            case IS_NOT_NULL:
                return nulls == null || nulls < rowCount;
            default:
                break;
        }
        if (nulls != null && nulls == rowCount) {
            return false; // all null: no comparison can hold
        }
        Object lo = min == null || min.isNullAt(index) ? null : RowValues.get(min, index, type);
        Object hi = max == null || max.isNullAt(index) ? null : RowValues.get(max, index, type);
        if (lo == null || hi == null) {
            return true; // unknown bounds
        }
        Object lit = literals.isEmpty() ? null : literals.get(0);
        return switch (function) {
            case EQUAL -> compare(lit, lo) >= 0 && compare(lit, hi) <= 0;
            case NOT_EQUAL -> !(compare(lo, lit) == 0 && compare(hi, lit) == 0);
            case LESS_THAN -> compare(lo, lit) < 0;
            case LESS_OR_EQUAL -> compare(lo, lit) <= 0;
            case GREATER_THAN -> compare(hi, lit) > 0;
            case GREATER_OR_EQUAL -> compare(hi, lit) >= 0;
            case IN -> literals.stream().anyMatch(l -> l != null && compare(l, lo) >= 0 && compare(l, hi) <= 0);
            case NOT_IN, IS_NULL, IS_NOT_NULL -> true;
        };
    }

    @Override
    public Predicate restrictTo(Set<Integer> allowed) {
        return allowed.contains(index) ? this : null;
    }

    @Override
    public Set<Integer> fields() {
        return Set.of(index);
    }

    @Override
    public String toString() {
        return fieldName + " " + function + (literals.isEmpty() ? "" : " " + literals);
    }
}
