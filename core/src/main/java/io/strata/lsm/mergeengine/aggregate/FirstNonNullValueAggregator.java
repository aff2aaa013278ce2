package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** {@code first_non_null_value} (legacy name {@code first_not_null_value}): the first non-null value; cannot retract. */
final class FirstNonNullValueAggregator extends FieldAggregator {

    private boolean initialized;

    FirstNonNullValueAggregator(String function, String field, DataType type) {
        super(function, field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (!initialized && input != null) {
            initialized = true;
            return input;
        }
        return accumulator;
    }

    @Override
    public void reset() {
        initialized = false;
    }
}
