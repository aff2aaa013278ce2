package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.snapshot.ConsumerManager;
import io.strata.table.ChangeReadOptions.StartMode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
public final class StreamScan {

    private final FileStoreTable table;
    private final StartMode mode;
    private final Long snapshotId;
    private final Long timestampMillis;
    private final String consumerId;
    private final List<String> projection;
    private final Duration pollInterval;

    StreamScan(FileStoreTable table) {
        this(table, StartMode.LATEST_FULL, null, null, null, null, Duration.ofSeconds(1));
    }

    private StreamScan(FileStoreTable table, StartMode mode, Long snapshotId, Long timestampMillis, String consumerId,
            List<String> projection, Duration pollInterval) {
        this.table = table;
        this.mode = mode;
        this.snapshotId = snapshotId;
        this.timestampMillis = timestampMillis;
        this.consumerId = consumerId;
        this.projection = projection;
        this.pollInterval = pollInterval;
    }

    private StreamScan startAt(StartMode newMode, Long id, Long millis) {
        return new StreamScan(table, newMode, id, millis, consumerId, projection, pollInterval);
    }

    /** The latest snapshot's rows as +I, then the changes of each later snapshot (the default). */
    public StreamScan fromLatestFull() {
        return startAt(StartMode.LATEST_FULL, null, null);
    }

    /** Only the changes of the snapshots after the latest one. */
    public StreamScan fromLatest() {
        return startAt(StartMode.LATEST, null, null);
    }

    /** The changes from snapshot {@code id} on (included); an expired id starts at the earliest readable. */
    public StreamScan fromSnapshot(long id) {
        return startAt(StartMode.FROM_SNAPSHOT, id, null);
    }

    /** The rows of snapshot {@code id} as +I, then the changes of each later snapshot. */
    public StreamScan fromSnapshotFull(long id) {
        return startAt(StartMode.FROM_SNAPSHOT_FULL, id, null);
    }

    /** The changes of the snapshots committed at or after {@code epochMillis}. */
    public StreamScan fromTimestamp(long epochMillis) {
        return startAt(StartMode.FROM_TIMESTAMP, null, epochMillis);
    }

    /**
     * Records the stream's position in {@code consumer/consumer-<id>} at every {@link ChangeStream#checkpoint()}
     * (and at the start), so snapshot and changelog expiration keep what it has not read, and a stream
     * opened later with the same id resumes there.
     */
    public StreamScan withConsumer(String id) {
        ConsumerManager.checkId(id);
        return new StreamScan(table, mode, snapshotId, timestampMillis, Objects.requireNonNull(id, "consumer id"),
                projection, pollInterval);
    }

    /** Returns only the named columns, in this order. */
    public StreamScan select(String... columns) {
        return new StreamScan(table, mode, snapshotId, timestampMillis, consumerId, List.of(columns), pollInterval);
    }

    /** How often {@link ChangeStream#awaitPlan} looks for a new snapshot (default one second). */
    public StreamScan pollInterval(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("Stream of table " + table.location() + ": poll interval " + interval
                    + " must be positive");
        }
        return new StreamScan(table, mode, snapshotId, timestampMillis, consumerId, projection, interval);
    }

    /**
     * Takes the start from Paimon's read options {@code scan.mode}, {@code scan.snapshot-id},
     * {@code scan.timestamp-millis} and the consumer from {@code consumer-id}; fails naming the option
     * when a value is malformed or a mode lacks its snapshot id or time.
     */
    public StreamScan withOptions(Map<String, String> options) {
        StartMode startMode;
        Long id;
        Long millis;
        try {
            startMode = ChangeReadOptions.SCAN_MODE.get(options);
            id = ChangeReadOptions.SCAN_SNAPSHOT_ID.get(options);
            millis = ChangeReadOptions.SCAN_TIMESTAMP_MILLIS.get(options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Stream of table " + table.location() + ": " + e.getMessage(), e);
        }
        if (startMode == StartMode.DEFAULT) {
            startMode = id != null ? StartMode.FROM_SNAPSHOT : millis != null ? StartMode.FROM_TIMESTAMP : StartMode.LATEST_FULL;
        }
        if ((startMode == StartMode.FROM_SNAPSHOT || startMode == StartMode.FROM_SNAPSHOT_FULL) && id == null) {
            throw new IllegalArgumentException("Stream of table " + table.location() + ": scan.mode " + startMode
                    + " needs option '" + ChangeReadOptions.SCAN_SNAPSHOT_ID.key() + "'");
        }
        if (startMode == StartMode.FROM_TIMESTAMP && millis == null) {
            throw new IllegalArgumentException("Stream of table " + table.location() + ": scan.mode from-timestamp"
                    + " needs option '" + ChangeReadOptions.SCAN_TIMESTAMP_MILLIS.key() + "'");
        }
        String consumer = ChangeReadOptions.CONSUMER_ID.get(options);
        return new StreamScan(table, startMode, id, millis, consumer != null ? consumer : consumerId, projection,
                pollInterval);
    }

    /** Starts the stream; with a consumer, records its starting position at once. */
    public ChangeStream open() {
        return new ChangeStream(table, mode, snapshotId, timestampMillis, consumerId, projection, pollInterval);
    }
}
