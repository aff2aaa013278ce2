package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** {@code last_value}: the newest value, null included; a retraction clears it. */
final class LastValueAggregator extends FieldAggregator {

    LastValueAggregator(String field, DataType type) {
        super("last_value", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        return input;
    }

    @Override
    public boolean canRetract() {
        return true;
    }

    @Override
    public Object retract(Object accumulator, Object retracted) {
        return null;
    }
}
