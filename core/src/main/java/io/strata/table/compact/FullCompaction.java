package io.strata.table.compact;

import io.strata.data.BinaryRow;
import io.strata.data.Row;
import io.strata.data.RowComparator;
import io.strata.lsm.BucketDeletionVectors;
import io.strata.lsm.CompactResult;
import io.strata.lsm.IntervalPartition;
import io.strata.lsm.LookupFileCache;
import io.strata.lsm.RecordLevelExpire;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.ChangelogOptions;
import io.strata.schema.ChangelogProducer;
import io.strata.schema.FileIndexOptions;
import io.strata.schema.StatsOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.commit.CommitHooks;
import io.strata.table.source.SplitReader;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.DeletionVectorIndex;
import io.strata.table.store.RollingDataFileWriter;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import io.strata.schema.FileFormatOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * Brings a table to its read-optimised state: every primary-key bucket with more than one file, or
 * with files below the top level, is merged into one sorted run at the top level (deletes dropped,
 * since nothing older remains beneath); every append bucket with several files is rewritten into one
 * run of files. The result is one COMPACT snapshot that removes the old files and adds the new.
 */
public final class FullCompaction {

    private final Table table;
    private final TableStore store;
    private final TableSchema schema;
    private final TableOptions options;
    private final boolean primaryKey;
    /** The buckets this compaction may rewrite; the others keep their files as they are. */
    private final Predicate<SnapshotFiles.BucketKey> scope;
    private final int topLevel;
    private final RowType rowType;
    private final int[] keyPositions;
    /**
     * Changelog producers and lookup tables merge key by key (docs/changelog.md), and record-level expiry filters
     * each file: they compact with the bucket rewriter; null for the others.
     */
    private final MergeFunctionFactory mergeFunctions;
    private final Comparator<Row> fileKeys;
    private final DeletionVectorIndex dvIndex;
    /** The format and compression of the files written, by level ({@code file.format.per.level}, ...). */
    private final FileFormatOptions formats;

    public FullCompaction(Table table) {
        this(table, bucket -> true);
    }

    public FullCompaction(Table table, Predicate<SnapshotFiles.BucketKey> scope) {
        this.table = table;
        this.store = TableStore.of(table);
        this.scope = scope;
        this.schema = store.schema();
        this.options = schema.tableOptions();
        this.primaryKey = !schema.primaryKeys().isEmpty();
        try {
            TableOptions.validateForWrite(schema.options(), schema.primaryKeys());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + store.location() + " cannot be written: " + e.getMessage(), e);
        }
        this.topLevel = options.numLevels() - 1;
        this.rowType = schema.rowType();
        this.keyPositions = schema.trimmedPrimaryKeys().stream().mapToInt(rowType::requireIndexOf).toArray();
        // Record-level expiry drops expired records file by file before the merge, as Paimon: the rewriter does.
        boolean rewriterNeeded = primaryKey && (options.changelogProducer() != ChangelogProducer.NONE
                || new ChangelogOptions(options).needsLookup() || BucketCompactions.recordLevelExpire(store) != null);
        this.mergeFunctions = rewriterNeeded ? new MergeFunctionFactory(schema) : null;
        this.fileKeys = primaryKey ? RowComparator.of(schema.trimmedPrimaryKeyType()) : null;
        this.dvIndex = new DeletionVectorIndex(store);
        this.formats = new FileFormatOptions(schema.options());
    }

    public long run() throws IOException {
        // Opened first: a table that needs a commit lock it lacks fails before any file is rewritten.
        try (CommitHooks hooks = CommitHooks.open(table)) {
            return run(hooks);
        }
    }

    private long run(CommitHooks hooks) throws IOException {
        Snapshot latest = store.snapshotManager().latestSnapshot().orElse(null);
        if (latest == null) {
            return -1;
        }
        Map<SnapshotFiles.BucketKey, List<ManifestEntry>> buckets = new LinkedHashMap<>();
        for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
            if (e.postponed()) {
                // Unsorted rows waiting for their bucket: a postpone compaction moves them.
                continue;
            }
            buckets.computeIfAbsent(new SnapshotFiles.BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>()).add(e);
        }
        // Deletion vectors (Paimon's, or Strata's): rewritten files are read without their deleted rows and
        // lose their vectors, so each rewritten bucket's index files are replaced.
        Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> indexFiles = store.snapshotFiles().deletionIndexFiles(latest);
        DataFileNames names = new DataFileNames();
        List<BucketChange> done = new ArrayList<>();
        try {
            for (Map.Entry<SnapshotFiles.BucketKey, List<ManifestEntry>> b : buckets.entrySet()) {
                if (!scope.test(b.getKey())) {
                    continue;
                }
                ManifestEntry first = b.getValue().get(0);
                compact(latest, first.partition(), first.bucket(), first.totalBuckets(),
                        b.getValue().stream().map(ManifestEntry::file).toList(),
                        indexFiles.getOrDefault(b.getKey(), List.of()), names).ifPresent(done::add);
            }
            if (done.isEmpty()) {
                return -1;
            }
            return BucketChange.commit(done, store, hooks);
        } catch (CommitCallbackException | CommitStateUnknownException e) {
            // The COMPACT snapshot landed (or may have) and references the new files: they must stay.
            throw e;
        } catch (IOException | RuntimeException e) {
            done.forEach(change -> change.discard(store));
            throw e;
        }
    }

    /**
     * Rewrites one bucket of {@code snapshot}, whose live files are {@code files} and deletion-vector index files
     * {@code bucketIndex}, into one sorted run at the top level (one run of files for an append bucket), without
     * committing; empty if the bucket is already so (one top-level file without deleted rows). What it wrote is
     * removed if it fails.
     */
    Optional<BucketChange> compact(Snapshot snapshot, BinaryRow partition, int bucket, int totalBuckets,
            List<DataFileMeta> files, List<IndexManifestEntry> bucketIndex, DataFileNames names) throws IOException {
        // A lone file with deleted rows is rewritten too: its vector then goes.
        RecordLevelExpire expire = BucketCompactions.recordLevelExpire(store);
        boolean needed = files.size() > 1
                || (primaryKey && files.get(0).level() != topLevel)
                || bucketIndex.stream().anyMatch(e -> e.indexFile().rowCount() > 0)
                || (expire != null && expire.hasExpiredRecords(files.get(0)));
        if (!needed) {
            return Optional.empty();
        }
        if (mergeFunctions != null) {
            BucketDeletionVectors deletions = options.deletionVectorsEnabled() ? dvIndex.read(bucketIndex) : null;
            CompactResult result;
            try (LookupFileCache lookupFiles = BucketCompactions.lookupFiles(store)) {
                MergeTreeCompactRewriter rewriter = new MergeTreeCompactRewriter(store, mergeFunctions, partition, bucket,
                        names, topLevel, deletions, lookupFiles);
                rewriter.beforeCompaction(topLevel, List.of());
                result = rewriter.rewrite(topLevel, true, new IntervalPartition(fileKeys).partition(files));
            }
            List<IndexManifestEntry> indexChanges = !bucketIndex.isEmpty() || (deletions != null && deletions.modified())
                    ? dvIndex.replace(partition, bucket, bucketIndex,
                            deletions == null ? BucketDeletionVectors.empty() : deletions)
                    : List.of();
            return Optional.of(new BucketChange(partition, bucket, totalBuckets, files, result.after(),
                    result.changelog(), indexChanges));
        }
        Split split = new Split(snapshot.id(), partition, bucket, totalBuckets, files,
                bucketIndex.stream().map(IndexManifestEntry::indexFile).toList());
        Plan plan = new Plan(snapshot, List.of(split), IntStream.range(0, rowType.fieldCount()).toArray(), rowType, null);
        int outputLevel = primaryKey ? topLevel : 0;
        RollingDataFileWriter writer = new RollingDataFileWriter(store.fileIO(),
                store.paths().bucketDirectory(partition, bucket), rowType, keyPositions, primaryKey,
                formats.format(outputLevel, false), formats.compression(outputLevel, false),
                options.targetFileSize(primaryKey), names,
                schema.id(), outputLevel, FileSource.COMPACT, new FileIndexOptions(schema.options()),
                new StatsOptions(schema.options()));
        List<DataFileMeta> after = CursorRewrite.write(writer, () -> new SplitReader(store, plan).openCursor(split),
                rowType);
        // Every file of the bucket was rewritten without its deleted rows: no vector is left.
        List<IndexManifestEntry> indexChanges;
        try {
            indexChanges = dvIndex.replace(partition, bucket, bucketIndex, BucketDeletionVectors.empty());
        } catch (IOException | RuntimeException e) {
            new BucketChange(partition, bucket, totalBuckets, files, after, List.of(), List.of()).discard(store);
            throw e;
        }
        return Optional.of(new BucketChange(partition, bucket, totalBuckets, files, after, List.of(), indexChanges));
    }
}
