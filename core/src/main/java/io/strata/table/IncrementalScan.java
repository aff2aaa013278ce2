package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

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
public final class IncrementalScan {

    private final FileStoreTable table;
    private final Long fromExclusive;
    private final Long toInclusive;
    private final Long fromMillis;
    private final Long toMillis;
    private final ChangeReadOptions.BetweenScanMode mode;
    private final List<String> projection;

    IncrementalScan(FileStoreTable table) {
        this(table, null, null, null, null, ChangeReadOptions.BetweenScanMode.AUTO, null);
    }

    private IncrementalScan(FileStoreTable table, Long fromExclusive, Long toInclusive, Long fromMillis, Long toMillis,
            ChangeReadOptions.BetweenScanMode mode, List<String> projection) {
        this.table = table;
        this.fromExclusive = fromExclusive;
        this.toInclusive = toInclusive;
        this.fromMillis = fromMillis;
        this.toMillis = toMillis;
        this.mode = mode;
        this.projection = projection;
    }

    /** The changes of snapshots {@code (fromExclusive, toInclusive]}. */
    public IncrementalScan between(long fromExclusive, long toInclusive) {
        return new IncrementalScan(table, fromExclusive, toInclusive, null, null, mode, projection);
    }

    /**
     * The changes of the snapshots committed after {@code fromMillis} up to {@code toMillis} (epoch
     * millis), resolved as Paimon's {@code incremental-between-timestamp}: from the newest snapshot at or
     * before {@code fromMillis} (exclusive) to the newest at or before {@code toMillis}.
     */
    public IncrementalScan betweenTimestamps(long fromMillis, long toMillis) {
        return new IncrementalScan(table, null, null, fromMillis, toMillis, mode, projection);
    }

    /** Reads the delta even where the table has a changelog producer, or the changelog where it has none. */
    public IncrementalScan withScanMode(ChangeReadOptions.BetweenScanMode scanMode) {
        return new IncrementalScan(table, fromExclusive, toInclusive, fromMillis, toMillis, scanMode, projection);
    }

    /** Returns only the named columns, in this order. */
    public IncrementalScan select(String... columns) {
        return new IncrementalScan(table, fromExclusive, toInclusive, fromMillis, toMillis, mode, List.of(columns));
    }

    /**
     * Takes the range from Paimon's read options {@code incremental-between} ({@code "from,to"} snapshot
     * ids), {@code incremental-between-timestamp} ({@code "from,to"} epoch millis) and
     * {@code incremental-between-scan-mode}; fails naming the option if a value is malformed.
     */
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
            throw new IllegalArgumentException("Table " + table.location() + ": option '" + key + "' = '" + value
                    + "' must be two numbers 'from,to' (tag names are not supported)");
        }
    }

    /** Plans the read; fails naming the table and the snapshot when the range is invalid or no longer readable. */
    public ChangePlan plan() {
        RowType rowType = table.schema().rowType();
        int[] projected = projection == null ? IntStream.range(0, rowType.fieldCount()).toArray()
                : projection.stream().mapToInt(rowType::requireIndexOf).toArray();
        RowType readType = rowType.project(projected);
        long[] range = range();
        if (range == null) {
            return new ChangePlan(0, 0, List.of(), projected, readType);
        }
        SnapshotChanges changes = switch (mode) {
            case AUTO -> new SnapshotChanges(table);
            case DELTA -> new SnapshotChanges(table, ChangeSplit.Source.DELTA);
            case CHANGELOG -> new SnapshotChanges(table, ChangeSplit.Source.CHANGELOG);
        };
        List<Snapshot> snapshots = new ArrayList<>();
        for (long id = range[0] + 1; id <= range[1]; id++) {
            long missing = id;
            snapshots.add(changes.snapshotOrChangelog(id).orElseThrow(() -> new IllegalArgumentException("Table "
                    + table.location() + ": snapshot " + missing + " has expired and no changelog of it is kept;"
                    + " cannot read the changes between snapshots " + range[0] + " and " + range[1])));
        }
        List<ChangeSplit> splits = new ArrayList<>();
        try {
            for (Snapshot s : snapshots) {
                splits.addAll(changes.changes(s));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Table " + table.location() + ": cannot read the changes between snapshots "
                    + range[0] + " and " + range[1] + ": " + e.getMessage(), e);
        }
        return new ChangePlan(range[0], range[1], splits, projected, readType);
    }

    /** {from, to} checked against the table, or null when the range is empty. */
    private long[] range() {
        SnapshotManager snapshots = table.snapshotManager();
        Long latest = snapshots.latestSnapshotId();
        if (fromExclusive == null && fromMillis == null) {
            throw new IllegalStateException("Incremental scan of table " + table.location()
                    + ": no range given (between, betweenTimestamps or the incremental-between options)");
        }
        if (fromMillis != null) {
            return timeRange(latest);
        }
        long from = fromExclusive;
        long to = toInclusive;
        if (from < 0 || from > to) {
            throw new IllegalArgumentException("Table " + table.location() + ": cannot read the changes from snapshot "
                    + from + " to the older snapshot " + to + " (from is exclusive and must not exceed to)");
        }
        if (latest == null || to > latest) {
            throw new IllegalArgumentException("Table " + table.location() + " has no snapshot " + to
                    + (latest == null ? " (it has no snapshot yet)" : " (its latest is " + latest + ")"));
        }
        return from == to ? null : new long[] {from, to};
    }

    private long[] timeRange(Long latest) {
        if (toMillis < fromMillis) {
            throw new IllegalArgumentException("Table " + table.location() + ": the end time " + toMillis
                    + " of an incremental read is before its start time " + fromMillis);
        }
        Long earliest = earliestReadable();
        if (latest == null || earliest == null || fromMillis.equals(toMillis)) {
            return null;
        }
        Snapshot earliestSnapshot = new SnapshotChanges(table).snapshotOrChangelog(earliest).orElse(null);
        Snapshot latestSnapshot = table.snapshotManager().snapshot(latest);
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
        Long changelog = new ChangelogManager(table.fileIO(), table.location()).earliestId();
        Long snapshot = table.snapshotManager().earliestSnapshotId();
        if (changelog == null) {
            return snapshot;
        }
        return snapshot == null ? changelog : Math.min(changelog, snapshot);
    }

    /** The newest snapshot or kept changelog committed at or before the time (commit times grow with ids). */
    private Optional<Snapshot> atOrBefore(long millis, long earliest, long latest) {
        SnapshotChanges changes = new SnapshotChanges(table);
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
