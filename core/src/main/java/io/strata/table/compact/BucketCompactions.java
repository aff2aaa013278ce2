package io.strata.table.compact;

import io.strata.data.RowComparator;
import io.strata.lsm.BucketDeletionVectors;
import io.strata.lsm.CompactManager;
import io.strata.lsm.CompactStrategy;
import io.strata.lsm.EarlyFullCompaction;
import io.strata.lsm.ForceLevel0Compaction;
import io.strata.lsm.Levels;
import io.strata.lsm.LookupFileCache;
import io.strata.lsm.OffPeakHours;
import io.strata.lsm.RecordLevelExpire;
import io.strata.lsm.UniversalCompaction;
import io.strata.lsm.mergeengine.MergeFunctionFactory;
import io.strata.manifest.DataFileMeta;
import io.strata.schema.ChangelogOptions;
import io.strata.schema.CompactionOptions;
import io.strata.schema.TableSchema;
import io.strata.table.store.DataFileNames;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * How one primary-key bucket is compacted, the same for a writer and for a policy compaction of the
 * table: the bucket's levels, Paimon's universal compaction (level 0 forced up at every commit for tables
 * that look old values up), and the rewriter that merges and writes the changelog.
 */
public final class BucketCompactions {

    private BucketCompactions() {}

    /**
     * The compactions of bucket {@code key}, whose live files are {@code files}, run on {@code executor},
     * maintaining the bucket's deletion vectors {@code deletions} (deletion-vectors tables; null for others:
     * compactions mark the old rows of the keys they write and always drop deletes).
     *
     * @param lookupFiles the writer's local lookup files ({@link #lookupFiles}), shared by its buckets
     */
    public static CompactManager manager(TableStore store, MergeFunctionFactory mergeFunctions,
            SnapshotFiles.BucketKey key, List<DataFileMeta> files, ExecutorService executor, DataFileNames names,
            BucketDeletionVectors deletions, LookupFileCache lookupFiles) {
        TableSchema schema = store.schema();
        CompactionOptions compaction = new CompactionOptions(schema.tableOptions());
        RowComparator keyOrder = RowComparator.of(schema.trimmedPrimaryKeyType());
        Levels levels = new Levels(keyOrder, files, compaction.numLevels());
        EarlyFullCompaction early = EarlyFullCompaction.of(compaction.optimizationInterval(),
                compaction.totalSizeThreshold(), compaction.incrementalSizeThreshold(), store.clock()::millis);
        OffPeakHours offPeak = OffPeakHours.of(compaction.offPeakStartHour(), compaction.offPeakEndHour(),
                compaction.offPeakRatio(), store.clock());
        UniversalCompaction universal = new UniversalCompaction(compaction.maxSizeAmplificationPercent(),
                compaction.sizeRatio(), compaction.compactionTrigger(), early, offPeak);
        // The lookup producer's changelog and the reads of first-row and deletion-vectors tables (which skip
        // level 0) need level 0 empty.
        CompactStrategy strategy = new ChangelogOptions(schema.tableOptions()).needsLookup()
                ? new ForceLevel0Compaction(universal) : universal;
        String description = "bucket " + key.bucket() + " of partition " + store.paths().partitionPath(key.partition())
                + " of table " + store.location();
        return new CompactManager(executor, levels, strategy, keyOrder, compaction.compactionFileSize(true),
                compaction.stopTrigger(), new MergeTreeCompactRewriter(store, mergeFunctions, key.partition(),
                        key.bucket(), names, levels.maxLevel(), deletions, lookupFiles), description, deletions != null,
                recordLevelExpire(store));
    }

    /**
     * A writer's local lookup files, bounded by the table's {@code lookup.cache-max-disk-size},
     * {@code lookup.cache-file-retention} and {@code lookup.cache-max-memory-size}, in the temp directory. The
     * writer closes it when it is done, which deletes them.
     */
    public static LookupFileCache lookupFiles(TableStore store) {
        ChangelogOptions options = new ChangelogOptions(store.schema().tableOptions());
        return new LookupFileCache(Path.of(System.getProperty("java.io.tmpdir")), options.lookupCacheMaxDiskSize(),
                options.lookupCacheFileRetention(), options.lookupCacheMaxMemorySize(), store.clock()::millis);
    }

    /**
     * The record-level expiry of a primary-key table ({@code record-level.expire-time}), or null when its records
     * do not expire (append tables: never, as in Paimon).
     *
     * @throws IllegalArgumentException naming the option when the time field is missing or not a time
     */
    public static RecordLevelExpire recordLevelExpire(TableStore store) {
        TableSchema schema = store.schema();
        CompactionOptions compaction = new CompactionOptions(schema.tableOptions());
        if (compaction.recordLevelExpireTime() == null || schema.primaryKeys().isEmpty()) {
            return null;
        }
        int field = compaction.recordLevelTimeFieldIndex(schema.rowType());
        return new RecordLevelExpire(field, schema.rowType().fieldNames().get(field), schema.rowType().typeAt(field),
                compaction.recordLevelExpireTime(), schema.id(), store.clock()::millis);
    }
}
