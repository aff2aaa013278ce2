package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.Row;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * A long-lived write that commits many times. It keeps its buckets' write buffers and LSM levels
 * across commits, and compacts in the background as rows arrive (see {@code docs/compaction.md}).
 *
 * <p>Exactly-once: every commit carries a commit identifier, and the write a stable commit user. The
 * identifiers of one user must grow. After a crash, a new write with the same commit user may replay
 * the commits that followed its last checkpoint: a commit whose identifier is not above the user's
 * latest committed identifier has already landed, so it is recognised and dropped (its rows discarded,
 * its files deleted) instead of being applied twice.
 *
 * <pre>{@code
 * try (StreamWrite w = table.newStreamWrite("ingest-job-7")) {
 *     long next = w.lastCommittedIdentifier().orElse(0) + 1;
 *     for (Batch b : source) { for (Row r : b) w.write(r); w.commit(next++); }
 * }
 * }</pre>
 *
 * <p>Outcomes of a commit (see {@link CommitException}): it lands; it fails ({@link
 * CommitFailedException}: the table is as it was, its files are removed); its outcome is unknown ({@link
 * CommitStateUnknownException}: nothing removed); or it lands and a callback fails ({@link
 * CommitCallbackException}: the write goes on). After a failure or an unknown outcome the write is
 * unusable: open a new one with the same commit user; its {@link #lastCommittedIdentifier()} says whether
 * the commit landed, and replaying it if it did is recognised and dropped. A compaction that cannot be
 * committed after the rows of a commit landed is discarded (logged) and tried again by later commits;
 * the commit returns the APPEND snapshot. Not thread-safe.
 */
@PublicApi
public interface StreamWrite extends AutoCloseable {

    /** The commit user every snapshot of this write carries. */
    String commitUser();

    /** Writes one row of the table's row type (the row may be reused by the caller afterwards). */
    void write(Row row);

    /** Deletes the row with this primary key (the other fields are ignored). */
    void delete(Row row);

    /**
     * Commits everything written since the last commit under {@code commitIdentifier}: an APPEND
     * snapshot of the flushed files, then a COMPACT snapshot if compactions finished. Returns the id of
     * the last snapshot made, or -1 if nothing was committed: nothing changed, or the identifier had
     * already landed (a replay), in which case what was written since the last commit is discarded.
     */
    long commit(long commitIdentifier)
            throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /** Commits under the identifier after the latest committed one (1 for a new commit user). */
    long commit() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /** The commit user's latest committed identifier in the table, if it ever committed. */
    OptionalLong lastCommittedIdentifier();

    /**
     * Commits by itself (with {@link #commit()}) once {@code records} rows were written since the last
     * commit, or, at the next write, once {@code interval} has passed since it. Either may be disabled
     * with 0 / {@link Duration#ZERO}.
     */
    StreamWrite commitEvery(long records, Duration interval);

    /** Discards what was not committed (waiting for a running compaction) and frees the write's resources. */
    @Override
    void close();
}
