package io.strata.table;

import io.strata.data.BinaryRow;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.lsm.MemoryBudget;
import io.strata.lsm.MergeFunctionFactory;
import io.strata.lsm.WriteBuffer;
import io.strata.lsm.WriteMerge;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.FileSource;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The batch writer: routes rows to (partition, bucket) writers, buffers primary-key rows in sorted
 * write buffers flushed to level-0 files, streams append rows to files, and commits all files as one
 * snapshot. The write buffers of all buckets share one memory budget ({@code write-buffer-size}); when
 * it is used up the largest buffer spills to local disk ({@code write-buffer-spillable}) or, if it may
 * not, is flushed to a level-0 file. Buffers are flushed when the write commits. Its {@link CommitHooks} are asked for when it is created (so that a table that needs a
 * commit lock it lacks fails before any row is written) and closed with it.
 */
final class TableWriter implements BatchWrite {

    /** Paimon's commit identifier for batch writes. */
    static final long BATCH_COMMIT_IDENTIFIER = Long.MAX_VALUE;

    private final FileStoreTable table;
    private final TableSchema schema;
    private final TableOptions options;
    private final RowType rowType;
    private final boolean primaryKey;
    private final int numBuckets;
    private final KeyEncoder partitionEncoder;
    private final KeyEncoder bucketKeyEncoder;
    private final int[] keyPositions;
    private final int[] primaryKeyPositions;
    private final WriteMerge writeMerge;
    private final MemoryBudget memory;
    private final boolean spillable;
    /** Where write buffers spill: the JVM's temp directory, as local as the writer. */
    private final java.nio.file.Path spillRoot = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"));
    private final DataFileNames names = new DataFileNames();
    private final String commitUser = UUID.randomUUID().toString();
    private final Map<SnapshotFiles.BucketKey, BucketWriter> writers = new LinkedHashMap<>();
    private final CommitHooks hooks;
    private Map<SnapshotFiles.BucketKey, Long> restoredMaxSequence;
    private boolean committed;

    TableWriter(FileStoreTable table) {
        this.table = table;
        this.schema = table.schema();
        this.options = schema.tableOptions();
        try {
            TableOptions.validateForWrite(schema.options(), schema.primaryKeys());
            this.memory = new MemoryBudget(options.writeBufferSize());
            this.spillable = options.writeBufferSpillable();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + table.location() + " cannot be written: " + e.getMessage(), e);
        }
        this.rowType = schema.rowType();
        this.primaryKey = !schema.primaryKeys().isEmpty();
        this.numBuckets = options.bucket();
        this.partitionEncoder = new KeyEncoder(rowType, positions(schema.partitionKeys()));
        List<String> bucketKeys = schema.bucketKeys();
        this.bucketKeyEncoder = numBuckets > 0 ? new KeyEncoder(rowType, positions(bucketKeys)) : null;
        if (numBuckets > 0 && bucketKeys.isEmpty()) {
            throw new IllegalArgumentException("Table " + table.location() + " has bucket=" + numBuckets
                    + " but no bucket key: set 'bucket-key' or a primary key");
        }
        this.keyPositions = positions(schema.trimmedPrimaryKeys());
        this.primaryKeyPositions = positions(schema.primaryKeys());
        // How the write buffers reduce a key's records: the table's merge engine, as Paimon's writer.
        this.writeMerge = primaryKey ? new MergeFunctionFactory(schema).forWrite("Table " + table.location()) : null;
        // Last: nothing after it may fail, or the hooks would not be closed.
        this.hooks = CommitHooks.open(table);
    }

    private int[] positions(List<String> names) {
        return names.stream().mapToInt(rowType::requireIndexOf).toArray();
    }

    @Override
    public void write(Row row) {
        if (committed) {
            throw new IllegalStateException("This write of table " + table.location() + " was already committed");
        }
        if (row.arity() != rowType.fieldCount()) {
            throw new IllegalArgumentException("Table " + table.location() + " has " + rowType.fieldCount()
                    + " columns, the row has " + row.arity());
        }
        if (!primaryKey && !row.kind().isAdd()) {
            throw new IllegalArgumentException("Table " + table.location()
                    + " has no primary key: it takes inserts only, got a " + row.kind().shortString() + " row");
        }
        for (int p : primaryKeyPositions) {
            if (row.isNullAt(p)) {
                throw new IllegalArgumentException("Primary-key column '" + rowType.field(p).name() + "' of table "
                        + table.location() + " is null");
            }
        }
        BinaryRow partition = partitionEncoder.encode(row);
        int bucket = numBuckets > 0 ? Math.abs(bucketKeyEncoder.hash(row) % numBuckets) : 0;
        SnapshotFiles.BucketKey key = new SnapshotFiles.BucketKey(partition, bucket);
        try {
            writers.computeIfAbsent(key, this::newWriter).write(row);
        } catch (IOException e) {
            throw new UncheckedIOException("Writing to table " + table.location() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(Row row) {
        if (!primaryKey) {
            throw new IllegalArgumentException("Table " + table.location() + " has no primary key: rows cannot be deleted");
        }
        GenericRow copy = GenericRow.copyOf(row, rowType);
        copy.setKind(RowKind.DELETE);
        write(copy);
    }

    private BucketWriter newWriter(SnapshotFiles.BucketKey key) {
        long nextSequence = restoredMaxSequence().getOrDefault(key, -1L) + 1;
        return new BucketWriter(key, nextSequence);
    }

    /** The highest sequence number of every bucket in the latest snapshot, read once. */
    private Map<SnapshotFiles.BucketKey, Long> restoredMaxSequence() {
        if (restoredMaxSequence == null) {
            restoredMaxSequence = new HashMap<>();
            try {
                Snapshot latest = table.snapshotManager().latestSnapshot().orElse(null);
                if (latest != null) {
                    for (ManifestEntry e : table.snapshotFiles().liveEntries(latest, null)) {
                        restoredMaxSequence.merge(new SnapshotFiles.BucketKey(e.partition(), e.bucket()),
                                e.file().maxSequenceNumber(), Math::max);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        }
        return restoredMaxSequence;
    }

    @Override
    public long commit() {
        if (committed) {
            throw new IllegalStateException("This write of table " + table.location() + " was already committed");
        }
        committed = true;
        List<ManifestEntry> entries = new ArrayList<>();
        try {
            for (BucketWriter w : writers.values()) {
                for (DataFileMeta f : w.finish()) {
                    entries.add(new ManifestEntry(FileKind.ADD, w.key.partition(), w.key.bucket(),
                            Math.max(numBuckets, 1), f));
                }
            }
            if (entries.isEmpty()) {
                return -1;
            }
            return new FileStoreCommit(table, commitUser, hooks).commit(entries, BATCH_COMMIT_IDENTIFIER, CommitKind.APPEND);
        } catch (CommitCallbackException e) {
            // The snapshot landed and references the data files: they must stay.
            throw new UncheckedIOException(e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            abortAll();
            if (e instanceof IOException io) {
                throw new UncheckedIOException("Commit to table " + table.location() + " failed: " + io.getMessage(), io);
            }
            throw (RuntimeException) e;
        } finally {
            hooks.close();
        }
    }

    @Override
    public void close() {
        if (!committed) {
            abortAll();
            committed = true;
        }
        hooks.close();
    }

    private void abortAll() {
        for (BucketWriter w : writers.values()) {
            w.files.abort();
            if (w.buffer != null) {
                w.buffer.clear();
            }
        }
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

    /** The writer of one (partition, bucket). */
    private final class BucketWriter {

        private final SnapshotFiles.BucketKey key;
        private final RollingDataFileWriter files;
        private final WriteBuffer buffer;
        private long nextSequence;

        BucketWriter(SnapshotFiles.BucketKey key, long nextSequence) {
            this.key = key;
            this.nextSequence = nextSequence;
            this.files = new RollingDataFileWriter(table.fileIO(), table.paths().bucketDirectory(key.partition(), key.bucket()),
                    rowType, keyPositions, primaryKey, options.fileFormat(), options.fileCompression(),
                    options.targetFileSize(primaryKey), names, schema.id(), 0, FileSource.APPEND);
            this.buffer = primaryKey
                    ? new WriteBuffer(rowType, keyPositions, writeMerge, memory, spillable, spillRoot)
                    : null;
        }

        void write(Row row) throws IOException {
            long seq = nextSequence++;
            if (!primaryKey) {
                files.write(row, seq, RowKind.INSERT);
                return;
            }
            if (options.ignoreDelete() && !row.kind().isAdd()) {
                return;
            }
            buffer.add(row, seq, row.kind());
            if (memory.exceeded()) {
                relieveMemory();
            }
        }

        void flush() throws IOException {
            try {
                buffer.drainMerged(files::write);
                // Each flush is its own level-0 file (one sorted run per file).
                files.finishFile();
            } finally {
                // Only now: the file writer held the last row (a view into the buffer) as its max key.
                buffer.clear();
            }
        }

        List<DataFileMeta> finish() throws IOException {
            if (buffer != null && !buffer.isEmpty()) {
                flush();
            }
            return files.finish();
        }
    }
}
