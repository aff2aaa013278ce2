package io.strata.table;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Map;

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

    /**
     * Commits the messages as one OVERWRITE snapshot that replaces partitions, as Paimon's {@code INSERT
     * OVERWRITE} with its default {@code dynamic-partition-overwrite=true}: the live files (and index files)
     * of the replaced partitions are deleted and the messages' files added (then a COMPACT snapshot if tasks
     * compacted). The messages should come from {@link Table#newOverwriteWrite()} writes, whose files do not
     * depend on the files they replace. What is deleted is read from the latest snapshot when the commit is
     * made, and again at each retry: files another writer committed to a replaced partition meanwhile are
     * replaced too. An overwrite commits no changelog files (it deletes them), as in Paimon.
     *
     * <ul>
     *   <li>An empty {@code staticPartition} is a dynamic overwrite: every partition the messages write files
     *       to is replaced, the others stay; on an unpartitioned table the whole table is replaced (so empty
     *       messages truncate it; on a partitioned table they change nothing).
     *   <li>Otherwise {@code staticPartition} maps partition columns (all or some) to values as the partition
     *       directory names show them before escaping (the {@code partition.default-name} for null): every
     *       partition matching it is replaced, even by no messages (it is emptied), and every message must
     *       write into it.
     * </ul>
     *
     * <p>The outcomes are those of {@link #commit(List)}. Returns the id of the last snapshot made, or -1
     * if nothing changed (no file deleted, none added).
     *
     * @throws IllegalArgumentException a key of {@code staticPartition} is not a partition column, or a
     *     message writes a partition that does not match it (nothing is committed or deleted: {@link #abort})
     * @throws CommitFailedException nothing landed; the table is unchanged and every file the messages name
     *     was removed
     * @throws CommitStateUnknownException the overwrite may have landed; nothing was removed
     * @throws CommitCallbackException the overwrite landed and a commit callback failed
     */
    long overwrite(List<CommitMessage> messages, Map<String, String> staticPartition)
            throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /**
     * Empties the table ({@code TRUNCATE TABLE}): one OVERWRITE snapshot that deletes every live data file and
     * index file and adds none, as Paimon's {@code truncateTable}. What is deleted is read from the latest
     * snapshot at each attempt, so rows another writer committed meanwhile go too. Returns the id of the
     * snapshot, or -1 if the table held no file (nothing changed, no snapshot is made).
     *
     * @throws CommitFailedException nothing landed; the table is unchanged
     * @throws CommitStateUnknownException the truncate may have landed
     * @throws CommitCallbackException the truncate landed and a commit callback failed
     */
    long truncate() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /**
     * Empties the partitions matching any of {@code partitions} ({@code TRUNCATE TABLE ... PARTITION}), as
     * Paimon's {@code truncatePartitions}: one OVERWRITE snapshot deleting their live data and index files. Each
     * spec maps partition columns (all or some) to values as the partition directory names show them before
     * escaping (the {@code partition.default-name} for null), as in {@link #overwrite}. Returns the id of the
     * snapshot, or -1 if no matching partition held a file.
     *
     * @throws IllegalArgumentException no spec is given, or a key of one is not a partition column (nothing is
     *     committed)
     * @throws CommitFailedException nothing landed; the table is unchanged
     * @throws CommitStateUnknownException the truncate may have landed
     * @throws CommitCallbackException the truncate landed and a commit callback failed
     */
    long truncatePartitions(List<Map<String, String>> partitions)
            throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /** Deletes every file the messages name: for a job that will not commit them. */
    void abort(List<CommitMessage> messages);

    /** Releases the commit (its commit lock and callbacks). */
    @Override
    void close();
}
