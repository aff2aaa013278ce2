package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.snapshot.Snapshot;

/**
 * Plans a batch read of a table. Immutable: every refinement returns a new scan. {@link #plan()}
 * resolves ONE snapshot (latest, by id, by time, or by tag) and lists the splits of that snapshot only.
 */
@PublicApi
public interface TableScan {

    /** Reads the given snapshot. */
    TableScan asOfSnapshot(long id);

    /** Reads the latest snapshot committed at or before the given time (epoch millis). */
    TableScan asOfTimestamp(long epochMillis);

    /** Reads the snapshot a tag points at. */
    TableScan asOfTag(String tagName);

    /**
     * Reads the snapshot of the latest compaction (of the latest full compaction where the table schedules
     * them: {@code changelog-producer = full-compaction} or {@code full-compaction.delta-commits}), or the
     * latest snapshot when there is none: Paimon's {@code scan.mode = compacted-full} of batch reads.
     */
    TableScan asOfCompactedFull();

    /** Keeps only rows matching the predicate (built with a {@link PredicateBuilder} on the table's row type). */
    TableScan filter(Predicate predicate);

    /** Returns only the named columns, in this order. */
    TableScan select(String... columns);

    /**
     * The snapshot this scan reads, resolved without planning (for callers that describe a snapshot rather
     * than read its rows); null when the table has no snapshot yet. Fails, naming the table, where
     * {@link #plan()} would: an unknown snapshot id or tag, a time before the first snapshot.
     */
    Snapshot snapshot();

    /** Plans the read. */
    Plan plan();
}
