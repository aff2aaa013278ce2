package io.strata.table.change;

import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.Consumer;
import io.strata.snapshot.Consumers;
import io.strata.snapshot.Snapshot;
import io.strata.table.ChangePlan;
import io.strata.table.ChangeReadOptions.StartMode;
import io.strata.table.ChangeSplit;
import io.strata.table.ChangeStream;
import io.strata.table.source.CompactedSnapshot;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/** The implementation of {@link ChangeStream}. */
public final class SnapshotStream implements ChangeStream {

    private final TableStore store;
    private final SnapshotChanges changes;
    private final Consumers consumers;
    private final String consumerId;
    private final int[] projection;
    private final RowType readType;
    private final Duration pollInterval;
    private final StartMode mode;
    private final Long startSnapshotId;
    private final Long startMillis;
    /** Null until the start is resolved (a table without snapshots resolves it at its first snapshot). */
    private Long nextSnapshotId;
    /** The snapshot whose full state is the first plan, or null. */
    private Long fullSnapshotId;
    private volatile boolean closed;

    SnapshotStream(TableStore store, StartMode mode, Long startSnapshotId, Long startMillis, String consumerId,
            List<String> projection, Duration pollInterval) {
        this.store = store;
        this.changes = new SnapshotChanges(store);
        this.consumers = store.consumerManager();
        this.consumerId = consumerId;
        RowType rowType = store.schema().rowType();
        this.projection = projection == null ? IntStream.range(0, rowType.fieldCount()).toArray()
                : projection.stream().mapToInt(rowType::requireIndexOf).toArray();
        this.readType = rowType.project(this.projection);
        this.pollInterval = pollInterval;
        this.mode = mode;
        this.startSnapshotId = startSnapshotId;
        this.startMillis = startMillis;
        resolveStart();
    }

    @Override
    public Optional<Long> nextSnapshotId() {
        return Optional.ofNullable(fullSnapshotId != null ? fullSnapshotId : nextSnapshotId);
    }

    @Override
    public Optional<ChangePlan> nextPlan() {
        if (closed) {
            throw new IllegalStateException("Stream of table " + store.location() + " is closed");
        }
        if (nextSnapshotId == null && fullSnapshotId == null) {
            resolveStart();
            if (nextSnapshotId == null && fullSnapshotId == null) {
                return Optional.empty();
            }
        }
        if (fullSnapshotId != null) {
            Snapshot full = changes.snapshotOrChangelog(fullSnapshotId).filter(s -> store.snapshotManager()
                    .snapshotExists(s.id())).orElseThrow(() -> new IllegalStateException("Table " + store.location()
                    + ": snapshot " + fullSnapshotId + " to start the stream from has expired"));
            ChangePlan plan = new ChangePlan(0, full.id(), changes.full(full), projection, readType);
            nextSnapshotId = full.id() + 1;
            fullSnapshotId = null;
            return Optional.of(plan);
        }
        while (true) {
            long id = nextSnapshotId;
            Optional<Snapshot> snapshot = changes.snapshotOrChangelog(id);
            if (snapshot.isEmpty()) {
                Long latest = store.snapshotManager().latestSnapshotId();
                if (latest != null && latest > id) {
                    throw new IllegalStateException("Table " + store.location() + ": snapshot " + id
                            + " expired before the stream read it, and no changelog of it is kept"
                            + (consumerId == null ? "" : " (consumer '" + consumerId + "')"));
                }
                return Optional.empty();
            }
            List<ChangeSplit> splits;
            try {
                splits = changes.changes(snapshot.get());
            } catch (IOException e) {
                throw new UncheckedIOException("Table " + store.location() + ": cannot read the changes of snapshot "
                        + id + ": " + e.getMessage(), e);
            }
            nextSnapshotId = id + 1;
            if (!splits.isEmpty()) {
                return Optional.of(new ChangePlan(id - 1, id, splits, projection, readType));
            }
        }
    }

    @Override
    public Optional<ChangePlan> awaitPlan(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!closed) {
            Optional<ChangePlan> plan = nextPlan();
            if (plan.isPresent()) {
                return plan;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return Optional.empty();
            }
            Thread.sleep(Math.min(pollInterval.toMillis(), Math.max(1, left / 1_000_000)));
        }
        return Optional.empty();
    }

    @Override
    public Optional<Long> checkpoint() {
        Optional<Long> position = nextSnapshotId();
        if (consumerId != null && position.isPresent()) {
            consumers.reset(consumerId, position.get());
        }
        return position;
    }

    @Override
    public void close() {
        closed = true;
    }

    private void resolveStart() {
        if (consumerId != null) {
            Optional<Consumer> consumer = consumers.consumer(consumerId);
            if (consumer.isPresent()) {
                nextSnapshotId = consumer.get().nextSnapshot();
                return;
            }
        }
        Long latest = store.snapshotManager().latestSnapshotId();
        Long earliest = earliestReadable();
        if (latest == null || earliest == null) {
            return;
        }
        switch (mode) {
            case DEFAULT, LATEST_FULL -> fullSnapshotId = latest;
            case LATEST -> nextSnapshotId = latest + 1;
            case FROM_SNAPSHOT -> nextSnapshotId = Math.max(startSnapshotId, earliest);
            case FROM_SNAPSHOT_FULL -> {
                if (startSnapshotId > latest) {
                    throw new IllegalArgumentException("Table " + store.location() + " has no snapshot "
                            + startSnapshotId + " to start a stream from (its latest is " + latest + ")");
                }
                fullSnapshotId = Math.max(startSnapshotId, store.snapshotManager().earliestSnapshotId());
            }
            case FROM_TIMESTAMP -> nextSnapshotId = firstAtOrAfter(startMillis, earliest, latest);
            case COMPACTED_FULL -> fullSnapshotId = CompactedSnapshot.pick(store);
            case INCREMENTAL -> throw new IllegalArgumentException("Table " + store.location()
                    + ": scan.mode incremental is an incremental (batch) read, not the start of a stream");
        }
        // Protect the start from expiration at once: the first checkpoint may be a while away.
        checkpoint();
    }

    private Long earliestReadable() {
        Long changelog = new ChangelogManager(store.fileIO(), store.location()).earliestId();
        Long snapshot = store.snapshotManager().earliestSnapshotId();
        if (changelog == null) {
            return snapshot;
        }
        return snapshot == null ? changelog : Math.min(changelog, snapshot);
    }

    /** The first snapshot (or kept changelog) committed at or after the time, or latest + 1. */
    private long firstAtOrAfter(long millis, long earliest, long latest) {
        long low = earliest;
        long high = latest;
        long found = latest + 1;
        while (low <= high) {
            long mid = low + (high - low) / 2;
            Optional<Snapshot> s = changes.snapshotOrChangelog(mid);
            if (s.isEmpty() || s.get().timeMillis() < millis) {
                low = mid + 1;
            } else {
                found = mid;
                high = mid - 1;
            }
        }
        return found;
    }
}
