package io.strata.table;

import io.strata.api.PublicApi;
import org.apache.hadoop.fs.Path;

/**
 * A commit that did not land: no snapshot names its files, the table is as it was, and the files the
 * commit wrote (data, manifests, manifest lists, index files) were removed. Writing the same rows again
 * in a new write is safe.
 */
@PublicApi
public sealed class CommitFailedException extends CommitException permits CommitConflictException {

    private static final long serialVersionUID = 1L;

    public CommitFailedException(Path table, String message, Throwable cause) {
        super(table, message, cause);
    }

    /** The commit to {@code table} failed because of {@code cause}; the message says the table is unchanged. */
    public static CommitFailedException because(Path table, Throwable cause) {
        if (cause instanceof CommitFailedException failed) {
            return failed;
        }
        return new CommitFailedException(table, "Commit to table " + table + " failed and changed nothing: "
                + cause.getMessage(), cause);
    }
}
