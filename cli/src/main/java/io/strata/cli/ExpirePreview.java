package io.strata.cli;

import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.FileStoreTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which snapshots an expiration with these settings would expire, for {@code strata expire --dry-run}: the
 * rules of core's snapshot expiration (docs/snapshot-lifecycle.md) applied to the snapshot list without
 * deleting anything. Which files would go is known only while deleting, so a dry run does not list them.
 */
final class ExpirePreview {

    private ExpirePreview() {}

    /** The ids from the earliest snapshot up to the first one the settings keep, ascending. */
    static List<Long> expiring(FileStoreTable table, int retainMin, int retainMax, Instant olderThan, int maxDeletes) {
        SnapshotManager snapshots = table.snapshotManager();
        Long latest = snapshots.latestSnapshotId();
        Long earliest = snapshots.earliestSnapshotId();
        if (latest == null || earliest == null) {
            return List.of();
        }
        long min = Math.max(latest - retainMax + 1, earliest);
        long end = latest - retainMin + 1;
        if (!LifecycleOptions.CONSUMER_CHANGELOG_ONLY.get(table.schema().options())) {
            // A consumer's next snapshot and everything after it stay readable.
            end = Math.min(end, table.consumers().minNextSnapshot().orElse(Long.MAX_VALUE));
        }
        end = Math.min(end, earliest + maxDeletes);
        for (long id = min; id < end; id++) {
            Optional<io.strata.snapshot.Snapshot> s = snapshots.snapshotIfExists(id);
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
        return ids;
    }
}
