package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.snapshot.ConsumerManager;
import io.strata.schema.LifecycleOptions;
import java.time.Instant;
import java.util.Map;

/**
 * Expiration of a table's oldest snapshots, refined then committed; starts from the table's
 * {@code snapshot.*} options. Immutable: each refinement returns a new action.
 *
 * <pre>{@code
 * ExpiredSnapshots gone = table.expireSnapshots().retainLast(5).commit();
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
    public ExpiredSnapshots commit() {
        Map<String, String> options = validatedOptions();
        SnapshotReferences references = new SnapshotReferences(table.fileIO(), table.paths(), table.schema());
        ExpiredSnapshots expired = new SnapshotExpiration(references, options).expire(plan(options));
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
    public SnapshotExpirationPlan plan() {
        return plan(validatedOptions());
    }

    private SnapshotExpirationPlan plan(Map<String, String> options) {
        Instant cutoff = olderThan != null ? olderThan
                : table.clock().instant().minus(LifecycleOptions.SNAPSHOT_TIME_RETAINED.get(options));
        boolean consumersProtect = !LifecycleOptions.CONSUMER_CHANGELOG_ONLY.get(options);
        return SnapshotExpirationPlan.plan(table.snapshotManager(), new ConsumerManager(table.fileIO(), table.location()),
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
}
