package io.strata.table.write;

import io.strata.data.BinaryRow;
import io.strata.data.KeyEncoder;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.PartitionExpirationOptions;
import io.strata.schema.TableSchema;
import io.strata.table.BucketFunction;
import io.strata.table.lifecycle.PartitionTimeExtractor;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the rows of a write go: the partition (the partition columns encoded as Paimon's binary row) and the
 * bucket, by the table's bucket mode: the bucket function of a fixed bucket count, the hash index of dynamic
 * bucket mode ({@link DynamicBucketAssigner}, whose index changes ride with the buckets' commit messages), or
 * bucket 0 of an append table without buckets. With {@code partition.timestamp-format.strict} a partition whose
 * values name no time is refused when first written.
 */
final class RowRouting {

    private final TableStore store;
    private final TableSchema schema;
    private final int numBuckets;
    private final KeyEncoder partitionEncoder;
    /** Fixed bucket count: the bucket function; else null. */
    private final BucketFunction bucketFunction;
    /** Dynamic bucket mode: the hash of the primary key without partition columns; else null. */
    private final KeyEncoder keyHash;
    /** An overwrite's write: dynamic buckets start without the table's hash index. */
    private final boolean ignorePreviousFiles;
    /** Dynamic bucket mode: which bucket each key is in; dropped with the writer's buckets, read again later. */
    private DynamicBucketAssigner dynamicBuckets;
    /** Postpone bucket mode ({@code bucket = -2}) writing into real buckets: each partition's bucket count; else null. */
    private final PostponeBuckets postponeBuckets;
    /** Postpone bucket mode writing into each partition's {@code bucket-postpone}, as Paimon's streaming writers do. */
    private final boolean intoPostponeBucket;
    /** {@code partition.timestamp-format.strict}: the time every partition written must name; else null. */
    private final PartitionTimeExtractor strictPartitionTime;

    /**
     * @param intoPostponeBucket a postpone-bucket table's rows go to {@code bucket-postpone}
     *     ({@code postpone.batch-write-fixed-bucket = false}) rather than into real buckets
     */
    RowRouting(TableStore store, boolean ignorePreviousFiles, boolean intoPostponeBucket) {
        this.store = store;
        this.schema = store.schema();
        this.ignorePreviousFiles = ignorePreviousFiles;
        RowType rowType = schema.rowType();
        this.numBuckets = schema.tableOptions().bucket();
        this.partitionEncoder = new KeyEncoder(rowType, positions(rowType, schema.partitionKeys()));
        if (numBuckets > 0 && schema.bucketKeys().isEmpty()) {
            throw new IllegalArgumentException("Table " + store.location() + " has bucket=" + numBuckets
                    + " but no bucket key: set 'bucket-key' or a primary key");
        }
        this.bucketFunction = numBuckets > 0 ? BucketFunction.of(schema) : null;
        boolean dynamic = schema.isPrimaryKeyTable() && numBuckets == -1;
        if (dynamic && !schema.primaryKeys().containsAll(schema.partitionKeys())) {
            throw new IllegalArgumentException("Table " + store.location() + " cannot be written: its primary key "
                    + schema.primaryKeys() + " lacks partition key(s) " + schema.partitionKeys().stream()
                    .filter(k -> !schema.primaryKeys().contains(k)).toList() + ", which in dynamic bucket mode"
                    + " (bucket = -1) makes a key move between partitions (Paimon's cross-partition upsert, kept in a"
                    + " global index that Strata does not write yet): add the partition keys to the primary key");
        }
        this.keyHash = dynamic ? new KeyEncoder(rowType, positions(rowType, schema.trimmedPrimaryKeys())) : null;
        this.intoPostponeBucket = numBuckets == ManifestEntry.POSTPONE_BUCKET && intoPostponeBucket;
        this.postponeBuckets = numBuckets == ManifestEntry.POSTPONE_BUCKET && !intoPostponeBucket
                ? new PostponeBuckets(store) : null;
        this.strictPartitionTime = PartitionExpirationOptions.TIMESTAMP_FORMAT_STRICT.get(schema.options())
                && !schema.partitionKeys().isEmpty()
                ? new PartitionTimeExtractor(PartitionExpirationOptions.TIMESTAMP_PATTERN.get(schema.options()),
                        PartitionExpirationOptions.TIMESTAMP_FORMATTER.get(schema.options()))
                : null;
    }

    private static int[] positions(RowType rowType, List<String> names) {
        return names.stream().mapToInt(rowType::requireIndexOf).toArray();
    }

    /** The partition and bucket of {@code row}. */
    SnapshotFiles.BucketKey route(Row row) throws IOException {
        BinaryRow partition = partitionEncoder.encode(row);
        int bucket = bucketFunction != null ? bucketFunction.bucket(row)
                : keyHash != null ? dynamicBuckets().assign(partition, keyHash.hash(row))
                : postponeBuckets != null ? postponeBuckets.bucket(partition, row)
                : intoPostponeBucket ? ManifestEntry.POSTPONE_BUCKET : 0;
        return new SnapshotFiles.BucketKey(partition, bucket);
    }

    /**
     * The bucket count the files this write puts into {@code partition} record: Paimon's -1 for dynamic buckets,
     * 1 without buckets, the partition's own count in postpone bucket mode.
     */
    int totalBuckets(BinaryRow partition) {
        if (intoPostponeBucket) {
            return ManifestEntry.POSTPONE_BUCKET;
        }
        return keyHash != null ? -1 : postponeBuckets != null ? postponeBuckets.count(partition) : Math.max(numBuckets, 1);
    }

    /** Checks a partition the write reaches for the first time. */
    void newPartition(BinaryRow partition) {
        if (strictPartitionTime == null) {
            return;
        }
        RowType partitionType = schema.partitionType();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < partitionType.fieldCount(); i++) {
            Object v = RowValues.get(partition, i, partitionType.typeAt(i));
            values.add(v == null ? null : v.toString());
        }
        try {
            strictPartitionTime.extract(schema.partitionKeys(), values);
        } catch (DateTimeException | NullPointerException e) {
            throw new IllegalArgumentException("Partition " + store.paths().partitionPath(partition) + " of table "
                    + store.location() + " names no time with 'partition.timestamp-pattern' and "
                    + "'partition.timestamp-formatter', which 'partition.timestamp-format.strict' = 'true' requires");
        }
    }

    /**
     * The index changes of a bucket for the next commit: in dynamic bucket mode its new hash index file replacing
     * the old one when it took new keys. They land with the bucket's rows (the APPEND snapshot), or a later write
     * would not find the keys and put them into a second bucket.
     */
    List<IndexManifestEntry> indexChanges(SnapshotFiles.BucketKey bucket) throws IOException {
        return keyHash == null ? List.of() : dynamicBuckets().changes(bucket.partition(), bucket.bucket());
    }

    /** The hash index changes of a bucket landed. */
    void indexCommitted(SnapshotFiles.BucketKey bucket, List<IndexManifestEntry> hashChanges) {
        if (dynamicBuckets != null) {
            dynamicBuckets.committed(bucket.partition(), bucket.bucket(), hashChanges);
        }
    }

    /** A commit ended: partitions first reached later are read from the snapshot that is latest then. */
    void commitEnded() {
        if (dynamicBuckets != null) {
            dynamicBuckets.forgetSnapshot();
        }
        if (postponeBuckets != null) {
            postponeBuckets.forgetSnapshot();
        }
    }

    /** The writer dropped its buckets: the assignment is read again from the table at the next write. */
    void drop() {
        dynamicBuckets = null;
    }

    private DynamicBucketAssigner dynamicBuckets() {
        if (dynamicBuckets == null) {
            dynamicBuckets = new DynamicBucketAssigner(store, ignorePreviousFiles);
        }
        return dynamicBuckets;
    }
}
