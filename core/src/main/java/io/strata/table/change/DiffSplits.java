package io.strata.table.change;

import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import io.strata.snapshot.Snapshot;
import io.strata.table.ChangeSplit;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableScan;
import io.strata.table.store.SnapshotFiles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The splits of a diff between two snapshots, as Paimon 1.4.2 plans {@code incremental-between-scan-mode =
 * diff} and {@code incremental-between} with two tags: per (partition, bucket) of either snapshot, the files
 * both hold are left out and the rest of each side is kept, to be merged and compared key by key
 * ({@link DiffRows}).
 */
final class DiffSplits {

    private DiffSplits() {}

    /**
     * @param before a scan of the older snapshot, or null for an empty table
     * @param after a scan of the newer snapshot
     * @param skipLevelZero whether batch reads of the table leave level 0 out (deletion vectors, first-row):
     *     then so does the diff, as Paimon's
     */
    static List<ChangeSplit> plan(TableScan before, TableScan after, boolean skipLevelZero) {
        Plan newer = after.plan();
        Snapshot end = newer.snapshot();
        Map<SnapshotFiles.BucketKey, Split> older = new LinkedHashMap<>();
        if (before != null) {
            for (Split s : before.plan().splits()) {
                older.put(new SnapshotFiles.BucketKey(s.partition(), s.bucket()), s);
            }
        }
        List<ChangeSplit> splits = new ArrayList<>();
        for (Split s : newer.splits()) {
            Split old = older.remove(new SnapshotFiles.BucketKey(s.partition(), s.bucket()));
            add(splits, end, s, old, skipLevelZero);
        }
        for (Split old : older.values()) {
            add(splits, end, null, old, skipLevelZero);
        }
        return splits;
    }

    private static void add(List<ChangeSplit> splits, Snapshot end, Split newer, Split older, boolean skipLevelZero) {
        List<DataFileMeta> afterFiles = newer == null ? new ArrayList<>() : new ArrayList<>(newer.files());
        List<DataFileMeta> beforeFiles = older == null ? new ArrayList<>() : new ArrayList<>(older.files());
        if (skipLevelZero) {
            afterFiles.removeIf(f -> f.level() == 0);
            beforeFiles.removeIf(f -> f.level() == 0);
        }
        // A file both snapshots hold (same name, level and metadata) holds the same rows on either side.
        beforeFiles.removeIf(afterFiles::remove);
        if (afterFiles.isEmpty() && beforeFiles.isEmpty()) {
            return;
        }
        Split any = newer != null ? newer : older;
        List<IndexFileMeta> afterIndex = newer == null ? List.of() : newer.deletionIndexFiles();
        List<IndexFileMeta> beforeIndex = older == null ? List.of() : older.deletionIndexFiles();
        splits.add(new ChangeSplit(end.id(), ChangeSplit.Source.DIFF, any.partition(), any.bucket(), any.totalBuckets(),
                afterFiles, afterIndex, beforeFiles, beforeIndex));
    }
}
