package io.strata.lsm.mergeengine.aggregate;

/** Wraps an aggregator so that retractions leave the accumulator unchanged ({@code fields.<f>.ignore-retract}). */
final class IgnoreRetractAggregator extends FieldAggregator {

    private final FieldAggregator inner;

    IgnoreRetractAggregator(FieldAggregator inner) {
        super(inner.function(), inner.field(), inner.type);
        this.inner = inner;
    }

    @Override
    public Object agg(Object accumulator, Object input) {
        return inner.agg(accumulator, input);
    }

    @Override
    public Object aggReversed(Object accumulator, Object input) {
        // Paimon's wrapper does not forward this override: the default (older value first) applies.
        return agg(input, accumulator);
    }

    @Override
    public boolean canRetract() {
        return true;
    }

    @Override
    public Object retract(Object accumulator, Object retracted) {
        return accumulator;
    }

    @Override
    public void reset() {
        inner.reset();
    }
}
