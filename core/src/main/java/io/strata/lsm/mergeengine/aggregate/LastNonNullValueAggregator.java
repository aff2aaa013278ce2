package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/**
 * {@code last_non_null_value} (the aggregation engine's default): the newest non-null value; a
 * retraction with a non-null value clears it, one with null leaves it.
 */
final class LastNonNullValueAggregator extends FieldAggregator {

    LastNonNullValueAggregator(String field, DataType type) {
        super("last_non_null_value", field, type);
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        return input == null ? accumulator : input;
    }

    @Override
    public boolean canRetract() {
        return true;
    }

    @Override
    public Object retract(Object accumulator, Object retracted) {
        return retracted != null ? null : accumulator;
    }
}
