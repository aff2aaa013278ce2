package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.snapshot.CommitKind;
import org.apache.hadoop.fs.Path;

/**
 * Creating a snapshot failed in a way that may have taken effect (a rename that completed and then
 * reported an error, a lost reply), and reading the snapshot back to find out failed too. The commit
 * may have landed, so none of its files were removed: deleting them could break a committed snapshot.
 *
 * <p>To find out, look for a snapshot with the {@link #commitUser()} and {@link #commitIdentifier()}
 * of this commit (the {@link #snapshotId() expected id}, or a later one if the commit was retried). A
 * {@link StreamWrite} opened again with the same commit user does exactly that: its {@link
 * StreamWrite#lastCommittedIdentifier()} says whether the identifier landed, and replaying a commit
 * that landed is recognised and not applied twice. If it did not land, the files are orphans that
 * {@link RemoveOrphanFiles} removes once they are old enough.
 */
@PublicApi
public final class CommitStateUnknownException extends CommitException {

    private static final long serialVersionUID = 1L;

    private final String commitUser;
    private final long commitIdentifier;
    private final CommitKind commitKind;
    private final long snapshotId;

    public CommitStateUnknownException(Path table, String commitUser, long commitIdentifier, CommitKind commitKind,
            long snapshotId, Throwable cause) {
        super(table, "Commit to table " + table + " may or may not have landed: creating snapshot " + snapshotId
                + " failed (" + cause.getMessage() + ") and reading it back failed too. Nothing was cleaned up. "
                + "It landed if the table has a " + commitKind + " snapshot with commit user '" + commitUser
                + "' and commit identifier " + commitIdentifier + " (snapshot " + snapshotId + " or later); "
                + "check before writing the rows again.", cause);
        this.commitUser = commitUser;
        this.commitIdentifier = commitIdentifier;
        this.commitKind = commitKind;
        this.snapshotId = snapshotId;
    }

    /** The commit user the snapshot would carry. */
    public String commitUser() {
        return commitUser;
    }

    /** The commit identifier the snapshot would carry. */
    public long commitIdentifier() {
        return commitIdentifier;
    }

    /** The kind of snapshot the commit was creating. */
    public CommitKind commitKind() {
        return commitKind;
    }

    /** The id of the snapshot that was being created. */
    public long snapshotId() {
        return snapshotId;
    }
}
