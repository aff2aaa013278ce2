package io.strata.table;

import io.strata.api.PublicApi;
import java.util.List;
import java.util.Map;

/**
 * A compaction of some buckets of a table, refined then run; committed as one COMPACT snapshot. Immutable:
 * each refinement returns a new compaction.
 *
 * <pre>{@code
 * TableCompaction.Result r = table.newCompaction().partition(Map.of("dt", "2026-12-01")).bucket(1).run();
 * }</pre>
 *
 * <p>The scope is every bucket of the table, narrowed by {@link #partition} (the buckets of the partitions
 * whose values match; a partial spec matches every partition below it) and by {@link #bucket}. Buckets
 * outside the scope keep their files as they are. How a selected bucket is compacted:
 *
 * <ul>
 *   <li>{@link #full()} (the default): merged into one sorted run at the top level, as
 *       {@link Table#compactFull()} does for the whole table;
 *   <li>{@link #policy()}: one pick of the table's universal compaction strategy on the bucket's sorted
 *       runs, as a stream writer would pick after a flush (primary-key tables only); a bucket the
 *       strategy leaves alone is not rewritten.
 * </ul>
 */
@PublicApi
public interface TableCompaction {

    /** Told how far a compaction got through its selected buckets. */
    @FunctionalInterface
    interface Progress {
        /** {@code done} of the {@code total} selected buckets were looked at. */
        void bucketsDone(int done, int total);
    }

    /**
     * What a compaction did, counted over the selected buckets.
     *
     * @param snapshotId the COMPACT snapshot, or -1 if nothing needed compacting
     * @param bucketsSelected the buckets with files that the scope selected
     * @param bucketsCompacted those whose files changed
     * @param filesBefore the files of the selected buckets before
     * @param filesAfter the files of the selected buckets after
     */
    record Result(long snapshotId, int bucketsSelected, int bucketsCompacted, int filesBefore, int filesAfter) {}

    /**
     * Only the partitions with these values ({@code column -> value}, values as text, as partition directory
     * names show them before escaping; the default partition name for null). Fails naming a column that is
     * not a partition key.
     */
    TableCompaction partition(Map<String, String> spec);

    /** Only this bucket (of each selected partition); fails if the table has fewer buckets. */
    TableCompaction bucket(int number);

    /** Each selected bucket into one sorted run at the top level (the default). */
    TableCompaction full();

    /** One pick of the table's universal compaction strategy per selected bucket; primary-key tables only. */
    TableCompaction policy();

    /** Reports the progress through the selected buckets to {@code listener}, on the calling thread. */
    TableCompaction progress(Progress listener);

    /**
     * Compacts the selected buckets and commits a COMPACT snapshot if any of them changed.
     *
     * @throws CommitFailedException nothing was committed and the compaction's files were removed (a
     *     {@link CommitConflictException} if another writer changed the buckets meanwhile)
     * @throws CommitStateUnknownException the snapshot may have landed; nothing was removed
     * @throws CommitCallbackException the snapshot landed and a commit callback failed
     */
    Result run() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /**
     * Moves the rows Paimon's streaming writers left waiting in the {@code bucket-postpone} of the selected
     * partitions of a postpone-bucket table ({@code bucket = -2}) into the partitions' real buckets, committed
     * as one COMPACT snapshot, as Paimon's postpone compaction does; {@link #run()} does it first. For a job that
     * spreads {@link #bucketsToCompact()} over tasks: call it before them. Nothing happens on other tables, on a
     * compaction of one {@linkplain #bucket(int) bucket}, or when no row waits.
     *
     * @return the COMPACT snapshot, or -1 if nothing was moved
     * @throws CommitFailedException nothing was committed and the files written were removed
     * @throws CommitStateUnknownException the snapshot may have landed; nothing was removed
     * @throws CommitCallbackException the snapshot landed and a commit callback failed
     */
    long movePostponed() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /**
     * The selected buckets of the latest snapshot, one split each (all the bucket's live files and its
     * deletion-vector index files): the work of a compaction spread over tasks, where each task
     * {@linkplain #compact(Split) compacts} some of them and one {@link TableCommit} commits every task's
     * message as one COMPACT snapshot (which fails, removing the messages' files, if another writer changed a
     * bucket meanwhile).
     */
    List<Split> bucketsToCompact();

    /**
     * Compacts one bucket of {@link #bucketsToCompact()} as this compaction's mode says, without committing:
     * the message for the job's commit, holding no file if the bucket needed nothing. If it fails, what it wrote
     * is removed.
     *
     * @throws IllegalArgumentException the split is not a whole bucket this compaction selects
     * @throws java.io.UncheckedIOException reading or writing a file failed
     */
    CommitMessage compact(Split bucket);
}
