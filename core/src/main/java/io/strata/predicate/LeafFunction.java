package io.strata.predicate;

/** The comparison a leaf predicate makes between a field and its literals. */
public enum LeafFunction {
    EQUAL,
    NOT_EQUAL,
    LESS_THAN,
    LESS_OR_EQUAL,
    GREATER_THAN,
    GREATER_OR_EQUAL,
    IS_NULL,
    IS_NOT_NULL,
    IN,
    NOT_IN
}
