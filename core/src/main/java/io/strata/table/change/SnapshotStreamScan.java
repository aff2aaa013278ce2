package io.strata.table.change;

import io.strata.snapshot.ConsumerManager;
import io.strata.table.ChangeReadOptions.StartMode;
import io.strata.table.ChangeReadOptions;
import io.strata.table.ChangeStream;
import io.strata.table.StreamScan;
import io.strata.table.store.TableStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The implementation of {@link StreamScan}. */
public final class SnapshotStreamScan implements StreamScan {

    private final TableStore store;
    private final StartMode mode;
    private final Long snapshotId;
    private final Long timestampMillis;
    private final String consumerId;
    private final List<String> projection;
    private final Duration pollInterval;

    public SnapshotStreamScan(TableStore store) {
        this(store, StartMode.LATEST_FULL, null, null, null, null, Duration.ofSeconds(1));
    }

    private SnapshotStreamScan(TableStore store, StartMode mode, Long snapshotId, Long timestampMillis, String consumerId,
            List<String> projection, Duration pollInterval) {
        this.store = store;
        this.mode = mode;
        this.snapshotId = snapshotId;
        this.timestampMillis = timestampMillis;
        this.consumerId = consumerId;
        this.projection = projection;
        this.pollInterval = pollInterval;
    }

    private StreamScan startAt(StartMode newMode, Long id, Long millis) {
        return new SnapshotStreamScan(store, newMode, id, millis, consumerId, projection, pollInterval);
    }

    @Override
    public StreamScan fromLatestFull() {
        return startAt(StartMode.LATEST_FULL, null, null);
    }

    @Override
    public StreamScan fromLatest() {
        return startAt(StartMode.LATEST, null, null);
    }

    @Override
    public StreamScan fromSnapshot(long id) {
        return startAt(StartMode.FROM_SNAPSHOT, id, null);
    }

    @Override
    public StreamScan fromSnapshotFull(long id) {
        return startAt(StartMode.FROM_SNAPSHOT_FULL, id, null);
    }

    @Override
    public StreamScan fromCompactedFull() {
        return startAt(StartMode.COMPACTED_FULL, null, null);
    }

    @Override
    public StreamScan fromTimestamp(long epochMillis) {
        return startAt(StartMode.FROM_TIMESTAMP, null, epochMillis);
    }

    @Override
    public StreamScan withConsumer(String id) {
        ConsumerManager.checkId(id);
        return new SnapshotStreamScan(store, mode, snapshotId, timestampMillis, Objects.requireNonNull(id, "consumer id"),
                projection, pollInterval);
    }

    @Override
    public StreamScan select(String... columns) {
        return new SnapshotStreamScan(store, mode, snapshotId, timestampMillis, consumerId, List.of(columns), pollInterval);
    }

    @Override
    public StreamScan pollInterval(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("Stream of table " + store.location() + ": poll interval " + interval
                    + " must be positive");
        }
        return new SnapshotStreamScan(store, mode, snapshotId, timestampMillis, consumerId, projection, interval);
    }

    @Override
    public StreamScan withOptions(Map<String, String> options) {
        StartMode startMode;
        Long id;
        Long millis;
        try {
            startMode = ChangeReadOptions.SCAN_MODE.get(options);
            id = ChangeReadOptions.SCAN_SNAPSHOT_ID.get(options);
            millis = ChangeReadOptions.SCAN_TIMESTAMP_MILLIS.get(options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Stream of table " + store.location() + ": " + e.getMessage(), e);
        }
        if (startMode == StartMode.INCREMENTAL) {
            throw new IllegalArgumentException("Stream of table " + store.location() + ": scan.mode incremental is an"
                    + " incremental (batch) read (newIncrementalScan), not the start of a stream");
        }
        if (startMode == StartMode.DEFAULT) {
            startMode = id != null ? StartMode.FROM_SNAPSHOT : millis != null ? StartMode.FROM_TIMESTAMP : StartMode.LATEST_FULL;
        }
        if ((startMode == StartMode.FROM_SNAPSHOT || startMode == StartMode.FROM_SNAPSHOT_FULL) && id == null) {
            throw new IllegalArgumentException("Stream of table " + store.location() + ": scan.mode " + startMode
                    + " needs option '" + ChangeReadOptions.SCAN_SNAPSHOT_ID.key() + "'");
        }
        if (startMode == StartMode.FROM_TIMESTAMP && millis == null) {
            throw new IllegalArgumentException("Stream of table " + store.location() + ": scan.mode from-timestamp"
                    + " needs option '" + ChangeReadOptions.SCAN_TIMESTAMP_MILLIS.key() + "'");
        }
        String consumer = ChangeReadOptions.CONSUMER_ID.get(options);
        return new SnapshotStreamScan(store, startMode, id, millis, consumer != null ? consumer : consumerId, projection,
                pollInterval);
    }

    @Override
    public ChangeStream open() {
        return new SnapshotStream(store, mode, snapshotId, timestampMillis, consumerId, projection, pollInterval);
    }
}
