package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** {@code bool_or} of a BOOLEAN field: whether any non-null values are true (nulls skipped); cannot retract. */
final class BoolOrAggregator extends FieldAggregator {

    BoolOrAggregator(String field, DataType type) {
        super("bool_or", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        return (Boolean) accumulator || (Boolean) input;
    }
}
