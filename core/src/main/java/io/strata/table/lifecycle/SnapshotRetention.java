package io.strata.table.lifecycle;

import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.ExpireSnapshots;
import io.strata.table.Plan;
import io.strata.table.store.TableStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.fs.Path;

/** The implementation of {@link ExpireSnapshots}. */
public final class SnapshotRetention implements ExpireSnapshots {

    private final TableStore store;
    private final int retainMin;
    private final int retainMax;
    private final Instant olderThan;
    private final int maxDeletes;

    /** Starts from the table's options; "now" is always its {@link TableStore#clock() clock}'s. */
    public SnapshotRetention(TableStore store) {
        this(store, LifecycleOptions.SNAPSHOT_NUM_RETAINED_MIN.get(options(store)),
                LifecycleOptions.SNAPSHOT_NUM_RETAINED_MAX.get(options(store)), null,
                LifecycleOptions.SNAPSHOT_EXPIRE_LIMIT.get(options(store)));
    }

    private SnapshotRetention(TableStore store, int retainMin, int retainMax, Instant olderThan, int maxDeletes) {
        this.store = store;
        this.retainMin = retainMin;
        this.retainMax = retainMax;
        this.olderThan = olderThan;
        this.maxDeletes = maxDeletes;
    }

    private static Map<String, String> options(TableStore store) {
        return store.schema().options();
    }

    @Override
    public ExpireSnapshots retainMin(int snapshots) {
        return new SnapshotRetention(store, snapshots, retainMax, olderThan, maxDeletes);
    }

    @Override
    public ExpireSnapshots retainMax(int snapshots) {
        return new SnapshotRetention(store, retainMin, snapshots, olderThan, maxDeletes);
    }

    @Override
    public ExpireSnapshots retainLast(int snapshots) {
        return new SnapshotRetention(store, snapshots, snapshots, olderThan, maxDeletes);
    }

    @Override
    public ExpireSnapshots olderThan(Instant time) {
        return new SnapshotRetention(store, retainMin, retainMax, time, maxDeletes);
    }

    @Override
    public ExpireSnapshots maxDeletes(int snapshots) {
        return new SnapshotRetention(store, retainMin, retainMax, olderThan, snapshots);
    }

    @Override
    public Result commit() {
        Map<String, String> options = validatedOptions();
        SnapshotReferences references = new SnapshotReferences(store.fileIO(), store.paths(), store.schema());
        Result expired = new SnapshotRemoval(references, options).expire(plan(options));
        if (!LifecycleOptions.changelogDecoupled(options)) {
            return expired;
        }
        // Then the kept changelogs, by the table's changelog.* options (Paimon runs both, in this order).
        return plusChangelogs(expired, new ChangelogExpiration(references, options).expire(store.clock().instant()));
    }

    @Override
    public Plan plan() {
        return plan(validatedOptions());
    }

    private Plan plan(Map<String, String> options) {
        Instant cutoff = olderThan != null ? olderThan
                : store.clock().instant().minus(LifecycleOptions.SNAPSHOT_TIME_RETAINED.get(options));
        boolean consumersProtect = !LifecycleOptions.CONSUMER_CHANGELOG_ONLY.get(options);
        return plan(store.snapshotManager(), new ConsumerManager(store.fileIO(), store.location()),
                retainMin, retainMax, cutoff, maxDeletes, consumersProtect);
    }

    private Map<String, String> validatedOptions() {
        Map<String, String> options = options(store);
        try {
            LifecycleOptions.validate(options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + store.location() + ": " + e.getMessage(), e);
        }
        return options;
    }

    /** {@code expired} followed by a changelog expiration. */
    private static Result plusChangelogs(Result expired, Result changelogs) {
        List<Path> files = new ArrayList<>(expired.deletedFiles());
        files.addAll(changelogs.deletedFiles());
        return new Result(expired.snapshotIds(), files, changelogs.changelogIds());
    }

    /** The plan over {@code snapshots}; {@code consumersProtect}: consumers' snapshots stay. */
    static Plan plan(SnapshotManager snapshots, ConsumerManager consumers, int retainMin,
            int retainMax, Instant olderThan, int maxDeletes, boolean consumersProtect) {
        if (retainMin < 1 || retainMax < retainMin || maxDeletes < 1) {
            throw new IllegalArgumentException("Snapshot expiration of table " + snapshots.tableRoot()
                    + ": need 1 <= retain min (" + retainMin + ") <= retain max (" + retainMax
                    + ") and max deletes (" + maxDeletes + ") >= 1");
        }
        Long latest = snapshots.latestSnapshotId();
        Long earliest = snapshots.earliestSnapshotId();
        if (latest == null || earliest == null) {
            return new Plan(-1, -1, List.of());
        }
        long min = Math.max(latest - retainMax + 1, earliest);
        long end = latest - retainMin + 1;
        if (consumersProtect) {
            OptionalLong next = consumers.minNextSnapshot();
            end = Math.min(end, next.isPresent() ? next.getAsLong() : Long.MAX_VALUE);
        }
        end = Math.min(end, earliest + maxDeletes);
        for (long id = min; id < end; id++) {
            Optional<Snapshot> s = snapshots.snapshotIfExists(id);
            if (s.isPresent() && olderThan.toEpochMilli() <= s.get().timeMillis()) {
                end = id;
                break;
            }
        }
        List<Long> ids = new ArrayList<>();
        for (long id = earliest; id < end; id++) {
            if (snapshots.snapshotExists(id)) {
                ids.add(id);
            }
        }
        return new Plan(earliest, end, ids);
    }
}
