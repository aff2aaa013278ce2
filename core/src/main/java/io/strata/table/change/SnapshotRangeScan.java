package io.strata.table.change;

import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.ChangePlan;
import io.strata.table.ChangeReadOptions;
import io.strata.table.ChangeSplit;
import io.strata.table.IncrementalScan;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/** The implementation of {@link IncrementalScan}. */
public final class SnapshotRangeScan implements IncrementalScan {

    private final TableStore store;
    private final Long fromExclusive;
    private final Long toInclusive;
    private final Long fromMillis;
    private final Long toMillis;
    private final ChangeReadOptions.BetweenScanMode mode;
    private final List<String> projection;

    public SnapshotRangeScan(TableStore store) {
        this(store, null, null, null, null, ChangeReadOptions.BetweenScanMode.AUTO, null);
    }

    private SnapshotRangeScan(TableStore store, Long fromExclusive, Long toInclusive, Long fromMillis, Long toMillis,
            ChangeReadOptions.BetweenScanMode mode, List<String> projection) {
        this.store = store;
        this.fromExclusive = fromExclusive;
        this.toInclusive = toInclusive;
        this.fromMillis = fromMillis;
        this.toMillis = toMillis;
        this.mode = mode;
        this.projection = projection;
    }

    @Override
    public IncrementalScan between(long fromExclusive, long toInclusive) {
        return new SnapshotRangeScan(store, fromExclusive, toInclusive, null, null, mode, projection);
    }

    @Override
    public IncrementalScan betweenTimestamps(long fromMillis, long toMillis) {
        return new SnapshotRangeScan(store, null, null, fromMillis, toMillis, mode, projection);
    }

    @Override
    public IncrementalScan withScanMode(ChangeReadOptions.BetweenScanMode scanMode) {
        return new SnapshotRangeScan(store, fromExclusive, toInclusive, fromMillis, toMillis, scanMode, projection);
    }

    @Override
    public IncrementalScan select(String... columns) {
        return new SnapshotRangeScan(store, fromExclusive, toInclusive, fromMillis, toMillis, mode, List.of(columns));
    }

    @Override
    public IncrementalScan withOptions(Map<String, String> options) {
        IncrementalScan scan = withScanMode(ChangeReadOptions.INCREMENTAL_BETWEEN_SCAN_MODE.get(options));
        String between = ChangeReadOptions.INCREMENTAL_BETWEEN.get(options);
        String betweenTime = ChangeReadOptions.INCREMENTAL_BETWEEN_TIMESTAMP.get(options);
        if (between != null) {
            long[] range = pair(ChangeReadOptions.INCREMENTAL_BETWEEN.key(), between);
            return scan.between(range[0], range[1]);
        }
        if (betweenTime != null) {
            long[] range = pair(ChangeReadOptions.INCREMENTAL_BETWEEN_TIMESTAMP.key(), betweenTime);
            return scan.betweenTimestamps(range[0], range[1]);
        }
        return scan;
    }

    private long[] pair(String key, String value) {
        String[] parts = value.split(",");
        try {
            if (parts.length != 2) {
                throw new NumberFormatException();
            }
            return new long[] {Long.parseLong(parts[0].trim()), Long.parseLong(parts[1].trim())};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Table " + store.location() + ": option '" + key + "' = '" + value
                    + "' must be two numbers 'from,to' (tag names are not supported)");
        }
    }

    @Override
    public ChangePlan plan() {
        RowType rowType = store.schema().rowType();
        int[] projected = projection == null ? IntStream.range(0, rowType.fieldCount()).toArray()
                : projection.stream().mapToInt(rowType::requireIndexOf).toArray();
        RowType readType = rowType.project(projected);
        long[] range = range();
        if (range == null) {
            return new ChangePlan(0, 0, List.of(), projected, readType);
        }
        SnapshotChanges changes = switch (mode) {
            case AUTO -> new SnapshotChanges(store);
            case DELTA -> new SnapshotChanges(store, ChangeSplit.Source.DELTA);
            case CHANGELOG -> new SnapshotChanges(store, ChangeSplit.Source.CHANGELOG);
        };
        List<Snapshot> snapshots = new ArrayList<>();
        for (long id = range[0] + 1; id <= range[1]; id++) {
            long missing = id;
            snapshots.add(changes.snapshotOrChangelog(id).orElseThrow(() -> new IllegalArgumentException("Table "
                    + store.location() + ": snapshot " + missing + " has expired and no changelog of it is kept;"
                    + " cannot read the changes between snapshots " + range[0] + " and " + range[1])));
        }
        List<ChangeSplit> splits = new ArrayList<>();
        try {
            for (Snapshot s : snapshots) {
                splits.addAll(changes.changes(s));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Table " + store.location() + ": cannot read the changes between snapshots "
                    + range[0] + " and " + range[1] + ": " + e.getMessage(), e);
        }
        return new ChangePlan(range[0], range[1], splits, projected, readType);
    }

    /** {from, to} checked against the table, or null when the range is empty. */
    private long[] range() {
        SnapshotManager snapshots = store.snapshotManager();
        Long latest = snapshots.latestSnapshotId();
        if (fromExclusive == null && fromMillis == null) {
            throw new IllegalStateException("Incremental scan of table " + store.location()
                    + ": no range given (between, betweenTimestamps or the incremental-between options)");
        }
        if (fromMillis != null) {
            return timeRange(latest);
        }
        long from = fromExclusive;
        long to = toInclusive;
        if (from < 0 || from > to) {
            throw new IllegalArgumentException("Table " + store.location() + ": cannot read the changes from snapshot "
                    + from + " to the older snapshot " + to + " (from is exclusive and must not exceed to)");
        }
        if (latest == null || to > latest) {
            throw new IllegalArgumentException("Table " + store.location() + " has no snapshot " + to
                    + (latest == null ? " (it has no snapshot yet)" : " (its latest is " + latest + ")"));
        }
        return from == to ? null : new long[] {from, to};
    }

    private long[] timeRange(Long latest) {
        if (toMillis < fromMillis) {
            throw new IllegalArgumentException("Table " + store.location() + ": the end time " + toMillis
                    + " of an incremental read is before its start time " + fromMillis);
        }
        Long earliest = earliestReadable();
        if (latest == null || earliest == null || fromMillis.equals(toMillis)) {
            return null;
        }
        Snapshot earliestSnapshot = new SnapshotChanges(store).snapshotOrChangelog(earliest).orElse(null);
        Snapshot latestSnapshot = store.snapshotManager().snapshot(latest);
        if (earliestSnapshot == null || fromMillis > latestSnapshot.timeMillis() || toMillis < earliestSnapshot.timeMillis()) {
            return null;
        }
        Optional<Snapshot> start = atOrBefore(fromMillis, earliest, latest);
        long from = start.isEmpty() || earliestSnapshot.timeMillis() > fromMillis ? earliest - 1 : start.get().id();
        long to = atOrBefore(toMillis, earliest, latest).map(Snapshot::id).orElse(latest);
        return from >= to ? null : new long[] {from, to};
    }

    /** The oldest snapshot whose changes can still be read: a kept changelog, or the earliest snapshot. */
    private Long earliestReadable() {
        Long changelog = new ChangelogManager(store.fileIO(), store.location()).earliestId();
        Long snapshot = store.snapshotManager().earliestSnapshotId();
        if (changelog == null) {
            return snapshot;
        }
        return snapshot == null ? changelog : Math.min(changelog, snapshot);
    }

    /** The newest snapshot or kept changelog committed at or before the time (commit times grow with ids). */
    private Optional<Snapshot> atOrBefore(long millis, long earliest, long latest) {
        SnapshotChanges changes = new SnapshotChanges(store);
        Snapshot found = null;
        long low = earliest;
        long high = latest;
        while (low <= high) {
            long mid = low + (high - low) / 2;
            Optional<Snapshot> s = changes.snapshotOrChangelog(mid);
            if (s.isEmpty()) {
                // A gap (expired without a kept changelog): look only above it.
                low = mid + 1;
                continue;
            }
            if (s.get().timeMillis() <= millis) {
                found = s.get();
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return Optional.ofNullable(found);
    }
}
