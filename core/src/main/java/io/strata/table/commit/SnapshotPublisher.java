package io.strata.table.commit;

import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.CommitFailedException;
import io.strata.table.CommitStateUnknownException;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last step of a commit: creating {@code snapshot-N} (under the commit lock when the table has one), which
 * makes the commit visible, and telling what happened. An error while creating the file is not taken as a
 * failure until the file is read back: a rename that took effect and then threw (or whose reply was lost) must
 * not cost a landed snapshot its files.
 */
final class SnapshotPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotPublisher.class);

    /** What became of one attempt to create the next snapshot file. */
    enum Outcome {
        CREATED,
        TAKEN_BY_ANOTHER_WRITER
    }

    private final SnapshotManager snapshots;
    private final CommitHooks hooks;
    private final CommitBackOff backOff;
    private final String commitUser;
    private final Path table;

    SnapshotPublisher(SnapshotManager snapshots, CommitHooks hooks, CommitBackOff backOff, String commitUser,
            Path table) {
        this.snapshots = snapshots;
        this.hooks = hooks;
        this.backOff = backOff;
        this.commitUser = commitUser;
        this.table = table;
    }

    /**
     * Creates the snapshot file under the commit lock. If creating it throws, the file may exist all the same, so
     * the snapshot is read back: ours means the commit landed, another writer's means we lost the race, none means
     * nothing happened (the error is rethrown). Only if it cannot be read back either is the outcome unknown
     * ({@link CommitStateUnknownException}).
     */
    Outcome create(Snapshot next) throws IOException {
        try {
            return hooks.createSnapshot(() -> snapshots.tryCommit(next)) ? Outcome.CREATED : Outcome.TAKEN_BY_ANOTHER_WRITER;
        } catch (CommitFailedException e) {
            // The lock was not taken: nothing was attempted.
            throw e;
        } catch (IOException | RuntimeException e) {
            Optional<Snapshot> found = readBack(next, e);
            if (found.isEmpty()) {
                throw e;
            }
            if (isOurs(found.get(), next)) {
                LOG.warn("Creating snapshot {} of {} reported an error, but the snapshot landed: the commit stands",
                        next.id(), table, e);
                return Outcome.CREATED;
            }
            return Outcome.TAKEN_BY_ANOTHER_WRITER;
        }
    }

    /** Hints only speed up finding snapshots; readers verify them, so a failure here is harmless. */
    void writeHints(long id) {
        try {
            snapshots.commitLatestHint(id);
            if (id == 1) {
                snapshots.commitEarliestHint(1);
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not update the snapshot hints of {}: {}", table, e.toString());
        }
    }

    /**
     * The snapshot file with the id of {@code next}, read a few times with the retry back-off; empty if it does
     * not exist. Throws {@link CommitStateUnknownException} if it cannot be read.
     */
    private Optional<Snapshot> readBack(Snapshot next, Exception createFailure) throws IOException {
        int checks = 3;
        for (int check = 0; ; check++) {
            try {
                return snapshots.snapshotIfExists(next.id());
            } catch (RuntimeException e) {
                if (check + 1 >= checks) {
                    CommitStateUnknownException unknown = new CommitStateUnknownException(table, commitUser,
                            next.commitIdentifier(), next.commitKind(), next.id(), createFailure);
                    unknown.addSuppressed(e);
                    throw unknown;
                }
                backOff.backOff(check);
            }
        }
    }

    private boolean isOurs(Snapshot found, Snapshot next) {
        return commitUser.equals(found.commitUser()) && found.commitIdentifier() == next.commitIdentifier()
                && found.commitKind() == next.commitKind() && found.timeMillis() == next.timeMillis();
    }
}
