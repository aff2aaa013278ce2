package io.strata.table.change;

import io.strata.schema.MergeEngine;
import io.strata.schema.TableOptions;
import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.TagManager;
import io.strata.snapshot.TagPeriod;
import io.strata.table.ChangePlan;
import io.strata.table.ChangeReadOptions;
import io.strata.table.ChangeSplit;
import io.strata.table.IncrementalScan;
import io.strata.table.TableScan;
import io.strata.table.source.SnapshotScan;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;

/** The implementation of {@link IncrementalScan}. */
public final class SnapshotRangeScan implements IncrementalScan {

    private final TableStore store;
    private final Long fromExclusive;
    private final Long toInclusive;
    private final Long fromMillis;
    private final Long toMillis;
    private final String fromTag;
    private final String toTag;
    private final ChangeReadOptions.BetweenScanMode mode;
    private final List<String> projection;

    public SnapshotRangeScan(TableStore store) {
        this(store, null, null, null, null, null, null, ChangeReadOptions.BetweenScanMode.AUTO, null);
    }

    private SnapshotRangeScan(TableStore store, Long fromExclusive, Long toInclusive, Long fromMillis, Long toMillis,
            String fromTag, String toTag, ChangeReadOptions.BetweenScanMode mode, List<String> projection) {
        this.store = store;
        this.fromExclusive = fromExclusive;
        this.toInclusive = toInclusive;
        this.fromMillis = fromMillis;
        this.toMillis = toMillis;
        this.fromTag = fromTag;
        this.toTag = toTag;
        this.mode = mode;
        this.projection = projection;
    }

    @Override
    public IncrementalScan between(long fromExclusive, long toInclusive) {
        return new SnapshotRangeScan(store, fromExclusive, toInclusive, null, null, null, null, mode, projection);
    }

    @Override
    public IncrementalScan betweenTimestamps(long fromMillis, long toMillis) {
        return new SnapshotRangeScan(store, null, null, fromMillis, toMillis, null, null, mode, projection);
    }

    @Override
    public IncrementalScan betweenTags(String fromTag, String toTag) {
        return new SnapshotRangeScan(store, null, null, null, null, Objects.requireNonNull(fromTag, "fromTag"),
                Objects.requireNonNull(toTag, "toTag"), mode, projection);
    }

    @Override
    public IncrementalScan withScanMode(ChangeReadOptions.BetweenScanMode scanMode) {
        return new SnapshotRangeScan(store, fromExclusive, toInclusive, fromMillis, toMillis, fromTag, toTag, scanMode,
                projection);
    }

    @Override
    public IncrementalScan select(String... columns) {
        return new SnapshotRangeScan(store, fromExclusive, toInclusive, fromMillis, toMillis, fromTag, toTag, mode,
                List.of(columns));
    }

    @Override
    public IncrementalScan withOptions(Map<String, String> options) {
        IncrementalScan scan;
        String between;
        String betweenTime;
        boolean tagToSnapshot;
        String toAutoTag;
        try {
            scan = withScanMode(ChangeReadOptions.INCREMENTAL_BETWEEN_SCAN_MODE.get(options));
            between = ChangeReadOptions.INCREMENTAL_BETWEEN.get(options);
            betweenTime = ChangeReadOptions.INCREMENTAL_BETWEEN_TIMESTAMP.get(options);
            tagToSnapshot = ChangeReadOptions.INCREMENTAL_BETWEEN_TAG_TO_SNAPSHOT.get(options);
            toAutoTag = ChangeReadOptions.INCREMENTAL_TO_AUTO_TAG.get(options);
            ChangeReadOptions.StartMode startMode = ChangeReadOptions.SCAN_MODE.get(options);
            if (startMode != ChangeReadOptions.StartMode.DEFAULT && startMode != ChangeReadOptions.StartMode.INCREMENTAL
                    && (between != null || betweenTime != null || toAutoTag != null)) {
                throw new IllegalArgumentException("option '" + ChangeReadOptions.SCAN_MODE.key() + "' = '"
                        + options.get(ChangeReadOptions.SCAN_MODE.key()) + "' is not an incremental read");
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + store.location() + ": " + e.getMessage(), e);
        }
        if (between != null) {
            String key = ChangeReadOptions.INCREMENTAL_BETWEEN.key();
            String[] parts = between.split(",");
            if (parts.length != 2) {
                throw new IllegalArgumentException("Table " + store.location() + ": option '" + key + "' = '" + between
                        + "' must be 'from,to': two snapshot ids or two tag names");
            }
            String from = parts[0].trim();
            String to = parts[1].trim();
            TagManager tags = store.tagManager();
            Optional<Snapshot> fromTagged = tags.tag(from);
            Optional<Snapshot> toTagged = tags.tag(to);
            // As Paimon: two tags first (a tag may be named like a number), then two snapshot ids.
            if (fromTagged.isPresent() && toTagged.isPresent()) {
                return tagToSnapshot ? scan.between(fromTagged.get().id(), toTagged.get().id()) : scan.betweenTags(from, to);
            }
            try {
                return scan.between(Long.parseLong(from), Long.parseLong(to));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Table " + store.location() + ": option '" + key + "' = '" + between
                        + "' names neither two tags of the table nor two snapshot ids"
                        + (fromTagged.isEmpty() && !isNumber(from) ? " (no tag '" + from + "')" : "")
                        + (toTagged.isEmpty() && !isNumber(to) ? " (no tag '" + to + "')" : ""));
            }
        }
        if (betweenTime != null) {
            long[] range = pair(ChangeReadOptions.INCREMENTAL_BETWEEN_TIMESTAMP.key(), betweenTime);
            return scan.betweenTimestamps(range[0], range[1]);
        }
        if (toAutoTag != null) {
            return toAutoTag(scan, toAutoTag.trim());
        }
        return scan;
    }

    /**
     * Paimon's {@code incremental-to-auto-tag}: the diff from the automatic tag before {@code endTag} (the newest
     * whose period starts earlier) to {@code endTag}; nothing when either is missing.
     */
    private IncrementalScan toAutoTag(IncrementalScan scan, String endTag) {
        TagPeriod period = TagPeriod.of(store.schema().options());
        LocalDateTime end = period.parse(endTag).orElseThrow(() -> new IllegalArgumentException("Table "
                + store.location() + ": option '" + ChangeReadOptions.INCREMENTAL_TO_AUTO_TAG.key() + "' = '" + endTag
                + "' is not the name of an automatic tag (tag.creation-period, tag.period-formatter)"));
        if (store.tagManager().tag(endTag).isEmpty()) {
            return scan.between(0, 0);
        }
        String start = null;
        LocalDateTime startTime = null;
        for (String name : store.tagManager().tagNames()) {
            LocalDateTime time = period.parse(name).orElse(null);
            if (time != null && time.isBefore(end) && (startTime == null || time.isAfter(startTime))) {
                start = name;
                startTime = time;
            }
        }
        return start == null ? scan.between(0, 0) : scan.betweenTags(start, endTag);
    }

    private static boolean isNumber(String text) {
        try {
            Long.parseLong(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
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
                    + "' must be two numbers 'from,to' (epoch millis)");
        }
    }

    @Override
    public ChangePlan plan() {
        RowType rowType = store.schema().rowType();
        int[] projected = projection == null ? IntStream.range(0, rowType.fieldCount()).toArray()
                : projection.stream().mapToInt(rowType::requireIndexOf).toArray();
        RowType readType = rowType.project(projected);
        if (fromTag != null || mode == ChangeReadOptions.BetweenScanMode.DIFF) {
            return planDiff(projected, readType);
        }
        long[] range = range();
        if (range == null) {
            return new ChangePlan(0, 0, List.of(), projected, readType);
        }
        SnapshotChanges changes = switch (mode) {
            case AUTO -> new SnapshotChanges(store);
            case DELTA -> new SnapshotChanges(store, ChangeSplit.Source.DELTA);
            case CHANGELOG -> new SnapshotChanges(store, ChangeSplit.Source.CHANGELOG);
            case DIFF -> throw new IllegalStateException("a diff is planned by planDiff");
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

    /**
     * The difference between two snapshots, as Paimon reads two tags or the diff scan mode: snapshot ids as
     * given (both must still exist; 0 is the empty table), times resolved to the newest snapshot at or before
     * each (the earliest, the latest when there is none).
     */
    private ChangePlan planDiff(int[] projected, RowType readType) {
        SnapshotScan base = new SnapshotScan(store);
        TableScan before;
        TableScan after;
        long from;
        long to;
        if (fromTag != null) {
            Snapshot start = taggedSnapshot(fromTag);
            Snapshot end = taggedSnapshot(toTag);
            if (end.id() < start.id()) {
                throw new IllegalArgumentException("Table " + store.location() + ": tag '" + toTag + "' (snapshot "
                        + end.id() + ") is older than tag '" + fromTag + "' (snapshot " + start.id()
                        + "): the end of a diff must not be older than its start");
            }
            from = start.id();
            to = end.id();
            before = base.asOfTag(fromTag);
            after = base.asOfTag(toTag);
        } else if (fromMillis != null) {
            long[] range = diffTimeRange();
            if (range == null) {
                return new ChangePlan(0, 0, List.of(), projected, readType);
            }
            from = range[0];
            to = range[1];
            before = base.asOfSnapshot(from);
            after = base.asOfSnapshot(to);
        } else {
            long[] range = range();
            if (range == null) {
                return new ChangePlan(0, 0, List.of(), projected, readType);
            }
            from = range[0];
            to = range[1];
            if (from > 0 && !store.snapshotManager().snapshotExists(from)) {
                throw new IllegalArgumentException("Table " + store.location() + ": snapshot " + from
                        + " has expired; a diff needs both snapshots (" + from + " and " + to + ")");
            }
            before = from == 0 ? null : base.asOfSnapshot(from);
            after = base.asOfSnapshot(to);
        }
        if (from == to) {
            return new ChangePlan(from, to, List.of(), projected, readType);
        }
        boolean primaryKey = !store.schema().primaryKeys().isEmpty();
        TableOptions options = store.schema().tableOptions();
        boolean skipLevelZero = primaryKey
                && (options.deletionVectorsEnabled() || options.mergeEngine() == MergeEngine.FIRST_ROW);
        return new ChangePlan(from, to, DiffSplits.plan(before, after, skipLevelZero), projected, readType);
    }

    private Snapshot taggedSnapshot(String tag) {
        return store.tagManager().tag(tag).orElseThrow(() -> new IllegalArgumentException(
                "Table " + store.location() + " has no tag '" + tag + "'"));
    }

    /** {start, end} snapshot ids of a diff between two times, as Paimon resolves them, or null if empty. */
    private long[] diffTimeRange() {
        if (toMillis < fromMillis) {
            throw new IllegalArgumentException("Table " + store.location() + ": the end time " + toMillis
                    + " of an incremental read is before its start time " + fromMillis);
        }
        SnapshotManager snapshots = store.snapshotManager();
        Long earliest = snapshots.earliestSnapshotId();
        Long latest = snapshots.latestSnapshotId();
        if (earliest == null || latest == null || fromMillis.equals(toMillis)
                || fromMillis > snapshots.snapshot(latest).timeMillis()
                || toMillis < snapshots.snapshot(earliest).timeMillis()) {
            return null;
        }
        long start = snapshotAtOrBefore(fromMillis).orElse(earliest);
        long end = snapshotAtOrBefore(toMillis).orElse(latest);
        return start >= end ? null : new long[] {start, end};
    }

    private Optional<Long> snapshotAtOrBefore(long millis) {
        return Optional.ofNullable(store.snapshotManager().latestSnapshotAtOrBefore(millis)).map(Snapshot::id);
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
        if (from == to) {
            return null; // nothing between a snapshot and itself, whether or not it exists
        }
        if (latest == null || to > latest) {
            throw new IllegalArgumentException("Table " + store.location() + " has no snapshot " + to
                    + (latest == null ? " (it has no snapshot yet)" : " (its latest is " + latest + ")"));
        }
        return new long[] {from, to};
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
