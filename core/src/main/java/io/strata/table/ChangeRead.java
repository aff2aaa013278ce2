package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.CloseableIterator;
import io.strata.data.Row;

/**
 * Reads the splits of a {@link ChangePlan}. Delta and changelog splits are read file by file without
 * merging, every record with the row kind it was written with ({@code +I}, {@code -U}, {@code +U},
 * {@code -D}; rows of append tables are {@code +I}), as Paimon's incremental and streaming reads do.
 * Full splits are read merged, every row {@code +I} (Paimon reports {@code +U} for a key whose latest
 * version was an update when it merges, {@code +I} when it does not: the same state). Diff splits
 * return the keys added or changed between two snapshots with their newer values and kinds. Returned rows
 * are views valid until the next row.
 */
@PublicApi
public interface ChangeRead {

    /** Opens the rows of one split of the plan, with their row kinds. */
    CloseableIterator<Row> open(ChangeSplit split);

    /**
     * A read that also returns what a diff leaves out by default, as Paimon's {@code audit_log} reads diffs:
     * the keys the older snapshot had and the newer one has not, as {@code -D} with their older values.
     */
    ChangeRead withDeletes();
}
