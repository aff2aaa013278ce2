package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;

/**
 * Reads the splits of one plan. Primary-key buckets are read merged (docs/format.md section 8), append
 * buckets file after file; deletion vectors are applied; the plan's filter and projection are applied
 * to every row. Returned rows are views valid until the next row.
 */
@PublicApi
public interface TableRead {

    /** Opens the rows of one split of this plan. */
    CloseableIterator<Row> open(Split split);

    /**
     * The same read with each row of the same kind as the record that holds its value ({@code +I}, or {@code +U}
     * for a value written as an update), as Paimon's {@code t$audit_log} shows them; {@link #open} hands out
     * every row as {@code +I}, a table's state.
     */
    TableRead withRowKinds();

    /**
     * The rows of a split as file batches, when reading it needs no merge: an append split, the files
     * above level 0 of a deletion-vector or first-row split, or a primary-key split whose files form one
     * sorted run in every key range. Null when the split must be merged; {@link #open} reads any split.
     * The plan's filter is applied; the projection is not (rows keep table positions).
     */
    SplitBatches openBatches(Split split);
}
