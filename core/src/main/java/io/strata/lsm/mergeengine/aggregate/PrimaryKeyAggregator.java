package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/** Primary-key fields are equal in every record of a key: the input is taken as it is, retraction or not. */
final class PrimaryKeyAggregator extends FieldAggregator {

    PrimaryKeyAggregator(String field, DataType type) {
        super("primary-key", field, type);
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
        return retracted;
    }
}
