package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.fs.Path;

/**
 * Expiration of a table's oldest snapshots, refined then committed; starts from the table's
 * {@code snapshot.*} options. Immutable: each refinement returns a new action.
 *
 * <pre>{@code
 * Result gone = table.expireSnapshots().retainLast(5).commit();
 * }</pre>
 *
 * <p>Retained snapshots, tagged snapshots and the snapshots a consumer still needs stay readable, with
 * every file they reference; see {@code docs/snapshot-lifecycle.md}.
 */
@PublicApi
public final class ExpireSnapshots {

    private final FileStoreTable table;
    private final int retainMin;
    private final int retainMax;
    private final Instant olderThan;
    private final int maxDeletes;

    /** Starts from the table's options; "now" is always its {@link FileStoreTable#clock() clock}'s. */
    ExpireSnapshots(FileStoreTable table) {
        this(table, LifecycleOptions.SNAPSHOT_NUM_RETAINED_MIN.get(options(table)),
                LifecycleOptions.SNAPSHOT_NUM_RETAINED_MAX.get(options(table)), null,
                LifecycleOptions.SNAPSHOT_EXPIRE_LIMIT.get(options(table)));
    }

    private ExpireSnapshots(FileStoreTable table, int retainMin, int retainMax, Instant olderThan, int maxDeletes) {
        this.table = table;
        this.retainMin = retainMin;
        this.retainMax = retainMax;
        this.olderThan = olderThan;
        this.maxDeletes = maxDeletes;
    }

    private static Map<String, String> options(FileStoreTable table) {
        return table.schema().options();
    }

    /** Keeps at least this many of the newest snapshots (default {@code snapshot.num-retained.min}). */
    public ExpireSnapshots retainMin(int snapshots) {
        return new ExpireSnapshots(table, snapshots, retainMax, olderThan, maxDeletes);
    }

    /** Keeps at most this many snapshots, whatever their age (default {@code snapshot.num-retained.max}). */
    public ExpireSnapshots retainMax(int snapshots) {
        return new ExpireSnapshots(table, retainMin, snapshots, olderThan, maxDeletes);
    }

    /** Keeps exactly the newest {@code snapshots} (fewer only if the table has fewer), whatever their age. */
    public ExpireSnapshots retainLast(int snapshots) {
        return new ExpireSnapshots(table, snapshots, snapshots, olderThan, maxDeletes);
    }

    /**
     * Expires only snapshots committed before {@code time} (default: now minus
     * {@code snapshot.time-retained}), within the retain-min and retain-max bounds.
     */
    public ExpireSnapshots olderThan(Instant time) {
        return new ExpireSnapshots(table, retainMin, retainMax, time, maxDeletes);
    }

    /** Expires at most this many snapshots in this run (default {@code snapshot.expire.limit}). */
    public ExpireSnapshots maxDeletes(int snapshots) {
        return new ExpireSnapshots(table, retainMin, retainMax, olderThan, snapshots);
    }

    /**
     * Expires the snapshots and deletes the files nothing else needs; where the table keeps changelogs
     * longer than snapshots ({@code changelog.*} options), expired snapshots leave their changelogs in
     * {@code changelog/}, and the kept changelogs past their own retention expire next. Fails before
     * changing anything if the table's lifecycle options or the refinements are invalid.
     */
    public Result commit() {
        Map<String, String> options = validatedOptions();
        SnapshotReferences references = new SnapshotReferences(table.fileIO(), table.paths(), table.schema());
        Result expired = new SnapshotRemoval(references, options).expire(plan(options));
        if (!LifecycleOptions.changelogDecoupled(options)) {
            return expired;
        }
        // Then the kept changelogs, by the table's changelog.* options (Paimon runs both, in this order).
        return expired.plusChangelogs(new ChangelogExpiration(references, options).expire(table.clock().instant()));
    }

    /**
     * The snapshots {@link #commit()} would expire now, changing nothing: a preview ({@code strata expire
     * --dry-run}) and the expiration share this one plan. Fails like {@code commit()} on invalid options or
     * refinements.
     */
    public Plan plan() {
        return plan(validatedOptions());
    }

    private Plan plan(Map<String, String> options) {
        Instant cutoff = olderThan != null ? olderThan
                : table.clock().instant().minus(LifecycleOptions.SNAPSHOT_TIME_RETAINED.get(options));
        boolean consumersProtect = !LifecycleOptions.CONSUMER_CHANGELOG_ONLY.get(options);
        return Plan.plan(table.snapshotManager(), new ConsumerManager(table.fileIO(), table.location()),
                retainMin, retainMax, cutoff, maxDeletes, consumersProtect);
    }

    private Map<String, String> validatedOptions() {
        Map<String, String> options = options(table);
        try {
            LifecycleOptions.validate(options);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + table.location() + ": " + e.getMessage(), e);
        }
        return options;
    }

    /**
     * Which snapshots an expiration expires: those from the earliest up to (excluding) an end snapshot,
     * where the end keeps at least {@code retainMin} snapshots, at most {@code retainMax}, no snapshot a
     * consumer still needs (from its next snapshot on), expires at most {@code maxDeletes} at a time, and
     * stops at the first snapshot committed at or after {@code olderThan} (unless beyond {@code retainMax}):
     * Paimon 1.4.2's rules. {@link ExpireSnapshots#plan()} makes it and {@link ExpireSnapshots#commit()}
     * executes exactly it, so a preview ({@code strata expire --dry-run}) and an expiration never disagree.
     *
     * @param earliest the earliest snapshot when planned (-1: the table has none)
     * @param endExclusive the first snapshot that stays ({@code <= earliest}: nothing expires)
     * @param snapshotIds the snapshots in [earliest, endExclusive) that exist, ascending
     */
    public record Plan(long earliest, long endExclusive, List<Long> snapshotIds) {

        static final Plan NONE = new Plan(-1, -1, List.of());

        public Plan {
            snapshotIds = List.copyOf(snapshotIds);
        }

        /** Whether nothing would expire. */
        public boolean isEmpty() {
            return snapshotIds.isEmpty();
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
                return NONE;
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

    /**
     * What a snapshot expiration removed.
     *
     * @param snapshotIds the expired snapshots, ascending (their snapshot files are gone)
     * @param deletedFiles the data, changelog, index, manifest and manifest-list files deleted with them
     * @param changelogIds the kept changelogs ({@code changelog/changelog-N}) that expired in the same run
     */
    public record Result(List<Long> snapshotIds, List<Path> deletedFiles, List<Long> changelogIds) {

        /** Nothing expired. */
        public static final Result NONE = new Result(List.of(), List.of());

        public Result {
            snapshotIds = List.copyOf(snapshotIds);
            deletedFiles = List.copyOf(deletedFiles);
            changelogIds = List.copyOf(changelogIds);
        }

        /** Snapshots expired, no changelog. */
        public Result(List<Long> snapshotIds, List<Path> deletedFiles) {
            this(snapshotIds, deletedFiles, List.of());
        }

        /** This run followed by a changelog expiration. */
        Result plusChangelogs(Result changelogs) {
            List<Path> files = new ArrayList<>(deletedFiles);
            files.addAll(changelogs.deletedFiles());
            return new Result(snapshotIds, files, changelogs.changelogIds());
        }
    }
}
