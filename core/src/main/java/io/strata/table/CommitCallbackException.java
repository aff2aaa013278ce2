package io.strata.table;

import io.strata.api.PublicApi;
import org.apache.hadoop.fs.Path;

/**
 * A commit landed, but one or more of its {@link CommitCallback}s failed. The snapshot is committed and
 * visible to readers: retrying the write would write its rows a second time. What is left to do is
 * whatever the failed callbacks did (for the metastore sync: sync again).
 */
@PublicApi
public final class CommitCallbackException extends CommitException {

    private static final long serialVersionUID = 1L;

    private final long snapshotId;

    public CommitCallbackException(Path table, long snapshotId, String failedCallbacks, Throwable cause) {
        super(table, "Snapshot " + snapshotId + " of table " + table + " was committed and stays committed (do not "
                + "retry the write), but " + failedCallbacks + ": " + cause, cause);
        this.snapshotId = snapshotId;
    }

    /** The id of the snapshot that landed. */
    public long snapshotId() {
        return snapshotId;
    }
}
