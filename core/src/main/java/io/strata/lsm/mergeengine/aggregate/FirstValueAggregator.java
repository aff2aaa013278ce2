package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** {@code first_value}: the value of the first record merged for the key, null included; cannot retract. */
final class FirstValueAggregator extends FieldAggregator {

    private boolean initialized;

    FirstValueAggregator(String field, DataType type) {
        super("first_value", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        if (initialized) {
            return accumulator;
        }
        initialized = true;
        return input;
    }

    @Override
    public void reset() {
        initialized = false;
    }
}
