package io.strata.table.write;

import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.lsm.WriteBuffer;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.DeletionVectorIndex;
import io.strata.table.store.RollingDataFileWriter;
import io.strata.table.store.SnapshotFiles;
import java.io.IOException;
import java.util.List;

/**
 * The writer of one (partition, bucket) for a {@link TableWriter}. An append bucket writes rows straight
 * into rolling data files; a primary-key bucket buffers them sorted by key ({@link WriteBuffer}) and
 * flushes the buffer as level-0 files into its LSM tree ({@link MergeTreeBucket}), which compacts.
 */
final class BucketWriter {

    /** Opens the rolling data files of the bucket at a level. */
    @FunctionalInterface
    interface FileWriters {
        RollingDataFileWriter open(int level, FileSource source, DataFileNames names);
    }

    final SnapshotFiles.BucketKey key;
    private final FileWriters fileWriters;
    private final DataFileNames names;
    /** Append buckets: the files of the commit being written; primary-key buckets: null. */
    private RollingDataFileWriter files;
    /** Primary-key buckets: the sorted buffer of rows not yet flushed; else null. */
    final WriteBuffer buffer;
    /** Primary-key buckets: the levels, compactions and uncommitted changes; else null. */
    final MergeTreeBucket lsm;
    /** Primary-key buckets with deletion vectors: the bucket's vectors and index files; else null. */
    final DeletionVectorIndex.BucketIndex deletions;
    private final boolean ignoreDelete;
    /** {@code changelog-producer=input}: each flush writes every buffered record to changelog files too. */
    private final boolean inputChangelog;
    /** A postpone bucket's writer: records go to the file as they come, with their kinds, unsorted. */
    private final boolean postponed;
    private long nextSequence;

    private BucketWriter(SnapshotFiles.BucketKey key, long nextSequence, FileWriters fileWriters, DataFileNames names,
            WriteBuffer buffer, MergeTreeBucket lsm, DeletionVectorIndex.BucketIndex deletions,
            boolean ignoreDelete, boolean inputChangelog, boolean postponed) {
        this.postponed = postponed;
        this.key = key;
        this.nextSequence = nextSequence;
        this.fileWriters = fileWriters;
        this.names = names;
        this.buffer = buffer;
        this.lsm = lsm;
        this.deletions = deletions;
        this.ignoreDelete = ignoreDelete;
        this.inputChangelog = inputChangelog;
        this.files = lsm == null ? fileWriters.open(0, FileSource.APPEND, names) : null;
    }

    /** A bucket of an append table, its rows numbered from {@code nextSequence}. */
    static BucketWriter append(SnapshotFiles.BucketKey key, long nextSequence, FileWriters fileWriters,
            DataFileNames names) {
        return new BucketWriter(key, nextSequence, fileWriters, names, null, null, null, false, false, false);
    }

    /**
     * The postpone bucket of a partition ({@code bucket-postpone} of a {@code bucket = -2} table), as Paimon's
     * writers fill it: records in arrival order with their kinds, each numbered {@code -1} (the compaction that
     * moves them numbers them again), in primary-key files at level 0.
     */
    static BucketWriter postponed(SnapshotFiles.BucketKey key, FileWriters fileWriters, DataFileNames names,
            boolean ignoreDelete) {
        return new BucketWriter(key, -1, fileWriters, names, null, null, null, ignoreDelete, false, true);
    }

    /** A bucket of a primary-key table, its records numbered from {@code nextSequence}. */
    static BucketWriter primaryKey(SnapshotFiles.BucketKey key, long nextSequence, FileWriters fileWriters,
            DataFileNames names, WriteBuffer buffer, MergeTreeBucket lsm, DeletionVectorIndex.BucketIndex deletions,
            boolean ignoreDelete, boolean inputChangelog) {
        return new BucketWriter(key, nextSequence, fileWriters, names, buffer, lsm, deletions, ignoreDelete,
                inputChangelog, false);
    }

    /** Writes a row; the caller relieves the shared memory budget afterwards if the buffer exceeded it. */
    void write(Row row) throws IOException {
        if (postponed) {
            if (!ignoreDelete || row.kind().isAdd()) {
                files.write(row, nextSequence, row.kind());
            }
            return;
        }
        long seq = nextSequence++;
        if (lsm == null) {
            files.write(row, seq, RowKind.INSERT);
            return;
        }
        if (ignoreDelete && !row.kind().isAdd()) {
            return;
        }
        buffer.add(row, seq, row.kind());
    }

    /** Writes the buffer as level-0 files (one sorted run each) and hands them to the LSM tree. */
    void flush() throws IOException {
        RollingDataFileWriter data = fileWriters.open(0, FileSource.APPEND, names);
        RollingDataFileWriter changes = inputChangelog ? fileWriters.open(0, FileSource.APPEND, names.changelog()) : null;
        List<DataFileMeta> flushed;
        List<DataFileMeta> changelogFiles = List.of();
        try {
            if (changes != null) {
                buffer.drain(changes::write, data::write);
                changelogFiles = changes.finish();
            } else {
                buffer.drainMerged(data::write);
            }
            flushed = data.finish();
        } catch (IOException | RuntimeException e) {
            data.abort();
            if (changes != null) {
                changes.abort();
            }
            throw e;
        } finally {
            // Only now: the file writer held the last row (a view into the buffer) as its max key.
            buffer.clear();
        }
        lsm.addFlushedFiles(flushed, changelogFiles);
    }

    /** The bucket's part of a commit: the files written since the last one, and finished compactions. */
    MergeTreeBucket.Increment prepareCommit(boolean waitCompaction, boolean fullCompaction) throws IOException {
        if (lsm == null) {
            List<DataFileMeta> written = files.finish();
            files = fileWriters.open(0, FileSource.APPEND, names);
            return new MergeTreeBucket.Increment(written, List.of(), List.of());
        }
        if (!buffer.isEmpty()) {
            flush();
        }
        return lsm.prepareCommit(waitCompaction, fullCompaction);
    }

    /** Drops what was not handed to a commit: buffered rows, flushed files, compaction outputs. */
    void abort() {
        if (lsm == null) {
            files.abort();
            return;
        }
        buffer.clear();
        lsm.abort();
    }
}
