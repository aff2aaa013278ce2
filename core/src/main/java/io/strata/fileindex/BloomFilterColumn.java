package io.strata.fileindex;

import io.strata.api.PublicApi;
import io.strata.types.DataType;

/**
 * A bloom-filter index over one column of each data file, sized for {@code items} values at false-positive
 * probability {@code fpp} (Paimon's {@code file-index.bloom-filter.<column>.items} and {@code .fpp}).
 */
@PublicApi
public record BloomFilterColumn(String column, int items, double fpp) implements ColumnIndex {

    @Override
    public String indexType() {
        return "bloom-filter";
    }

    /** Whether a bloom filter can index values of {@code type} (not booleans, decimals or nested types, as in Paimon). */
    public static boolean supports(DataType type) {
        return ValueHash.of(type) != null;
    }
}
