package io.strata.predicate;

import io.strata.api.PublicApi;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.util.Arrays;
import java.util.List;

/**
 * Builds predicates on the fields of one row type by field name. Literals are internal values
 * (Integer for INT and DATE, Utf8String for strings, Decimal, Timestamp, ...).
 */
@PublicApi
public final class PredicateBuilder {

    private final RowType type;

    public PredicateBuilder(RowType type) {
        this.type = type;
    }

    private Predicate leaf(LeafFunction fn, String field, Object... literals) {
        int index = type.requireIndexOf(field);
        DataField f = type.field(index);
        return new LeafPredicate(fn, index, f.name(), f.type(), Arrays.asList(literals));
    }

    public Predicate equal(String field, Object literal) {
        return leaf(LeafFunction.EQUAL, field, literal);
    }

    public Predicate notEqual(String field, Object literal) {
        return leaf(LeafFunction.NOT_EQUAL, field, literal);
    }

    public Predicate lessThan(String field, Object literal) {
        return leaf(LeafFunction.LESS_THAN, field, literal);
    }

    public Predicate lessOrEqual(String field, Object literal) {
        return leaf(LeafFunction.LESS_OR_EQUAL, field, literal);
    }

    public Predicate greaterThan(String field, Object literal) {
        return leaf(LeafFunction.GREATER_THAN, field, literal);
    }

    public Predicate greaterOrEqual(String field, Object literal) {
        return leaf(LeafFunction.GREATER_OR_EQUAL, field, literal);
    }

    public Predicate isNull(String field) {
        return leaf(LeafFunction.IS_NULL, field);
    }

    public Predicate isNotNull(String field) {
        return leaf(LeafFunction.IS_NOT_NULL, field);
    }

    public Predicate in(String field, Object... literals) {
        return leaf(LeafFunction.IN, field, literals);
    }

    public Predicate between(String field, Object low, Object high) {
        return and(greaterOrEqual(field, low), lessOrEqual(field, high));
    }

    public static Predicate and(Predicate... children) {
        return children.length == 1 ? children[0] : new CompoundPredicate(true, List.of(children));
    }

    public static Predicate or(Predicate... children) {
        return children.length == 1 ? children[0] : new CompoundPredicate(false, List.of(children));
    }
}
