package io.strata.table;

import io.strata.api.PublicApi;
import java.time.Duration;
import java.util.Map;

/**
 * Configures a streaming read: where it starts, an optional consumer id and projection. Immutable;
 * {@link #open()} starts the read as a {@link ChangeStream}, which follows new snapshots.
 *
 * <pre>{@code
 * try (ChangeStream stream = table.newStreamScan().withConsumer("job-1").open()) {
 *     ChangePlan plan = stream.awaitPlan(Duration.ofMinutes(1)).orElseThrow();
 *     ChangeRead read = table.newChangeRead(plan);
 *     for (ChangeSplit s : plan.splits()) try (CloseableIterator<Row> rows = read.open(s)) { ... }
 *     stream.checkpoint(); // the consumer file now says: resume after this plan
 * }
 * }</pre>
 *
 * <p>Starting points follow Paimon's {@code scan.mode}: latest-full (the default: the latest
 * snapshot's rows as +I, then the changes of each later snapshot), latest, from-snapshot,
 * from-snapshot-full, from-timestamp. A consumer that already has a position overrides them all: the
 * stream resumes at the consumer's next snapshot.
 */
@PublicApi
public interface StreamScan {

    /** The latest snapshot's rows as +I, then the changes of each later snapshot (the default). */
    StreamScan fromLatestFull();

    /** Only the changes of the snapshots after the latest one. */
    StreamScan fromLatest();

    /** The changes from snapshot {@code id} on (included); an expired id starts at the earliest readable. */
    StreamScan fromSnapshot(long id);

    /** The rows of snapshot {@code id} as +I, then the changes of each later snapshot. */
    StreamScan fromSnapshotFull(long id);

    /** The changes of the snapshots committed at or after {@code epochMillis}. */
    StreamScan fromTimestamp(long epochMillis);

    /**
     * Starts with the rows of the latest compaction's snapshot as +I, then the changes after it (Paimon's
     * {@code compacted-full}): the latest full compaction's where the table schedules them
     * ({@code changelog-producer = full-compaction} or {@code full-compaction.delta-commits}), the latest
     * snapshot's when the table was never compacted.
     */
    StreamScan fromCompactedFull();

    /**
     * Records the stream's position in {@code consumer/consumer-<id>} at every {@link ChangeStream#checkpoint()}
     * (and at the start), so snapshot and changelog expiration keep what it has not read, and a stream
     * opened later with the same id resumes there.
     */
    StreamScan withConsumer(String id);

    /** Returns only the named columns, in this order. */
    StreamScan select(String... columns);

    /** How often {@link ChangeStream#awaitPlan} looks for a new snapshot (default one second). */
    StreamScan pollInterval(Duration interval);

    /**
     * Takes the start from Paimon's read options {@code scan.mode}, {@code scan.snapshot-id},
     * {@code scan.timestamp-millis} and the consumer from {@code consumer-id}; fails naming the option
     * when a value is malformed or a mode lacks its snapshot id or time.
     */
    StreamScan withOptions(Map<String, String> options);

    /** Starts the stream; with a consumer, records its starting position at once. */
    ChangeStream open();
}
