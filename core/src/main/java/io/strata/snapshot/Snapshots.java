package io.strata.snapshot;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Optional;

/**
 * The snapshots of a table, read-only: what readers, tools and the metastore sync look up. Snapshots are
 * created only by commits and removed only by expiration and rollback, so this view has no way to do
 * either. Every call reads the file system: the answer is as of the call.
 */
@PublicApi
public interface Snapshots {

    /** The newest snapshot id, or null if the table has no snapshot. */
    Long latestSnapshotId();

    /** The oldest snapshot id still present, or null if the table has no snapshot. */
    Long earliestSnapshotId();

    /** Whether snapshot {@code id} exists. */
    boolean snapshotExists(long id);

    /** Snapshot {@code id}; fails if it does not exist, or naming the file if it is corrupt. */
    Snapshot snapshot(long id);

    /** The snapshot, or empty if its file does not exist (expired or rolled back meanwhile). */
    Optional<Snapshot> snapshotIfExists(long id);

    /** The newest snapshot, or empty if the table has none. */
    Optional<Snapshot> latestSnapshot();

    /** Every snapshot present, oldest first. */
    List<Snapshot> snapshots();

    /** The ids of the snapshot files present, ascending. */
    List<Long> listIds();

    /**
     * The newest snapshot committed at or before {@code timeMillis}; fails, naming the time and the
     * earliest snapshot, if there is none.
     */
    Snapshot latestSnapshotAtOrBefore(long timeMillis);
}
