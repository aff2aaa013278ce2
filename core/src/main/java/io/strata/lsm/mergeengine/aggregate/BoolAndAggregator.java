package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** {@code bool_and} of a BOOLEAN field: whether all non-null values are true (nulls skipped); cannot retract. */
final class BoolAndAggregator extends FieldAggregator {

    BoolAndAggregator(String field, DataType type) {
        super("bool_and", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        return (Boolean) accumulator && (Boolean) input;
    }
}
