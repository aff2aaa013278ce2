package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.fs.FileIO;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Consumers;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.Snapshots;
import java.time.Clock;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * A table in the Paimon format: plan-then-read, and batch writes committed as snapshots.
 *
 * <pre>{@code
 * Plan plan = table.newScan().asOfSnapshot(42).filter(p).select("id", "amount").plan();
 * TableRead read = table.newRead(plan);
 * for (Split s : plan.splits()) try (CloseableIterator<Row> rows = read.open(s)) { ... }
 *
 * try (BatchWrite w = table.newBatchWrite()) { w.write(row); w.delete(key); w.commit(); }
 *
 * try (StreamWrite w = table.newStreamWrite("job-1")) { w.write(row); w.commit(1); w.write(row2); w.commit(2); }
 *
 * ChangePlan changes = table.newIncrementalScan().between(3, 7).plan();   // rows with their RowKind
 * try (ChangeStream stream = table.newStreamScan().withConsumer("job-2").open()) { stream.nextPlan(); ... }
 * }</pre>
 */
@PublicApi
public interface Table {

    /** The table's directory. */
    Path location();

    /** The current schema. */
    TableSchema schema();

    /** The latest snapshot, if any. */
    Optional<Snapshot> latestSnapshot();

    /** The table's snapshots, read-only. */
    Snapshots snapshots();

    /** The file system access the table was loaded with (its Hadoop configuration included). */
    FileIO fileIO();

    /**
     * The clock that time-based decisions about the table read (snapshot and tag retention, consumer
     * expiration, commit intervals, the time of new snapshots): the system clock unless the table was
     * loaded with another.
     */
    Clock clock();

    /** A scan of the latest snapshot, to refine. */
    TableScan newScan();

    /** A reader of a plan's splits. */
    TableRead newRead(Plan plan);

    // --- Reads over time (docs/incremental-reads.md) ---

    /** An incremental read: the changes between two snapshots, rows with their row kinds. */
    IncrementalScan newIncrementalScan();

    /** A streaming read that follows new snapshots, optionally as a consumer. */
    StreamScan newStreamScan();

    /** A reader of the splits of an incremental or streaming plan. */
    ChangeRead newChangeRead(ChangePlan plan);

    /** A batch write; commit it to make its rows visible. */
    BatchWrite newBatchWrite();

    /**
     * The write of one task of a distributed job: it writes files and hands them out as {@link
     * CommitMessage}s, which the job commits once with {@link #newCommit(String)}.
     */
    TableWrite newTableWrite();

    /**
     * The write of one task of a distributed job whose rows replace, key by key, what the job's plain task
     * writes ({@link #newTableWrite()}) write to the same keys in the same commit: for a job that deletes a
     * key's old row in one task and writes its new row in another (a SQL UPDATE or MERGE rewritten as deletes
     * and inserts). Paimon orders the records of a key by sequence number; two plain writes of one bucket in
     * one commit both start above the bucket's highest number, so their order is undefined, while this
     * write's numbers start 2^32 above theirs.
     */
    TableWrite newReplacingWrite();

    /**
     * The write of one task of a distributed job in which several tasks write one bucket in one commit (the
     * delete task and the insert task of a SQL UPDATE or MERGE): as {@link #newTableWrite()}, but it never
     * compacts, not even on tables whose reads or changelog need level 0 empty (deletion vectors, first-row,
     * changelog-producer lookup), where two tasks' compactions of one bucket would each replace the bucket's
     * deletion-vector index. On such tables the job's {@link TableCommit} compacts the level 0 these writes
     * left, once, in a COMPACT snapshot after the rows' snapshot.
     */
    TableWrite newUncompactedWrite();

    /** As {@link #newUncompactedWrite()}, replacing key by key as {@link #newReplacingWrite()}. */
    TableWrite newUncompactedReplacingWrite();

    /**
     * The write of one task that must get each key of the primary key at most once: as {@link
     * #newTableWrite()}, but a key written twice fails the write (at the write that spills it or at {@link
     * TableWrite#prepareCommit()}) with an IllegalArgumentException whose message is {@code why}, a space
     * and the key ({@code k=5, p=x}), instead of the later row winning. For a SQL MERGE turned into an
     * upsert, where two source rows for one key are an error. Primary-key tables only.
     */
    TableWrite newUniqueKeyWrite(String why);

    /**
     * The write of one task of a distributed overwrite ({@link TableCommit#overwrite}): as {@link
     * #newTableWrite()}, but its buckets start empty, as Paimon's overwrite writers (which ignore previous
     * files): no file of the table is restored, sequence numbers start from 0, and compactions see only
     * the files this write wrote, so what it writes does not depend on the files the overwrite replaces.
     */
    TableWrite newOverwriteWrite();

    /**
     * The commit of a distributed job's {@link CommitMessage}s, as {@code commitUser} and under the batch
     * commit identifier: a retry of a commit of that user which already landed is recognised.
     */
    TableCommit newCommit(String commitUser);

    /**
     * A long-lived write committing many times under {@code commitUser}, compacting in the background;
     * a replayed commit identifier that already landed is recognised and not applied twice.
     */
    StreamWrite newStreamWrite(String commitUser);

    /**
     * Rewrites every bucket with more than one file (or with files below the top level) into one sorted
     * run at the top level, committed as a COMPACT snapshot. Returns the snapshot id, or -1 if nothing
     * needed compacting. Its outcomes are those of {@link TableCompaction#run()}.
     */
    long compactFull() throws CommitFailedException, CommitStateUnknownException, CommitCallbackException;

    /**
     * A compaction of some buckets (a partition, a bucket, or all), fully or by the table's compaction
     * policy, to refine then run; see {@link TableCompaction}.
     */
    TableCompaction newCompaction();

    // --- Snapshot lifecycle (docs/snapshot-lifecycle.md) ---

    /** Expiration of the oldest snapshots, starting from the table's {@code snapshot.*} options. */
    ExpireSnapshots expireSnapshots();

    /** The table's tags: create, delete, list. */
    Tags tags();

    /** Statistics for optimizers: Paimon's statistics files, and what the data files record. */
    TableStatistics statistics();

    /** The table's consumers: readers' positions, which snapshot expiration never passes. */
    Consumers consumers();

    /**
     * Makes {@code snapshotId} the latest snapshot (an expired one only if a tag holds it): later
     * snapshots, their tags and the files only they referenced are removed. Fails naming the snapshot
     * if it does not exist. The table's commit callbacks (the metastore sync) are then told the new latest
     * snapshot, as after a commit; a callback that fails is reported as a {@link CommitCallbackException},
     * after the rollback stands.
     */
    void rollbackTo(long snapshotId);

    /**
     * Rolls back to the snapshot of a tag, restoring it if it had expired; fails naming an unknown tag. The
     * commit callbacks follow as for {@link #rollbackTo}.
     */
    void rollbackToTag(String tagName);

    /** Removal of files nothing references, by default those older than one day. */
    RemoveOrphanFiles removeOrphanFiles();

    /**
     * Partition expiration now, whatever {@code partition.expiration-check-interval} says (commits run it when
     * that interval has passed).
     */
    ExpirePartitions expirePartitions();
}
