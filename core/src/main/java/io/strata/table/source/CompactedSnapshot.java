package io.strata.table.source;

import io.strata.schema.ChangelogProducer;
import io.strata.schema.CompactionOptions;
import io.strata.schema.TableOptions;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.store.TableStore;
import java.util.Optional;

/**
 * The snapshot that Paimon 1.4.2's {@code scan.mode = compacted-full} reads: the newest COMPACT snapshot or,
 * where the table schedules full compactions ({@code changelog-producer = full-compaction} or
 * {@code full-compaction.delta-commits}), the newest COMPACT snapshot of a full compaction (a commit identifier
 * that is a multiple of the delta commits, or a batch commit's); the latest snapshot when there is none.
 */
public final class CompactedSnapshot {

    private CompactedSnapshot() {}

    /** The id of that snapshot, or null when the table has no snapshot. */
    public static Long pick(TableStore store) {
        SnapshotManager snapshots = store.snapshotManager();
        Long latest = snapshots.latestSnapshotId();
        Long earliest = snapshots.earliestSnapshotId();
        if (latest == null || earliest == null) {
            return null;
        }
        TableOptions options = store.schema().tableOptions();
        Integer configured = new CompactionOptions(options).fullCompactionDeltaCommits();
        boolean full = options.changelogProducer() == ChangelogProducer.FULL_COMPACTION || configured != null;
        int deltaCommits = configured != null ? configured : 1;
        for (long id = latest; id >= earliest; id--) {
            Optional<Snapshot> s = snapshots.snapshotIfExists(id);
            if (s.isPresent() && s.get().commitKind() == CommitKind.COMPACT
                    && (!full || s.get().commitIdentifier() % deltaCommits == 0
                            || s.get().commitIdentifier() == Long.MAX_VALUE)) {
                return id;
            }
        }
        return latest;
    }
}
