package io.strata.manifest;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.format.FieldStats;
import io.strata.types.RowType;
import java.util.Arrays;
import java.util.Objects;

/**
 * Per-column statistics as a manifest stores them: the minimum and maximum values as BinaryRows (a
 * field is null when unknown) and the null count of each column. Used for key stats, value stats and
 * the partition stats of a manifest.
 *
 * @param minValues smallest value per column
 * @param maxValues largest value per column
 * @param nullCounts nulls per column; the array may be null (unknown), and so may each element
 */
@PublicApi
public record SimpleStats(BinaryRow minValues, BinaryRow maxValues, Long[] nullCounts) {

    /** The stats of no columns, exactly as Paimon writes them: two empty rows and an empty array. */
    public static final SimpleStats EMPTY_STATS = new SimpleStats(BinaryRow.EMPTY_ROW, BinaryRow.EMPTY_ROW, new Long[0]);

    public SimpleStats {
        Objects.requireNonNull(minValues, "minValues");
        Objects.requireNonNull(maxValues, "maxValues");
    }

    /**
     * Encodes a writer's column stats for the columns of {@code type}, one {@link FieldStats} per
     * column in order (Paimon's "all columns" layout; an unknown min or max is stored as null).
     */
    public static SimpleStats of(FieldStats[] stats, RowType type) {
        Object[] mins = new Object[stats.length];
        Object[] maxes = new Object[stats.length];
        Long[] nullCounts = new Long[stats.length];
        for (int i = 0; i < stats.length; i++) {
            mins[i] = stats[i].min();
            maxes[i] = stats[i].max();
            nullCounts[i] = stats[i].nullCount();
        }
        return of(mins, maxes, nullCounts, type);
    }

    /**
     * Encodes the minimum, maximum and null count of each column of {@code type} (Paimon's "all columns"
     * layout; a null minimum, maximum or null count is stored as null).
     */
    public static SimpleStats of(Object[] mins, Object[] maxes, Long[] nullCounts, RowType type) {
        int columns = type.fieldCount();
        if (mins.length != columns || maxes.length != columns || nullCounts.length != columns) {
            throw new IllegalArgumentException(
                    "Got stats for " + mins.length + " columns but the row type has " + columns + ": " + type);
        }
        BinaryRowWriter min = new BinaryRowWriter(columns);
        BinaryRowWriter max = new BinaryRowWriter(columns);
        for (int i = 0; i < columns; i++) {
            min.write(i, mins[i], type.typeAt(i));
            max.write(i, maxes[i], type.typeAt(i));
        }
        return new SimpleStats(min.complete(), max.complete(), nullCounts.clone());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimpleStats s
                && minValues.equals(s.minValues)
                && maxValues.equals(s.maxValues)
                && Arrays.equals(nullCounts, s.nullCounts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(minValues, maxValues, Arrays.hashCode(nullCounts));
    }

    @Override
    public String toString() {
        return "SimpleStats{min=" + minValues + ", max=" + maxValues + ", nullCounts=" + Arrays.toString(nullCounts) + '}';
    }
}
