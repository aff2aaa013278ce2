package io.strata.table.compact;

import io.strata.lsm.BucketDeletionVectors;
import io.strata.lsm.CompactManager;
import io.strata.lsm.CompactResult;
import io.strata.lsm.LookupFileCache;
import io.strata.lsm.UniversalCompaction;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.CompactionOptions;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Table;
import io.strata.table.TableCompaction;
import io.strata.table.commit.CommitHooks;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.DeletionVectorIndex;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/**
 * Compacts the selected primary-key buckets of a table the way a stream writer would after a flush:
 * each bucket's levels are restored from the latest snapshot, the table's {@link UniversalCompaction}
 * picks once, and the {@link CompactManager} runs the pick ({@code MergeTreeCompactTask}: merges, and
 * moves of big lone files up a level). All results go into one COMPACT snapshot.
 */
final class PolicyCompaction {

    private final Table table;
    private final TableStore store;
    private final Predicate<SnapshotFiles.BucketKey> scope;
    private final TableCompaction.Progress progress;
    private final TableSchema schema;
    private final MergeFunctionFactory mergeFunctions;
    /** Deletion-vectors tables: the index files of the latest snapshot, and the changes the compactions make. */
    private final DeletionVectorIndex dvIndex;
    private Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> indexFiles = Map.of();

    PolicyCompaction(Table table, Predicate<SnapshotFiles.BucketKey> scope, TableCompaction.Progress progress) {
        this.table = table;
        this.store = TableStore.of(table);
        this.scope = scope;
        this.progress = progress;
        this.schema = store.schema();
        if (schema.primaryKeys().isEmpty()) {
            throw new UnsupportedOperationException("Table " + store.location()
                    + " has no primary key: policy compaction applies to primary-key tables");
        }
        try {
            TableOptions.validateForWrite(schema.options(), schema.primaryKeys());
            // Malformed compaction options fail here, naming the table, before any bucket is read.
            new CompactionOptions(schema.tableOptions());
            this.mergeFunctions = new MergeFunctionFactory(schema);
            this.dvIndex = schema.tableOptions().deletionVectorsEnabled() ? new DeletionVectorIndex(store) : null;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Table " + store.location() + " cannot be written: " + e.getMessage(), e);
        }
    }

    /** Returns the COMPACT snapshot id, or -1 if the strategy picked nothing in any selected bucket. */
    long run() throws IOException {
        // Opened first: a table that needs a commit lock it lacks fails before any file is rewritten.
        try (CommitHooks hooks = CommitHooks.open(table)) {
            Snapshot latest = store.snapshotManager().latestSnapshot().orElse(null);
            if (latest == null) {
                return -1;
            }
            if (dvIndex != null) {
                indexFiles = store.snapshotFiles().deletionIndexFiles(latest);
            }
            Map<SnapshotFiles.BucketKey, List<ManifestEntry>> buckets = new LinkedHashMap<>();
            for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
                SnapshotFiles.BucketKey key = new SnapshotFiles.BucketKey(e.partition(), e.bucket());
                // Postponed files are unsorted rows waiting for their bucket: a postpone compaction moves them.
                if (!e.postponed() && scope.test(key)) {
                    buckets.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
                }
            }
            return compactAndCommit(buckets, hooks);
        }
    }

    private long compactAndCommit(Map<SnapshotFiles.BucketKey, List<ManifestEntry>> buckets, CommitHooks hooks)
            throws IOException {
        List<BucketChange> done = new ArrayList<>();
        DataFileNames names = new DataFileNames();
        ExecutorService executor = executor();
        try {
            int count = 0;
            for (Map.Entry<SnapshotFiles.BucketKey, List<ManifestEntry>> b : buckets.entrySet()) {
                progress.bucketsDone(count++, buckets.size());
                ManifestEntry first = b.getValue().get(0);
                compact(b.getKey(), first.totalBuckets(), b.getValue().stream().map(ManifestEntry::file).toList(),
                        indexFiles.getOrDefault(b.getKey(), List.of()), executor, names).ifPresent(done::add);
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
        } finally {
            executor.shutdownNow();
        }
    }

    /** One thread, as a writer's compactions: buckets are compacted one at a time. */
    ExecutorService executor() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "strata-compaction-" + store.location().getName());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * One pick of the strategy on the runs of bucket {@code key} (live files {@code files}, deletion-vector index
     * files {@code bucketIndex}), run to its end without committing; empty if the strategy picked nothing.
     */
    Optional<BucketChange> compact(SnapshotFiles.BucketKey key, int totalBuckets, List<DataFileMeta> files,
            List<IndexManifestEntry> bucketIndex, ExecutorService executor, DataFileNames names) throws IOException {
        BucketDeletionVectors deletions = dvIndex == null ? null : dvIndex.read(bucketIndex);
        Optional<CompactResult> result;
        // One bucket at a time: its lookup files go when it is done.
        try (LookupFileCache lookupFiles = BucketCompactions.lookupFiles(store)) {
            CompactManager manager = BucketCompactions.manager(store, mergeFunctions, key, files, executor, names,
                    deletions, lookupFiles);
            manager.triggerCompaction(false);
            result = manager.compactionResult(true);
        }
        if (result.isEmpty() || result.get().isEmpty()) {
            return Optional.empty();
        }
        BucketChange change = new BucketChange(key.partition(), key.bucket(), totalBuckets, result.get().before(),
                result.get().after(), result.get().changelog(), List.of());
        if (deletions != null && deletions.modified()) {
            try {
                change = new BucketChange(key.partition(), key.bucket(), totalBuckets, change.before(), change.after(),
                        change.changelog(), dvIndex.replace(key.partition(), key.bucket(), bucketIndex, deletions));
            } catch (IOException | RuntimeException e) {
                change.discard(store);
                throw e;
            }
        }
        return Optional.of(change);
    }
}
