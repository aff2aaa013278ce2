package io.strata.table.write;

import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntry;
import io.strata.schema.ChangelogOptions;
import io.strata.snapshot.CommitKind;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitFailedException;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageFiles;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import io.strata.table.commit.CommitHooks;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.compact.TableCompactor;
import io.strata.table.store.DeletionVectorIndex;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one commit path of writes: {@link CommitMessage}s in, an APPEND snapshot of their flushed files,
 * then a COMPACT snapshot of their compactions, both under one commit identifier. As a {@link
 * TableCommit} it commits the messages of a distributed job's tasks (the batch commit identifier); a
 * {@link TableWriter} (batch or stream) commits its own buckets' messages through it and is told, as a
 * {@link WriterState}, when its buckets must be dropped or their deletion vectors landed. An {@link
 * #overwrite} makes an OVERWRITE snapshot instead of the APPEND one: the flushed files plus DELETE entries of
 * what the {@link Overwrite} replaces, computed from the latest snapshot at each attempt; a {@link #truncate}
 * is such an overwrite without messages.
 *
 * <p>The outcome is the rows': if the APPEND snapshot cannot land, the commit fails ({@link
 * CommitFailedException}: every file the messages name is deleted) or ends unknown ({@link
 * CommitStateUnknownException}: the files the APPEND snapshot may name are kept, the compaction outputs
 * no snapshot was attempted for go). Once the rows landed, a COMPACT snapshot that cannot land is only a
 * compaction lost: its outputs are removed (or kept if it may have landed) and the commit returns the
 * APPEND snapshot. Without rows, the compaction's outcome is the commit's.
 */
public final class JobCommit implements TableCommit {

    private static final Logger LOG = LoggerFactory.getLogger(JobCommit.class);

    /** What a writer whose buckets the messages come from is told about the commit. */
    interface WriterState {
        /** The commit did not land (fully): the writer's buckets are stale and dropped. */
        void drop();

        /** The COMPACT snapshot landed with these deletion-vector index changes of a bucket. */
        void indexCommitted(SnapshotFiles.BucketKey bucket, List<IndexManifestEntry> changes);
    }

    private static final WriterState NO_WRITER = new WriterState() {
        @Override
        public void drop() {}

        @Override
        public void indexCommitted(SnapshotFiles.BucketKey bucket, List<IndexManifestEntry> changes) {}
    };

    private final TableStore store;
    private final String commitUser;
    /** The table, for commit hooks opened on the first commit; null for a writer's commit. */
    private final Table table;
    private CommitHooks hooks;
    private final boolean ownsHooks;
    private boolean closed;

    /**
     * The commit of a distributed job, as {@code commitUser}. The table's commit hooks (lock, callbacks) are
     * opened by the first {@link #commit}: an {@link #abort} needs none.
     */
    public JobCommit(Table table, String commitUser) {
        if (commitUser == null || commitUser.isBlank()) {
            throw new IllegalArgumentException("A commit to table " + table.location() + " needs a commit user");
        }
        this.store = TableStore.of(table);
        this.commitUser = commitUser;
        this.table = table;
        this.ownsHooks = true;
    }

    /** A writer's commit: its store, user and hooks (which the writer closes). */
    JobCommit(TableStore store, String commitUser, CommitHooks hooks) {
        this.store = store;
        this.commitUser = commitUser;
        this.table = null;
        this.hooks = hooks;
        this.ownsHooks = false;
    }

    /**
     * Commits the messages under the batch commit identifier. A commit user that already has a batch
     * commit in the table is taken as this job retrying a commit that landed: nothing is applied again
     * and nothing deleted (-1). A commit user therefore names one job.
     */
    @Override
    public long commit(List<CommitMessage> messages) {
        if (alreadyCommitted()) {
            return -1;
        }
        return commit(messages, FileStoreCommit.BATCH_COMMIT_IDENTIFIER, NO_WRITER);
    }

    /**
     * Commits the messages as one OVERWRITE snapshot replacing the partitions {@link Overwrite} picks (then a
     * COMPACT snapshot if tasks compacted), under the batch commit identifier; a commit user that already has
     * a batch commit is taken as this job retrying, as in {@link #commit(List)}. Changelog files are not
     * committed by an overwrite (as in Paimon): they are deleted.
     */
    @Override
    public long overwrite(List<CommitMessage> messages, Map<String, String> staticPartition) {
        Overwrite overwrite = Overwrite.of(store, messages, staticPartition);
        if (alreadyCommitted()) {
            return -1;
        }
        return commit(messages, FileStoreCommit.BATCH_COMMIT_IDENTIFIER, NO_WRITER, overwrite);
    }

    /**
     * Empties the table with one OVERWRITE snapshot that deletes every live file and index file, under the
     * batch commit identifier; a commit user that already has a batch commit is taken as a retry (-1).
     */
    @Override
    public long truncate() {
        return truncate(Overwrite.everything(store));
    }

    /** Empties the partitions matching the specs with one OVERWRITE snapshot, as {@link #truncate()}. */
    @Override
    public long truncatePartitions(List<Map<String, String>> partitions) {
        return truncate(Overwrite.partitions(store, partitions));
    }

    /** An overwrite by no message: the same commit path, so the same conflict checks, retries and hooks. */
    private long truncate(Overwrite replaced) {
        if (alreadyCommitted()) {
            return -1;
        }
        return commit(List.of(), FileStoreCommit.BATCH_COMMIT_IDENTIFIER, NO_WRITER, replaced);
    }

    /** Whether this commit user already has a batch commit in the table: the job retries one that landed. */
    private boolean alreadyCommitted() {
        if (closed) {
            throw new IllegalStateException("This commit of table " + store.location() + " is closed");
        }
        OptionalLong landed;
        try {
            landed = new FileStoreCommit(store, commitUser, null).latestCommittedIdentifier();
        } catch (IOException e) {
            throw new UncheckedIOException("Reading the snapshots of table " + store.location() + " failed: "
                    + e.getMessage(), e);
        }
        if (landed.isPresent() && landed.getAsLong() == FileStoreCommit.BATCH_COMMIT_IDENTIFIER) {
            LOG.info("Commit user '{}' already committed to {}: the messages are not committed again", commitUser,
                    store.location());
            return true;
        }
        return false;
    }

    /** Commits the messages under {@code commitIdentifier}, telling {@code writer} what became of its buckets. */
    long commit(List<CommitMessage> messages, long commitIdentifier, WriterState writer) {
        return commit(messages, commitIdentifier, writer, null);
    }

    /**
     * Commits the messages: their flushed files as an APPEND snapshot, or, with {@code overwrite}, as an
     * OVERWRITE snapshot that also deletes what the overwrite replaces; then their compactions.
     */
    private long commit(List<CommitMessage> messages, long commitIdentifier, WriterState writer, Overwrite overwrite) {
        CommitChanges changes = CommitChanges.of(messages);
        if (overwrite != null && changes.hasChangelog()) {
            LOG.warn("An overwrite of {} does not commit changelog files (as in Paimon): they are deleted",
                    store.location());
            deleteChangelog(messages);
            changes = changes.withoutChangelog();
        }
        if (hooks == null) {
            hooks = CommitHooks.open(table);
        }
        FileStoreCommit commit = new FileStoreCommit(store, commitUser, hooks);
        long snapshot = -1;
        CommitCallbackException callbackFailure = null;
        // Whether there is a first snapshot (APPEND, OVERWRITE) whose landing is the rows' outcome.
        boolean rows = overwrite != null || changes.hasAppend();
        if (rows) {
            try {
                snapshot = overwrite == null
                        ? commit.commit(changes.appended(), changes.appendedChangelog(), changes.appendedIndex(),
                                commitIdentifier, CommitKind.APPEND)
                        : commit.commit(changes.appended(), List.of(), changes.appendedIndex(), overwrite::replaced,
                                commitIdentifier, CommitKind.OVERWRITE);
            } catch (CommitCallbackException e) {
                // The snapshot landed and references the data files: they must stay.
                callbackFailure = e;
                snapshot = e.snapshotId();
            } catch (CommitStateUnknownException e) {
                // The APPEND snapshot may name the flushed files: they stay. No COMPACT snapshot was attempted,
                // so the compactions' outputs are referenced by nothing and go, as after an APPEND that landed.
                writer.drop();
                discard(messages, true);
                throw e;
            } catch (RuntimeException e) {
                writer.drop();
                discard(messages, false);
                throw e instanceof CommitFailedException failed ? failed : CommitFailedException.because(store.location(), e);
            }
        }
        if (rows) {
            changes.forEachBucketAppendedIndexChange(writer::indexCommitted);
        }
        if (changes.hasCompact()) {
            try {
                snapshot = commit.commit(changes.compacted(), changes.compactedChangelog(), changes.indexChanges(),
                        commitIdentifier, CommitKind.COMPACT);
            } catch (CommitCallbackException e) {
                callbackFailure = callbackFailure == null ? e : callbackFailure;
                snapshot = e.snapshotId();
            } catch (CommitStateUnknownException e) {
                writer.drop();
                if (!rows) {
                    throw e;
                }
                LOG.warn("The rows of commit {} to {} landed as snapshot {}; the outcome of its compaction is unknown "
                        + "(its files are kept: orphans if it did not land)", commitIdentifier, store.location(),
                        snapshot, e);
                return finish(snapshot, callbackFailure);
            } catch (RuntimeException e) {
                writer.drop();
                discard(messages, rows);
                CommitFailedException failed = e instanceof CommitFailedException f ? f
                        : CommitFailedException.because(store.location(), e);
                if (!rows) {
                    throw failed;
                }
                LOG.warn("The rows of commit {} to {} landed as snapshot {}; its compaction was not committed and is "
                        + "discarded (later commits compact again): {}", commitIdentifier, store.location(), snapshot,
                        failed.getMessage());
                return finish(snapshot, callbackFailure);
            }
            changes.forEachBucketIndexChange(writer::indexCommitted);
        }
        if (table != null && snapshot >= 0) {
            Set<SnapshotFiles.BucketKey> level0 = level0Left(messages);
            if (!level0.isEmpty()) {
                try {
                    long compacted = TableCompactor.compactBuckets(table, level0);
                    snapshot = compacted >= 0 ? compacted : snapshot;
                } catch (CommitCallbackException e) {
                    callbackFailure = callbackFailure == null ? e : callbackFailure;
                    snapshot = e.snapshotId();
                } catch (CommitStateUnknownException | CommitFailedException | UncheckedIOException e) {
                    // As for a compaction of the job's own that fails: the rows are in, a later compaction
                    // (any write to these buckets, or 'strata compact') takes the level-0 files in.
                    LOG.warn("The rows of commit {} to {} landed as snapshot {}; compacting the level-0 files its"
                            + " uncompacted writes left in {} buckets failed, and reads that skip level 0 (deletion"
                            + " vectors, first-row) miss those rows until a compaction ('strata compact'): {}",
                            commitIdentifier, store.location(), snapshot, level0.size(), e.getMessage(), e);
                }
            }
        }
        return finish(snapshot, callbackFailure);
    }

    /**
     * The buckets where the messages leave level-0 files that no compaction of theirs took in, on a table
     * whose reads or changelog need level 0 empty: what uncompacted writes ({@link Table#newUncompactedWrite()})
     * left, which the job's commit compacts once.
     */
    private Set<SnapshotFiles.BucketKey> level0Left(List<CommitMessage> messages) {
        if (store.schema().primaryKeys().isEmpty()
                || !new ChangelogOptions(store.schema().tableOptions()).needsLookup()) {
            return Set.of();
        }
        Set<SnapshotFiles.BucketKey> buckets = new LinkedHashSet<>();
        for (CommitMessage message : messages) {
            CommitMessageFiles m = CommitMessageFiles.of(message);
            Set<String> compacted = new HashSet<>();
            m.compactBefore().forEach(f -> compacted.add(f.fileName()));
            for (DataFileMeta f : m.newFiles()) {
                if (f.level() == 0 && !compacted.contains(f.fileName())) {
                    buckets.add(new SnapshotFiles.BucketKey(message.partition(), message.bucket()));
                    break;
                }
            }
        }
        return buckets;
    }

    private static long finish(long snapshot, CommitCallbackException callbackFailure) {
        if (callbackFailure != null) {
            throw callbackFailure;
        }
        return snapshot;
    }

    /** Deletes every file the messages name that no snapshot references: the files of a job that will not commit. */
    @Override
    public void abort(List<CommitMessage> messages) {
        discard(messages, false);
    }

    /**
     * Deletes the files of messages that did not land: the deletion-vector index files they added, the
     * compactions' outputs (not the files only moved up a level, whose names are in use) and changelog,
     * and, unless {@code appendLanded}, the flushed files and their changelog.
     */
    void discard(List<CommitMessage> messages, boolean appendLanded) {
        DeletionVectorIndex index = new DeletionVectorIndex(store);
        for (CommitMessage message : messages) {
            CommitMessageFiles m = CommitMessageFiles.of(message);
            index.deleteAdded(m.newIndexFiles().stream()
                    .map(f -> new IndexManifestEntry(FileKind.ADD, message.partition(), message.bucket(), f)).toList());
            Set<String> doomed = new LinkedHashSet<>();
            if (!appendLanded) {
                m.newFiles().forEach(f -> doomed.add(f.fileName()));
                m.changelogFiles().forEach(f -> doomed.add(f.fileName()));
            }
            Set<String> inputs = new LinkedHashSet<>();
            m.compactBefore().forEach(f -> inputs.add(f.fileName()));
            for (DataFileMeta f : m.compactAfter()) {
                if (!inputs.contains(f.fileName())) {
                    doomed.add(f.fileName());
                }
            }
            m.compactChangelog().forEach(f -> doomed.add(f.fileName()));
            Path directory = store.paths().bucketDirectory(message.partition(), message.bucket());
            for (String name : doomed) {
                store.fileIO().deleteQuietly(new Path(directory, name));
            }
        }
    }

    /** Deletes the changelog files of messages whose changelog is not committed (an overwrite's). */
    private void deleteChangelog(List<CommitMessage> messages) {
        for (CommitMessage message : messages) {
            CommitMessageFiles m = CommitMessageFiles.of(message);
            Path directory = store.paths().bucketDirectory(message.partition(), message.bucket());
            m.changelogFiles().forEach(f -> store.fileIO().deleteQuietly(new Path(directory, f.fileName())));
            m.compactChangelog().forEach(f -> store.fileIO().deleteQuietly(new Path(directory, f.fileName())));
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (ownsHooks && hooks != null) {
                hooks.close();
            }
        }
    }
}
