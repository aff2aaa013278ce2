package io.strata.fileindex;

import io.strata.api.PublicApi;

/**
 * An index over one column of each data file, configured by {@code file-index.<type>.columns}: a
 * {@link BloomFilterColumn} or a {@link BitmapColumn}.
 */
@PublicApi
public sealed interface ColumnIndex permits BloomFilterColumn, BitmapColumn {

    /** The indexed column (top level). */
    String column();

    /** The index type as Paimon names it in options and in the file index container. */
    String indexType();
}
