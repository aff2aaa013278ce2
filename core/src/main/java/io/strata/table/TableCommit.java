package io.strata.table;

import io.strata.api.PublicApi;
import java.util.List;

/**
 * Commits the messages of all tasks of one job as one commit ({@link Table#newCommit(String)}). The
 * commit is made under the commit user given and the batch commit identifier, so a job that retries a
 * commit which already landed is recognised and does not apply its rows twice.
 */
@PublicApi
public interface TableCommit extends AutoCloseable {

    /**
     * Makes one APPEND snapshot of all messages (then a COMPACT snapshot if tasks compacted, under the
     * same commit identifier, as {@link BatchWrite#commit()} does); returns the id of the last snapshot,
     * or -1 if the messages hold nothing to commit. A compaction that cannot land after the rows did is
     * discarded (logged), not reported.
     *
     * @throws CommitFailedException the rows did not land; the table is unchanged and every file the
     *     messages name was removed
     * @throws CommitStateUnknownException the rows may have landed; nothing was removed
     * @throws CommitCallbackException the rows landed and a commit callback failed
     */
    long commit(List<CommitMessage> messages)
            throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /** Deletes every file the messages name: for a job that will not commit them. */
    void abort(List<CommitMessage> messages);

    /** Releases the commit (its commit lock and callbacks). */
    @Override
    void close();
}
