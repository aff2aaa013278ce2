package io.strata.table.write;

import io.strata.manifest.FileKind;
import io.strata.manifest.HashIndexFile;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.data.BinaryRow;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.roaringbitmap.RoaringBitmap;

/**
 * Which bucket of one partition of a dynamic-bucket table each key hash belongs to, as Paimon 1.4's
 * {@code PartitionIndex} assigns them: a hash the partition's hash index holds stays in its bucket; a new
 * one goes to the first bucket (lowest number) holding fewer than the target number of hashes; when every
 * bucket is full a new bucket opens (the lowest unused number), and once the partition has the most buckets
 * allowed a new hash goes to one of them at random. Each bucket's hashes are written back as one new hash
 * index file when they changed.
 */
final class PartitionBucketIndex {

    /** The hashes of one bucket and the index file they were read from or last committed as. */
    private static final class BucketHashes {
        final RoaringBitmap hashes = new RoaringBitmap();
        IndexManifestEntry file;
        boolean modified;
    }

    private final BinaryRow partition;
    /** The partition and table, for messages. */
    private final String where;
    private final long targetRowNum;
    private final int maxBuckets;
    /** Every hash of the partition: most new keys are ruled out here without asking each bucket. */
    private final RoaringBitmap allHashes = new RoaringBitmap();
    private final TreeMap<Integer, BucketHashes> buckets = new TreeMap<>();
    /** Buckets that may still take new hashes, lowest first; a bucket found full leaves for good, as in Paimon. */
    private final TreeMap<Integer, BucketHashes> notFull = new TreeMap<>();
    private int lastHit = -1;

    private PartitionBucketIndex(BinaryRow partition, String where, long targetRowNum, int maxBuckets) {
        this.partition = partition;
        this.where = where;
        this.targetRowNum = targetRowNum;
        this.maxBuckets = maxBuckets;
    }

    /** The index of a partition, read from its hash index files ({@code files}, one per bucket). */
    static PartitionBucketIndex load(BinaryRow partition, String where, List<IndexManifestEntry> files,
            HashIndexFile reader, long targetRowNum, int maxBuckets) throws IOException {
        PartitionBucketIndex index = new PartitionBucketIndex(partition, where, targetRowNum, maxBuckets);
        for (IndexManifestEntry e : files) {
            BucketHashes bucket = index.buckets.get(e.bucket());
            if (bucket != null) {
                throw new IOException("Bucket " + e.bucket() + " of " + where + " has two hash index files ("
                        + bucket.file.indexFile().fileName() + ", " + e.indexFile().fileName() + ")");
            }
            bucket = new BucketHashes();
            reader.read(e.indexFile(), bucket.hashes);
            bucket.file = e;
            index.buckets.put(e.bucket(), bucket);
            index.notFull.put(e.bucket(), bucket);
            index.allHashes.or(bucket.hashes);
        }
        return index;
    }

    /** The bucket of a key whose hash is {@code hash}, which the partition's index now holds. */
    int assign(int hash) {
        if (allHashes.contains(hash)) {
            return bucketOf(hash);
        }
        allHashes.add(hash);
        Iterator<Map.Entry<Integer, BucketHashes>> candidates = notFull.entrySet().iterator();
        while (candidates.hasNext()) {
            Map.Entry<Integer, BucketHashes> candidate = candidates.next();
            if (candidate.getValue().hashes.getLongCardinality() < targetRowNum) {
                return add(candidate.getKey(), candidate.getValue(), hash);
            }
            candidates.remove();
        }
        // Bucket numbers are shorts in Paimon's assigner; -1 means as many as those allow.
        int highest = (maxBuckets == -1 ? Short.MAX_VALUE : maxBuckets) - 1;
        for (int number = 0; number <= highest; number++) {
            if (!buckets.containsKey(number)) {
                BucketHashes opened = new BucketHashes();
                buckets.put(number, opened);
                notFull.put(number, opened);
                return add(number, opened, hash);
            }
        }
        if (maxBuckets == -1) {
            throw new IllegalStateException("The " + buckets.size() + " buckets of " + where + " are full, the"
                    + " most dynamic bucket mode allows: raise 'dynamic-bucket.target-row-num' (now " + targetRowNum + ")");
        }
        // As Paimon: with all buckets open and full, any bucket takes it.
        List<Integer> numbers = new ArrayList<>(buckets.keySet());
        int number = numbers.get(ThreadLocalRandom.current().nextInt(numbers.size()));
        return add(number, buckets.get(number), hash);
    }

    private int add(int number, BucketHashes bucket, int hash) {
        bucket.hashes.add(hash);
        bucket.modified = true;
        lastHit = number;
        return number;
    }

    private int bucketOf(int hash) {
        // Rows of one key or of neighbouring keys tend to come together: try the last bucket first.
        BucketHashes last = lastHit < 0 ? null : buckets.get(lastHit);
        if (last != null && last.hashes.contains(hash)) {
            return lastHit;
        }
        for (Map.Entry<Integer, BucketHashes> e : buckets.entrySet()) {
            if (e.getValue().hashes.contains(hash)) {
                lastHit = e.getKey();
                return lastHit;
            }
        }
        throw new IllegalStateException("Hash " + hash + " of " + where + " is in no bucket");
    }

    /**
     * When the bucket took new hashes since it was read or committed, writes all its hashes as one new index
     * file and returns the index manifest changes that replace its old file: DELETE of the old (if any), ADD
     * of the new. Else none.
     */
    List<IndexManifestEntry> changes(int number, HashIndexFile writer) throws IOException {
        BucketHashes bucket = buckets.get(number);
        if (bucket == null || !bucket.modified) {
            return List.of();
        }
        IndexFileMeta written = writer.write(bucket.hashes);
        List<IndexManifestEntry> changes = new ArrayList<>(2);
        if (bucket.file != null) {
            changes.add(new IndexManifestEntry(FileKind.DELETE, partition, number, bucket.file.indexFile()));
        }
        changes.add(new IndexManifestEntry(FileKind.ADD, partition, number, written));
        return changes;
    }

    /** The changes of {@link #changes} landed: the added file is the bucket's now. */
    void committed(int number, List<IndexManifestEntry> changes) {
        BucketHashes bucket = buckets.get(number);
        for (IndexManifestEntry e : changes) {
            if (e.kind() == FileKind.ADD) {
                bucket.file = e;
                bucket.modified = false;
            }
        }
    }
}
