package io.strata.table.write;

import io.strata.fileindex.DataFileIndexWriter;
import io.strata.format.registry.FormatFactories;
import io.strata.format.FileFormat;
import io.strata.lsm.CompactManager;
import io.strata.lsm.LookupFileCache;
import io.strata.lsm.MemoryBudget;
import io.strata.lsm.WriteBuffer;
import io.strata.lsm.WriteMerge;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.ChangelogOptions;
import io.strata.schema.ChangelogProducer;
import io.strata.schema.CompactionOptions;
import io.strata.schema.FileIndexOptions;
import io.strata.schema.StatsOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.compact.BucketCompactions;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.DeletionVectorIndex;
import io.strata.table.store.RollingDataFileWriter;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import io.strata.schema.FileFormatOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.fs.Path;

/**
 * Opens the {@link BucketWriter}s of one {@link TableWriter}, each restored from the latest snapshot as Paimon's
 * writers restore a bucket: its live files (the sequence numbers go on after theirs, and they are the levels its
 * compactions start from), its deletion vectors, a compaction manager on the writer's one compaction thread, and
 * the local lookup files the buckets' compactions share. What it read of the snapshot is kept for one commit
 * cycle ({@link #forgetSnapshot}).
 */
final class BucketOpener implements AutoCloseable {

    private final TableStore store;
    private final String commitUser;
    /** The files this writer leaves in postpone buckets, named as Paimon's postpone compaction expects; lazy. */
    private DataFileNames postponedNames;
    private final TableSchema schema;
    private final TableOptions options;
    private final RowType rowType;
    private final boolean primaryKey;
    private final int[] keyPositions;
    private final ChangelogOptions changelog;
    private final CompactionOptions compaction;
    /** {@code ignore-delete}: each bucket checks it for every record written. */
    private final boolean ignoreDelete;
    /** The file indexes each data file gets (bloom filters and bitmaps of {@code file-index.*}). */
    private final FileIndexOptions fileIndex;
    /** The format and compression of each new file, by level ({@code file.format.per.level}, ...). */
    private final FileFormatOptions formats;
    /** Which statistics each data file keeps ({@code metadata.stats-*}). */
    private final StatsOptions statsOptions;
    private final DataFileNames names = new DataFileNames();
    private final MemoryBudget memory;
    private final boolean spillable;
    /** Where write buffers spill: the JVM's temp directory, as local as the writer. */
    private final java.nio.file.Path spillRoot = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"));
    private final WriteMerge writeMerge;
    /** Null for append tables. */
    private final MergeFunctionFactory mergeFunctions;
    /** Whether flushes and commits compact by themselves. */
    private final boolean autoCompaction;
    /** Added to the first sequence number of every bucket (a replacing write's gap). */
    private final long sequenceGap;
    /** An overwrite's write: buckets start empty instead of restoring the table's files. */
    private final boolean ignorePreviousFiles;
    /** Primary-key tables with {@code deletion-vectors.enabled}: compactions maintain vectors; else null. */
    private final DeletionVectorIndex deletionVectorIndex;
    /** The live files of every bucket in the latest snapshot; read when a bucket opens, dropped at each commit. */
    private Map<SnapshotFiles.BucketKey, List<DataFileMeta>> restoredFiles;
    /** The deletion-vector index files of every bucket in the same snapshot as {@link #restoredFiles}. */
    private Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> restoredIndex;
    /** The local lookup files of the buckets' compactions, shared by them; null until one needs lookups. */
    private LookupFileCache lookupFiles;
    private ExecutorService compactionExecutor;

    /**
     * @throws IllegalArgumentException the table's file index options name columns that cannot be indexed
     */
    BucketOpener(TableStore store, String commitUser, MemoryBudget memory, boolean spillable, WriteMerge writeMerge,
            MergeFunctionFactory mergeFunctions, boolean autoCompaction, long sequenceGap, boolean ignorePreviousFiles) {
        this.store = store;
        this.commitUser = commitUser;
        this.schema = store.schema();
        this.options = schema.tableOptions();
        this.rowType = schema.rowType();
        this.primaryKey = !schema.primaryKeys().isEmpty();
        this.keyPositions = schema.trimmedPrimaryKeys().stream().mapToInt(rowType::requireIndexOf).toArray();
        this.changelog = new ChangelogOptions(options);
        this.compaction = new CompactionOptions(options);
        this.ignoreDelete = options.ignoreDelete();
        this.fileIndex = new FileIndexOptions(schema.options());
        DataFileIndexWriter.check(rowType, fileIndex.columnIndexes());
        this.statsOptions = new StatsOptions(schema.options());
        this.formats = new FileFormatOptions(schema.options());
        this.memory = memory;
        this.spillable = spillable;
        this.writeMerge = writeMerge;
        this.mergeFunctions = mergeFunctions;
        this.autoCompaction = autoCompaction;
        this.sequenceGap = sequenceGap;
        this.ignorePreviousFiles = ignorePreviousFiles;
        this.deletionVectorIndex = primaryKey && options.deletionVectorsEnabled() ? new DeletionVectorIndex(store) : null;
    }

    /** The writer of a bucket, restored from the latest snapshot (empty for an overwrite's write). */
    BucketWriter open(SnapshotFiles.BucketKey key) throws IOException {
        if (key.bucket() == ManifestEntry.POSTPONE_BUCKET) {
            return openPostponed(key);
        }
        List<DataFileMeta> files = restoredFiles().getOrDefault(key, List.of());
        long maxSequence = -1;
        for (DataFileMeta f : files) {
            maxSequence = Math.max(maxSequence, f.maxSequenceNumber());
        }
        Path directory = store.paths().bucketDirectory(key.partition(), key.bucket());
        BucketWriter.FileWriters fileWriters = (level, source, fileNames) -> new RollingDataFileWriter(store.fileIO(),
                directory, rowType, keyPositions, primaryKey, formats.format(level, fileNames.isChangelog()),
                formats.compression(level, fileNames.isChangelog()),
                options.targetFileSize(primaryKey), fileNames, schema.id(), level, source, fileIndex, statsOptions);
        if (!primaryKey) {
            return BucketWriter.append(key, maxSequence + 1 + sequenceGap, fileWriters, names);
        }
        DeletionVectorIndex.BucketIndex deletions = deletionVectorIndex == null ? null
                : deletionVectorIndex.forBucket(key, restoredIndex.getOrDefault(key, List.of()));
        boolean inputChangelog = changelog.producer() == ChangelogProducer.INPUT;
        WriteBuffer buffer = new WriteBuffer(rowType, keyPositions, writeMerge, memory, spillable, spillRoot,
                inputChangelog);
        if (lookupFiles == null && (changelog.needsLookup() || deletions != null)) {
            lookupFiles = BucketCompactions.lookupFiles(store);
        }
        CompactManager manager = BucketCompactions.manager(store, mergeFunctions, key, files, compactionExecutor(), names,
                deletions == null ? null : deletions.vectors(), lookupFiles);
        MergeTreeBucket lsm = new MergeTreeBucket(store.fileIO(), directory, manager, autoCompaction,
                compaction.stopTrigger(), changelog.needsLookup());
        return BucketWriter.primaryKey(key, maxSequence + 1 + sequenceGap, fileWriters, names, buffer, lsm, deletions,
                ignoreDelete, inputChangelog);
    }

    /**
     * The writer of a partition's postpone bucket, as Paimon's postpone writers make it: Avro files (the table's
     * format if Avro cannot hold its columns) without value statistics ({@code metadata.stats-mode = none}),
     * named with this writer's commit user and a write id, records unsorted with their kinds.
     */
    private BucketWriter openPostponed(SnapshotFiles.BucketKey key) {
        if (postponedNames == null) {
            postponedNames = DataFileNames.postponed(commitUser, ThreadLocalRandom.current().nextInt(Integer.MAX_VALUE));
        }
        FileFormat format = FileFormat.AVRO;
        try {
            FormatFactories.of(FileFormat.AVRO).validateWrite(rowType, "zstd");
        } catch (IllegalArgumentException e) {
            format = options.fileFormat();
        }
        FileFormat fileFormat = format;
        Map<String, String> postponedOptions = new HashMap<>(schema.options());
        postponedOptions.put(StatsOptions.STATS_MODE.key(), "none");
        StatsOptions postponedStats = new StatsOptions(postponedOptions);
        Path directory = store.paths().bucketDirectory(key.partition(), key.bucket());
        BucketWriter.FileWriters fileWriters = (level, source, fileNames) -> new RollingDataFileWriter(store.fileIO(),
                directory, rowType, keyPositions, true, fileFormat, options.fileCompression(),
                options.targetFileSize(true), fileNames, schema.id(), level, source, fileIndex, postponedStats);
        return BucketWriter.postponed(key, fileWriters, postponedNames, ignoreDelete);
    }

    /** A commit ended (or the buckets were dropped): buckets opened later restore from the snapshot latest then. */
    void forgetSnapshot() {
        restoredFiles = null;
        restoredIndex = null;
    }

    /** Stops the compaction thread: compactions still running are abandoned (their outputs are not committed). */
    void stopCompactions() {
        if (compactionExecutor != null) {
            compactionExecutor.shutdownNow();
            compactionExecutor = null;
        }
    }

    @Override
    public void close() {
        stopCompactions();
        if (lookupFiles != null) {
            lookupFiles.close();
            lookupFiles = null;
        }
    }

    /** The live files of every bucket in the latest snapshot, read once per commit cycle. */
    private Map<SnapshotFiles.BucketKey, List<DataFileMeta>> restoredFiles() throws IOException {
        if (restoredFiles == null) {
            restoredFiles = new HashMap<>();
            restoredIndex = new HashMap<>();
            Snapshot latest = ignorePreviousFiles ? null : store.snapshotManager().latestSnapshot().orElse(null);
            if (latest != null && deletionVectorIndex != null) {
                restoredIndex = store.snapshotFiles().deletionIndexFiles(latest);
            }
            if (latest != null) {
                for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
                    restoredFiles.computeIfAbsent(new SnapshotFiles.BucketKey(e.partition(), e.bucket()),
                            k -> new ArrayList<>()).add(e.file());
                }
            }
        }
        return restoredFiles;
    }

    /** One thread for all compactions of the writer, as Paimon's writer has one compaction executor. */
    private ExecutorService compactionExecutor() {
        if (compactionExecutor == null) {
            compactionExecutor = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "strata-compaction-" + store.location().getName());
                t.setDaemon(true);
                return t;
            });
        }
        return compactionExecutor;
    }
}
