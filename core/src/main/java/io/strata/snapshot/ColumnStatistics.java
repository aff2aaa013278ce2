package io.strata.snapshot;

import io.strata.api.PublicApi;

/**
 * The statistics of one column in a {@link Statistics} file, as Paimon's {@code ColStats}: every figure may be
 * unknown (null). {@code min} and {@code max} are in Paimon's text form of the column's type
 * ({@link StatisticsText}); {@code avgLength} and {@code maxLength} are in bytes.
 *
 * @param columnId the column's field id (its name may change, its id does not)
 */
@PublicApi
public record ColumnStatistics(int columnId, Long distinctCount, String min, String max, Long nullCount,
        Long avgLength, Long maxLength) {

    /** Only the column id: nothing known yet. */
    public static ColumnStatistics unknown(int columnId) {
        return new ColumnStatistics(columnId, null, null, null, null, null, null);
    }
}
