package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.types.RowType;
import java.util.List;

/**
 * The changes of a table from one snapshot (exclusive) to another (inclusive), as splits to read with
 * {@link ChangeRead}. A plan of the full state of snapshot S goes from 0 to S.
 *
 * @param fromExclusive the snapshot after which the changes start (0: from an empty table)
 * @param toInclusive the last snapshot whose changes are included
 * @param splits the splits, in snapshot order
 * @param projection table positions of the fields each row returns, in order
 * @param readType the type of the rows returned
 */
@PublicApi
public record ChangePlan(long fromExclusive, long toInclusive, List<ChangeSplit> splits, int[] projection,
        RowType readType) {

    public ChangePlan {
        splits = List.copyOf(splits);
    }

    /** The snapshot a stream reads after this plan. */
    public long nextSnapshotId() {
        return toInclusive + 1;
    }
}
