package io.strata.table.write;

import io.strata.data.BinaryRow;
import io.strata.manifest.HashIndexFile;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.schema.DynamicBucketOptions;
import io.strata.snapshot.Snapshot;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The buckets of a write to a dynamic-bucket table ({@code bucket = -1} with a primary key): each key goes
 * to the bucket its hash is in, by the table's hash index (index files of type {@link IndexFileMeta#HASH},
 * one per bucket, holding the hashes of every key the bucket ever took), or, if new, to a bucket that
 * {@link PartitionBucketIndex} picks. A partition's index is read from the latest snapshot when the write
 * first reaches the partition and kept while the write lives, as Paimon's assigner keeps it; a bucket whose
 * hashes grew gets a new index file in the same snapshot as its rows, which replaces the old one.
 *
 * <p>One assigner must own a partition's assignment for a commit: two writers assigning keys of one
 * partition independently would both open bucket 0 for different keys. Paimon's Flink writer runs one
 * assigner per partition and key range; Strata's writes assign in one process, and distributed writes hand
 * each partition to one task.
 */
final class DynamicBucketAssigner {

    private final TableStore store;
    private final HashIndexFile files;
    private final long targetRowNum;
    private final int maxBuckets;
    /** An overwrite's assigner: the partitions it writes start without buckets. */
    private final boolean startEmpty;
    private final Map<BinaryRow, PartitionBucketIndex> partitions = new HashMap<>();
    /** The hash index files of the latest snapshot by partition; read at the first new partition after a commit. */
    private Map<BinaryRow, List<IndexManifestEntry>> snapshotIndex;

    DynamicBucketAssigner(TableStore store, boolean startEmpty) {
        this.store = store;
        this.files = new HashIndexFile(store.fileIO(), store.paths().indexDirectory());
        DynamicBucketOptions options = new DynamicBucketOptions(store.schema().options());
        this.targetRowNum = options.targetRowNum();
        this.maxBuckets = options.maxBuckets();
        this.startEmpty = startEmpty;
    }

    /** The bucket of a key of {@code partition} whose hash (of the primary key without partition columns) is {@code keyHash}. */
    int assign(BinaryRow partition, int keyHash) throws IOException {
        PartitionBucketIndex index = partitions.get(partition);
        if (index == null) {
            index = PartitionBucketIndex.load(partition, describe(partition),
                    snapshotIndex().getOrDefault(partition, List.of()), files, targetRowNum, maxBuckets);
            partitions.put(partition, index);
        }
        return index.assign(keyHash);
    }

    /** The index file changes of a bucket for the next commit: its new hash file replacing the old one, if it grew. */
    List<IndexManifestEntry> changes(BinaryRow partition, int bucket) throws IOException {
        PartitionBucketIndex index = partitions.get(partition);
        return index == null ? List.of() : index.changes(bucket, files);
    }

    /** The {@link #changes} of a bucket landed. */
    void committed(BinaryRow partition, int bucket, List<IndexManifestEntry> changes) {
        PartitionBucketIndex index = partitions.get(partition);
        if (index != null) {
            index.committed(bucket, changes);
        }
    }

    /** A commit ended: partitions first reached later are read from the snapshot that is latest then. */
    void forgetSnapshot() {
        snapshotIndex = null;
    }

    private Map<BinaryRow, List<IndexManifestEntry>> snapshotIndex() throws IOException {
        if (snapshotIndex == null) {
            snapshotIndex = new HashMap<>();
            Snapshot latest = startEmpty ? null : store.snapshotManager().latestSnapshot().orElse(null);
            if (latest != null) {
                for (IndexManifestEntry e : store.snapshotFiles().liveIndexEntries(latest)) {
                    if (IndexFileMeta.HASH.equals(e.indexFile().indexType())) {
                        snapshotIndex.computeIfAbsent(e.partition(), k -> new ArrayList<>()).add(e);
                    }
                }
            }
        }
        return snapshotIndex;
    }

    private String describe(BinaryRow partition) {
        String path = store.paths().partitionPath(partition);
        return (path.isEmpty() ? "table " : "partition " + path + " of table ") + store.location();
    }
}
