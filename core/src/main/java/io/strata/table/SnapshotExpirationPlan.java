package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

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
@PublicApi
public record SnapshotExpirationPlan(long earliest, long endExclusive, List<Long> snapshotIds) {

    static final SnapshotExpirationPlan NONE = new SnapshotExpirationPlan(-1, -1, List.of());

    public SnapshotExpirationPlan {
        snapshotIds = List.copyOf(snapshotIds);
    }

    /** Whether nothing would expire. */
    public boolean isEmpty() {
        return snapshotIds.isEmpty();
    }

    /** The plan over {@code snapshots}; {@code consumersProtect}: consumers' snapshots stay. */
    static SnapshotExpirationPlan plan(SnapshotManager snapshots, ConsumerManager consumers, int retainMin,
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
        return new SnapshotExpirationPlan(earliest, end, ids);
    }
}
