package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.predicate.Predicate;
import io.strata.snapshot.Snapshot;
import io.strata.types.RowType;
import java.util.List;

/**
 * The result of planning a scan: the snapshot it is pinned to, the splits to read, and what each row
 * read will hold.
 *
 * @param snapshot the snapshot read, or null for a table without snapshots
 * @param splits the splits, one per (partition, bucket) at least
 * @param projection table positions of the fields each row returns, in order
 * @param readType the type of the rows returned
 * @param filter the filter rows must pass, or null
 */
@PublicApi
public record Plan(Snapshot snapshot, List<Split> splits, int[] projection, RowType readType, Predicate filter) {

    public Plan {
        splits = List.copyOf(splits);
    }
}
