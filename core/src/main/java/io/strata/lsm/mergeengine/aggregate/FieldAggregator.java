package io.strata.lsm.mergeengine.aggregate;

import io.strata.types.DataType;

/**
 * Combines the values of one field across the records of a key (option
 * {@code fields.<field>.aggregate-function}). Values are the internal value classes of
 * {@link io.strata.data.RowValues} (Long, Utf8String, Decimal, ArrayData, ...), null for SQL NULL.
 * Instances hold per-key state for a few functions (first_value), cleared by {@link #reset()}.
 */
public abstract class FieldAggregator {

    private final String function;
    private final String field;
    protected final DataType type;

    protected FieldAggregator(String function, String field, DataType type) {
        this.function = function;
        this.field = field;
        this.type = type;
    }

    /** The function name, e.g. {@code sum}. */
    public final String function() {
        return function;
    }

    /** The field this aggregator combines. */
    public final String field() {
        return field;
    }

    /** Adds an input value (of a +I or +U record) to the accumulator; returns the new accumulator. */
    public abstract Object agg(Object accumulator, Object input);

    /**
     * Adds a value that is older than the accumulator (partial-update sequence groups offer records
     * out of sequence order). By default the older value goes first.
     */
    public Object aggReversed(Object accumulator, Object input) {
        return agg(input, accumulator);
    }

    /**
     * Whether {@link #retract} works (else it fails): writers check this before they buffer a -U/-D
     * record, so a retraction the table cannot merge is rejected when it is written, not when it is read.
     */
    public boolean canRetract() {
        return false;
    }

    /** Removes a value of a -U or -D record; functions that cannot retract fail naming the field. */
    public Object retract(Object accumulator, Object retracted) {
        throw new IllegalStateException("Aggregate function '" + function + "' of field '" + field
                + "' cannot retract (-U/-D records); set table option 'fields." + field
                + ".ignore-retract' = 'true' to ignore retractions");
    }

    /** Clears per-key state before the next key. */
    public void reset() {}
}
