package io.strata.table.write;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.lsm.MemoryBudget;
import io.strata.lsm.WriteMerge;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.schema.ChangelogOptions;
import io.strata.schema.CompactionOptions;
import io.strata.schema.PostponeBucketOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.table.BatchWrite;
import io.strata.table.CommitFailedException;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageFiles;
import io.strata.table.Table;
import io.strata.table.TableWrite;
import io.strata.table.commit.CommitHooks;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The writer: routes rows to (partition, bucket) writers, buffers primary-key rows in sorted write
 * buffers flushed to level-0 files, streams append rows to files, and commits. The write buffers of all
 * buckets share one memory budget ({@code write-buffer-size}); when it is used up the largest buffer
 * spills to local disk ({@code write-buffer-spillable}) or, if it may not, is flushed to a level-0 file.
 * Buffers are flushed when the write commits. Its {@link CommitHooks} are asked for when it is created
 * (so that a table that needs a commit lock it lacks fails before any row is written) and closed with it.
 *
 * <p>Primary-key buckets are LSM trees ({@link MergeTreeBucket}): each flush adds level-0 files and asks
 * for a universal compaction, which runs on one background thread the writer's buckets share; writes
 * wait only when a bucket has more sorted runs than {@code num-sorted-run.stop-trigger}. A commit makes
 * an APPEND snapshot of the flushed files, then a COMPACT snapshot of the compactions that finished,
 * both under one commit identifier. {@link StreamTableWrite} keeps it, with its buckets' levels, across
 * many commits. As a {@link BatchWrite} it commits once and does not compact by itself, since
 * concurrent batch writes of one bucket (several tasks of one query) would conflict over compactions;
 * {@code full-compaction.delta-commits} makes its commit compact the buckets it wrote fully. As a
 * {@link TableWrite} ({@link #forTask}: one task of a distributed job) it prepares its buckets as a batch
 * commit would and hands out the {@link CommitMessage}s instead of committing them; every commit goes
 * through {@link JobCommit}.
 *
 * <p>Changelog ({@code docs/changelog.md}): with {@code changelog-producer=input} each flush also writes
 * the buffered records as changelog files of the APPEND snapshot; the compactions write the
 * {@code full-compaction} and {@code lookup} changelog, committed with the COMPACT snapshot. Tables that
 * look old values up ({@code lookup}, {@code first-row}) compact level 0 at every commit, batch writes too.
 */
public final class TableWriter implements BatchWrite, TableWrite {

    private final Table table;
    private final TableStore store;
    private final TableSchema schema;
    private final TableOptions options;
    private final CompactionOptions compaction;
    private final ChangelogOptions changelog;
    private final RowType rowType;
    private final boolean primaryKey;
    /** Where each row goes: partition and bucket. */
    private final RowRouting routing;
    private final int[] primaryKeyPositions;
    private final MemoryBudget memory;
    private final boolean spillable;
    /** Opens each bucket's writer, restored from the latest snapshot. */
    private final BucketOpener buckets;
    private final String commitUser;
    private final Map<SnapshotFiles.BucketKey, BucketWriter> writers = new LinkedHashMap<>();
    /** Null for the write of a task ({@link #forTask}), which never commits. */
    private final CommitHooks hooks;
    private boolean committed;

    /**
     * How far above a bucket's sequence numbers a replacing write starts: more records than one task of a
     * plain write puts into one bucket in one commit, and small enough that 2^31 replacing commits fit.
     */
    static final long REPLACING_GAP = 1L << 32;

    /** A batch write: a random commit user, and no compaction unless {@code full-compaction.delta-commits} asks. */
    public TableWriter(Table table) {
        this(table, UUID.randomUUID().toString(), WriteMode.batch(false));
    }

    /** @param autoCompaction whether to compact as files are flushed (still off with {@code write-only}) */
    public TableWriter(Table table, String commitUser, boolean autoCompaction) {
        this(table, commitUser, WriteMode.batch(autoCompaction));
    }

    /**
     * The {@link TableWrite} of one task of a distributed job: written and prepared as a batch write, never
     * committed by itself, so it opens no commit hooks (no commit lock, no callbacks) in the task.
     */
    public static TableWriter forTask(Table table) {
        return new TableWriter(table, UUID.randomUUID().toString(), WriteMode.task());
    }

    /**
     * The {@link TableWrite} of one task of a distributed overwrite: as {@link #forTask}, but its buckets
     * start empty (no restored files or deletion vectors, sequence numbers from 0), as Paimon's writers with
     * {@code ignorePreviousFiles}, since the files of the table are replaced.
     */
    public static TableWriter forOverwriteTask(Table table) {
        return new TableWriter(table, UUID.randomUUID().toString(), WriteMode.task().ignoringPreviousFiles());
    }

    /**
     * The {@link TableWrite} of one task whose records replace, key by key, those the plain task writes
     * ({@link #forTask}) of the same commit write: as {@link #forTask}, but each bucket's sequence numbers start
     * {@link #REPLACING_GAP} higher, since Paimon orders a key's records by sequence number and two plain
     * writes of one bucket in one commit start at the same number.
     */
    public static TableWriter forReplacingTask(Table table) {
        return new TableWriter(table, UUID.randomUUID().toString(), WriteMode.task().withSequenceGap(REPLACING_GAP));
    }

    /**
     * The {@link TableWrite} of one task of a job in which several tasks write one bucket in one commit: as
     * {@link #forTask}, but its buckets never compact, not even on tables whose reads or changelog need level 0
     * empty (deletion vectors, first-row, changelog-producer lookup), where each task's compaction of the
     * bucket would replace the bucket's deletion-vector index or rewrite files another task also rewrites.
     * {@link JobCommit} compacts level 0 of such buckets once, after the job's commit.
     */
    public static TableWriter forUncompactedTask(Table table) {
        return new TableWriter(table, UUID.randomUUID().toString(), WriteMode.task().neverCompacting());
    }

    /** As {@link #forUncompactedTask}, with the sequence numbers of {@link #forReplacingTask}. */
    public static TableWriter forUncompactedReplacingTask(Table table) {
        return new TableWriter(table, UUID.randomUUID().toString(),
                WriteMode.task().neverCompacting().withSequenceGap(REPLACING_GAP));
    }

    /**
     * The {@link TableWrite} of one task that must get each key at most once (the rows of a SQL MERGE turned
     * into an upsert, where two source rows for one target row are an error): as {@link #forTask}, but a key
     * written twice fails the write ({@code why} and the key in the message) instead of the later record
     * winning. The buffers spill instead of flushing early, so every record of a key meets in one merge.
     */
    public static TableWriter forUniqueKeyTask(Table table, String why) {
        return new TableWriter(table, UUID.randomUUID().toString(), WriteMode.task().rejectingDuplicateKeys(why));
    }

    /**
     * The {@link TableWrite} of a postpone compaction of a postpone-bucket table ({@code bucket = -2}): as
     * {@link #forTask}, and it writes into the partitions' real buckets even where the table's own batch writes
     * would go to {@code bucket-postpone} ({@code postpone.batch-write-fixed-bucket = false}).
     */
    public static TableWriter forPostponeCompaction(Table table) {
        return new TableWriter(table, UUID.randomUUID().toString(), WriteMode.task().movingPostponed());
    }

    private TableWriter(Table table, String commitUser, WriteMode mode) {
        boolean autoCompaction = mode.autoCompaction();
        boolean commits = mode.commits();
        boolean uncompacted = mode.uncompacted();
        String rejectDuplicateKeys = mode.rejectDuplicateKeys();
        long sequenceGap = mode.sequenceGap();
        boolean ignorePreviousFiles = mode.ignorePreviousFiles();
        this.table = table;
        this.store = TableStore.of(table);
        this.schema = store.schema();
        this.options = schema.tableOptions();
        this.commitUser = commitUser;
        this.primaryKey = !schema.primaryKeys().isEmpty();
        boolean compactsByItself;
        MergeFunctionFactory mergeFunctions;
        try {
            TableOptions.validateForWrite(schema.options(), schema.primaryKeys());
            this.memory = new MemoryBudget(options.writeBufferSize());
            // A flush to level 0 before the end would split a key's records over files, unseen by the check.
            this.spillable = options.writeBufferSpillable() || rejectDuplicateKeys != null;
            this.compaction = new CompactionOptions(options);
            this.changelog = new ChangelogOptions(options);
            // Lookup tables compact level 0 at every commit, batch writes too: their changelog (lookup) or
            // their reads (first-row, which skip level 0) depend on it, as in Paimon.
            compactsByItself = (autoCompaction || (primaryKey && changelog.needsLookup())) && !compaction.writeOnly()
                    && !uncompacted;
            mergeFunctions = primaryKey ? new MergeFunctionFactory(schema) : null;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + store.location() + " cannot be written: " + e.getMessage(), e);
        }
        this.rowType = schema.rowType();
        // postpone.batch-write-fixed-bucket = false: rows wait in bucket-postpone, except in the compaction moving them.
        boolean intoPostponeBucket = !mode.movesPostponed()
                && !PostponeBucketOptions.BATCH_WRITE_FIXED_BUCKET.get(schema.options());
        this.routing = new RowRouting(store, ignorePreviousFiles, intoPostponeBucket);
        this.primaryKeyPositions = positions(schema.primaryKeys());
        // How the write buffers reduce a key's records: the table's merge engine, as Paimon's writer.
        if (rejectDuplicateKeys != null && !primaryKey) {
            throw new IllegalArgumentException("Table " + store.location() + " has no primary key: a write that takes "
                    + "each key once needs one");
        }
        WriteMerge merge = primaryKey ? mergeFunctions.forWrite("Table " + store.location()) : null;
        WriteMerge writeMerge = merge == null || rejectDuplicateKeys == null ? merge
                : merge.rejectingDuplicateKeys(rejectDuplicateKeys);
        try {
            this.buckets = new BucketOpener(store, commitUser, memory, spillable, writeMerge, mergeFunctions,
                    compactsByItself, sequenceGap, ignorePreviousFiles);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + store.location() + " cannot be written: " + e.getMessage(), e);
        }
        // Last: nothing after it may fail, or the hooks would not be closed.
        this.hooks = commits ? CommitHooks.open(table) : null;
    }

    private int[] positions(List<String> names) {
        return names.stream().mapToInt(rowType::requireIndexOf).toArray();
    }

    Table table() {
        return table;
    }

    String commitUser() {
        return commitUser;
    }

    CompactionOptions compactionOptions() {
        return compaction;
    }

    @Override
    public void write(Row row) {
        if (committed) {
            throw finished();
        }
        if (row.arity() != rowType.fieldCount()) {
            throw new IllegalArgumentException("Table " + store.location() + " has " + rowType.fieldCount()
                    + " columns, the row has " + row.arity());
        }
        if (!primaryKey && !row.kind().isAdd()) {
            throw new IllegalArgumentException("Table " + store.location()
                    + " has no primary key: it takes inserts only, got a " + row.kind().shortString() + " row");
        }
        for (int p : primaryKeyPositions) {
            if (row.isNullAt(p)) {
                throw new IllegalArgumentException("Primary-key column '" + rowType.field(p).name() + "' of table "
                        + store.location() + " is null");
            }
        }
        try {
            SnapshotFiles.BucketKey key = routing.route(row);
            BucketWriter writer = writers.get(key);
            if (writer == null) {
                writer = newWriter(key);
                writers.put(key, writer);
            }
            writer.write(row);
            if (memory.exceeded()) {
                relieveMemory();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Writing to table " + store.location() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(Row row) {
        if (!primaryKey) {
            throw new IllegalArgumentException("Table " + store.location() + " has no primary key: rows cannot be deleted");
        }
        GenericRow copy = GenericRow.copyOf(row, rowType);
        copy.setKind(RowKind.DELETE);
        write(copy);
    }

    private BucketWriter newWriter(SnapshotFiles.BucketKey key) throws IOException {
        routing.newPartition(key.partition());
        return buckets.open(key);
    }

    @Override
    public long commit() {
        if (hooks == null) {
            throw new IllegalStateException("This write of table " + store.location() + " is a task's: hand its "
                    + "prepareCommit() messages to a TableCommit");
        }
        finishWrite();
        try {
            // Concurrent batch writes of one bucket would conflict over its compactions, so a batch write
            // compacts only when full-compaction.delta-commits asks it to (fully, at its commit).
            return commit(FileStoreCommit.BATCH_COMMIT_IDENTIFIER, true, compaction.fullCompactionDeltaCommits() != null);
        } finally {
            shutdownCompaction();
            hooks.close();
        }
    }

    /**
     * As a {@link TableWrite}: flushes every bucket (compacting as a batch commit would) and hands out
     * what it wrote, one message per bucket that wrote something. Nothing is committed; if this fails,
     * every file written is deleted.
     */
    @Override
    public List<CommitMessage> prepareCommit() {
        finishWrite();
        try {
            List<CommitMessage> messages = new ArrayList<>();
            for (CommitMessage m : prepare(true, compaction.fullCompactionDeltaCommits() != null)) {
                if (!CommitMessageFiles.of(m).isEmpty()) {
                    messages.add(m);
                }
            }
            return messages;
        } catch (IOException e) {
            throw new UncheckedIOException("Flushing the write of table " + store.location() + " failed: "
                    + e.getMessage(), e);
        } finally {
            shutdownCompaction();
            closeHooks();
        }
    }

    private void closeHooks() {
        if (hooks != null) {
            hooks.close();
        }
    }

    private IllegalStateException finished() {
        return new IllegalStateException("This write of table " + store.location() + " was already "
                + (hooks == null ? "prepared for commit" : "committed"));
    }

    private void finishWrite() {
        if (committed) {
            throw finished();
        }
        committed = true;
    }

    /**
     * Flushes every bucket and commits what changed through a {@link JobCommit}: an APPEND snapshot (the
     * flushed files) and then a COMPACT snapshot (the finished compactions), both under {@code
     * commitIdentifier}. Returns the id of the last snapshot made, or -1 if there was nothing to commit.
     * The outcomes are {@link JobCommit}'s; whenever the commit did not land fully, the buckets are
     * dropped and read again from the table at the next write.
     */
    long commit(long commitIdentifier, boolean waitCompaction, boolean fullCompaction) {
        List<CommitMessage> messages;
        try {
            messages = prepare(waitCompaction, fullCompaction);
        } catch (IOException | RuntimeException e) {
            throw CommitFailedException.because(store.location(), e);
        }
        try {
            return new JobCommit(store, commitUser, hooks).commit(messages, commitIdentifier, writerState);
        } finally {
            // After a commit that landed the restored state is stale; after one that failed it is dropped.
            buckets.forgetSnapshot();
            routing.commitEnded();
        }
    }

    /**
     * Each bucket's part of the next commit as a message. If a bucket fails, the messages prepared so far
     * and everything not yet handed out are deleted and the buckets dropped.
     */
    private List<CommitMessage> prepare(boolean waitCompaction, boolean fullCompaction) throws IOException {
        if (primaryKey && changelog.needsLookup() && changelog.commitWaitsForLevel0()) {
            // The commit waits for its level-0 files to be compacted: their changelog lands with it.
            waitCompaction = true;
        }
        List<CommitMessage> messages = new ArrayList<>();
        try {
            for (BucketWriter w : writers.values()) {
                MergeTreeBucket.Increment increment = w.prepareCommit(waitCompaction, fullCompaction);
                List<IndexManifestEntry> index = new ArrayList<>();
                if (w.deletions != null) {
                    index.addAll(w.deletions.changes());
                }
                index.addAll(routing.indexChanges(w.key));
                messages.add(message(w.key, routing.totalBuckets(w.key.partition()), increment, index));
            }
        } catch (IOException | RuntimeException e) {
            abort();
            new JobCommit(store, commitUser, hooks).discard(messages, false);
            throw e;
        }
        return messages;
    }

    private static CommitMessage message(SnapshotFiles.BucketKey key, int totalBuckets,
            MergeTreeBucket.Increment increment, List<IndexManifestEntry> index) {
        List<IndexFileMeta> added = new ArrayList<>();
        List<IndexFileMeta> deleted = new ArrayList<>();
        for (IndexManifestEntry e : index) {
            (e.kind() == FileKind.ADD ? added : deleted).add(e.indexFile());
        }
        return new CommitMessageFiles(increment.newFiles(), increment.changelogFiles(), increment.compactBefore(),
                increment.compactAfter(), increment.compactChangelog(), added, deleted)
                .toMessage(key.partition(), key.bucket(), totalBuckets);
    }

    /** What the commit tells this writer: drop the buckets, or take the deletion vectors that landed. */
    private final JobCommit.WriterState writerState = new JobCommit.WriterState() {
        @Override
        public void drop() {
            abort();
        }

        @Override
        public void indexCommitted(SnapshotFiles.BucketKey bucket, List<IndexManifestEntry> changes) {
            List<IndexManifestEntry> hashes = changes.stream()
                    .filter(e -> IndexFileMeta.HASH.equals(e.indexFile().indexType())).toList();
            if (!hashes.isEmpty()) {
                routing.indexCommitted(bucket, hashes);
            }
            if (hashes.size() < changes.size()) {
                writers.get(bucket).deletions.committed(changes.stream()
                        .filter(e -> !IndexFileMeta.HASH.equals(e.indexFile().indexType())).toList());
            }
        }
    };

    @Override
    public void close() {
        if (!committed) {
            abort();
            committed = true;
        }
        buckets.close();
        closeHooks();
    }

    /**
     * Deletes every file written and not handed to a commit: buffered rows, flushed files, compaction
     * outputs. The bucket writers are dropped; writing again restores them from the table.
     */
    void abort() {
        for (BucketWriter w : writers.values()) {
            w.abort();
        }
        writers.clear();
        buckets.forgetSnapshot();
        routing.drop();
    }

    private void shutdownCompaction() {
        buckets.stopCompactions();
    }

    /**
     * Gives memory back until the budget holds again: spills (or flushes) the bucket buffer holding the
     * most memory, as Paimon's shared write-buffer pool asks its largest user to.
     */
    private void relieveMemory() throws IOException {
        while (memory.exceeded()) {
            BucketWriter largest = null;
            for (BucketWriter w : writers.values()) {
                if (w.buffer != null && w.buffer.size() > 0
                        && (largest == null || w.buffer.memoryBytes() > largest.buffer.memoryBytes())) {
                    largest = w;
                }
            }
            if (largest == null) {
                return;
            }
            if (spillable) {
                largest.buffer.spill();
            } else {
                largest.flush();
            }
        }
    }
}
