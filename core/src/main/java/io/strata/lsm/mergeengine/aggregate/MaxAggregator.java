package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** {@code max}: the greatest non-null value (strings and binary by unsigned bytes); cannot retract. */
final class MaxAggregator extends FieldAggregator {

    MaxAggregator(String field, DataType type) {
        super("max", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        return Values.compare(accumulator, input, type.root()) < 0 ? input : accumulator;
    }
}
