package io.strata.table.write;

import io.strata.data.BinaryRow;
import io.strata.data.Row;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.PostponeBucketOptions;
import io.strata.snapshot.Snapshot;
import io.strata.table.BucketFunction;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The buckets of a postpone-bucket table ({@code bucket = -2}) as Paimon's batch writes and postpone compaction
 * choose them: each partition keeps the bucket count its files in real buckets record, and a partition without
 * such files gets {@code postpone.default-bucket-num} buckets. A row's bucket is Paimon's bucket function over
 * that count.
 */
final class PostponeBuckets {

    private final TableStore store;
    private final int defaultCount;
    /** The bucket function of each partition this writer reached; kept for the writer's life, as its files' count. */
    private final Map<BinaryRow, BucketFunction> functions = new HashMap<>();
    /** The counts the latest snapshot records per partition; read at the first new partition after a commit. */
    private Map<BinaryRow, Integer> snapshotCounts;

    PostponeBuckets(TableStore store) {
        this.store = store;
        this.defaultCount = PostponeBucketOptions.defaultBucketNum(store.schema().options());
    }

    /** The bucket of {@code row}, which belongs to {@code partition}. */
    int bucket(BinaryRow partition, Row row) throws IOException {
        BucketFunction function = functions.get(partition);
        if (function == null) {
            int count = snapshotCounts().getOrDefault(partition, defaultCount);
            function = BucketFunction.of(store.schema(), count);
            functions.put(partition, function);
        }
        return function.bucket(row);
    }

    /** The bucket count of a partition this writer wrote, which its files record. */
    int count(BinaryRow partition) {
        BucketFunction function = functions.get(partition);
        if (function == null) {
            throw new IllegalStateException("Partition " + store.paths().partitionPath(partition) + " of table "
                    + store.location() + " was not written by this writer");
        }
        return function.numBuckets();
    }

    /** A commit ended: partitions first reached later are looked up in the snapshot that is latest then. */
    void forgetSnapshot() {
        snapshotCounts = null;
    }

    private Map<BinaryRow, Integer> snapshotCounts() throws IOException {
        if (snapshotCounts == null) {
            snapshotCounts = countsOf(store);
        }
        return snapshotCounts;
    }

    /**
     * The bucket count of every partition with files in real buckets in the latest snapshot. Fails naming the
     * partition if its files disagree, which no Paimon writer makes.
     */
    static Map<BinaryRow, Integer> countsOf(TableStore store) throws IOException {
        Map<BinaryRow, Integer> counts = new HashMap<>();
        Snapshot latest = store.snapshotManager().latestSnapshot().orElse(null);
        if (latest == null) {
            return counts;
        }
        for (ManifestEntry e : store.snapshotFiles().liveEntries(latest, null)) {
            if (e.postponed() || e.totalBuckets() <= 0) {
                continue;
            }
            Integer previous = counts.put(e.partition(), e.totalBuckets());
            if (previous != null && previous != e.totalBuckets()) {
                throw new IllegalStateException("Partition " + store.paths().partitionPath(e.partition()) + " of table "
                        + store.location() + " has files written for " + previous + " and for " + e.totalBuckets()
                        + " buckets in snapshot " + latest.id() + ": its bucket count is unknown");
            }
        }
        return counts;
    }
}
