package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** {@code min}: the least non-null value (strings and binary by unsigned bytes); cannot retract. */
final class MinAggregator extends FieldAggregator {

    MinAggregator(String field, DataType type) {
        super("min", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (accumulator == null || input == null) {
            return accumulator == null ? input : accumulator;
        }
        return Values.compare(accumulator, input, type.root()) < 0 ? accumulator : input;
    }
}
