package io.strata.table;

import io.strata.api.PublicApi;
import org.apache.hadoop.fs.Path;

/**
 * Why a commit did not simply succeed. Its three kinds tell the caller what state the table is in,
 * and so what it may do next:
 *
 * <ul>
 *   <li>{@link CommitFailedException}: the commit did not land. The table is as it was and every file
 *       the commit wrote was removed; the write may be retried. {@link CommitConflictException} is the
 *       failure caused by other writers (a file the commit replaces is gone, or they kept winning).
 *   <li>{@link CommitStateUnknownException}: creating the snapshot failed in a way that may have taken
 *       effect, and checking afterwards failed too. Nothing was removed, since the snapshot may name
 *       the files; the exception says how to find out (the commit user and identifier).
 *   <li>{@link CommitCallbackException}: the commit landed, and a callback that runs after it (the
 *       metastore sync, for one) failed. The rows are committed; retrying the write would add them twice.
 * </ul>
 */
@PublicApi
public abstract sealed class CommitException extends RuntimeException
        permits CommitFailedException, CommitStateUnknownException, CommitCallbackException {

    private static final long serialVersionUID = 1L;

    /** Paths are not serializable; the table's location is kept as a string. */
    private final String table;

    CommitException(Path table, String message, Throwable cause) {
        super(message, cause);
        this.table = table.toString();
    }

    /** The location of the table committed to. */
    public Path table() {
        return new Path(table);
    }
}
