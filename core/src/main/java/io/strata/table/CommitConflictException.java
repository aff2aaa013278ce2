package io.strata.table;

import io.strata.api.PublicApi;
import org.apache.hadoop.fs.Path;

/**
 * A commit that did not land because of other writers: a file it replaces was already replaced (two
 * compactions of one bucket), a file it adds overlaps a newer one, a deletion-vector index it rewrites
 * changed, or other commits kept taking the next snapshot until the retries ran out. As with every
 * {@link CommitFailedException}, the table is unchanged and the commit's files are removed.
 */
@PublicApi
public final class CommitConflictException extends CommitFailedException {

    private static final long serialVersionUID = 1L;

    public CommitConflictException(Path table, String message) {
        super(table, message, null);
    }
}
