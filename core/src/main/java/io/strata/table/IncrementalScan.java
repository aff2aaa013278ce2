package io.strata.table;

import io.strata.api.PublicApi;
import java.util.Map;

/**
 * Plans an incremental read: the changes of the snapshots after one snapshot up to another, as rows
 * with their row kinds (see {@code docs/incremental-reads.md}). Immutable: every refinement returns a
 * new scan.
 *
 * <pre>{@code
 * ChangePlan plan = table.newIncrementalScan().between(3, 7).plan();
 * ChangeRead read = table.newChangeRead(plan);
 * for (ChangeSplit s : plan.splits()) try (CloseableIterator<Row> rows = read.open(s)) { ... row.kind() ... }
 * }</pre>
 *
 * <p>With a changelog producer the changelog files of every snapshot in the range are read, otherwise
 * the data files each APPEND snapshot added (Paimon's {@code incremental-between}, scan mode auto).
 * Snapshots of the range that expired are read from their kept changelogs.
 */
@PublicApi
public interface IncrementalScan {

    /** The changes of snapshots {@code (fromExclusive, toInclusive]}. */
    IncrementalScan between(long fromExclusive, long toInclusive);

    /**
     * The changes of the snapshots committed after {@code fromMillis} up to {@code toMillis} (epoch
     * millis), resolved as Paimon's {@code incremental-between-timestamp}: from the newest snapshot at or
     * before {@code fromMillis} (exclusive) to the newest at or before {@code toMillis}.
     */
    IncrementalScan betweenTimestamps(long fromMillis, long toMillis);

    /**
     * The difference between the snapshots of two tags, as Paimon's {@code incremental-between} with two tag
     * names reads it (the {@link ChangeReadOptions.BetweenScanMode#DIFF diff} of the two snapshots, whatever
     * the scan mode).
     */
    IncrementalScan betweenTags(String fromTag, String toTag);

    /**
     * Reads the delta even where the table has a changelog producer, the changelog where it has none, or the
     * difference between the two snapshots ({@link ChangeReadOptions.BetweenScanMode#DIFF}).
     */
    IncrementalScan withScanMode(ChangeReadOptions.BetweenScanMode scanMode);

    /** Returns only the named columns, in this order. */
    IncrementalScan select(String... columns);

    /**
     * Takes the range from Paimon's read options {@code incremental-between} ({@code "from,to"} snapshot
     * ids or tag names), {@code incremental-between-timestamp} ({@code "from,to"} epoch millis),
     * {@code incremental-between-scan-mode} and {@code incremental-between-tag-to-snapshot}; fails naming the
     * option if a value is malformed or names no tag or snapshot id.
     */
    IncrementalScan withOptions(Map<String, String> options);

    /** Plans the read; fails naming the table and the snapshot when the range is invalid or no longer readable. */
    ChangePlan plan();
}
