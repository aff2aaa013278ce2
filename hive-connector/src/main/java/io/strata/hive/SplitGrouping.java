package io.strata.hive;

import io.strata.manifest.DataFileMeta;
import io.strata.schema.MergeEngine;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.table.Split;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a bucket's {@link Split} into several Hive splits of about a target size, so a large bucket is
 * not read by one mapper. Only files that need no merge with each other may go to different splits:
 * any files of an append table; of a primary-key table the files of ONE sorted run (all on the same level
 * above 0, e.g. after full compaction), or, when reads skip level 0 (deletion vectors, first-row), the
 * files above level 0, where every key lives in one file. A bucket with files that overlap stays whole,
 * since its merge needs all of them.
 */
final class SplitGrouping {

    private SplitGrouping() {}

    /** The split as one or more splits of the same snapshot, partition and bucket; each file in exactly one. */
    static List<Split> group(Split split, TableSchema schema, long targetSize) {
        List<DataFileMeta> files = filesReadWithoutMerge(split, schema);
        if (files == null || files.size() < 2) {
            return List.of(split);
        }
        List<Split> groups = new ArrayList<>();
        List<DataFileMeta> group = new ArrayList<>();
        long size = 0;
        for (DataFileMeta f : files) {
            if (!group.isEmpty() && size + f.fileSize() > targetSize) {
                groups.add(withFiles(split, group));
                group = new ArrayList<>();
                size = 0;
            }
            group.add(f);
            size += f.fileSize();
        }
        groups.add(withFiles(split, group));
        return groups;
    }

    /**
     * The files a read of the split takes without merging them, each key in one of them (so they may also be read
     * apart from each other): any files of an append table; of a primary-key table the files of ONE sorted run
     * (all on one level above 0, or a single level-0 file), or, when reads skip level 0 (deletion vectors,
     * first-row), the files above level 0, possibly none. Null when the read must merge the files.
     */
    static List<DataFileMeta> filesReadWithoutMerge(Split split, TableSchema schema) {
        if (!schema.isPrimaryKeyTable()) {
            return split.files();
        }
        if (readsSkipLevel0(schema)) {
            List<DataFileMeta> upper = new ArrayList<>();
            for (DataFileMeta f : split.files()) {
                if (f.level() > 0) {
                    upper.add(f);
                }
            }
            return upper;
        }
        if (split.files().size() <= 1) {
            return split.files();
        }
        int level = split.files().get(0).level();
        for (DataFileMeta f : split.files()) {
            if (f.level() == 0 || f.level() != level) {
                return null;
            }
        }
        return split.files();
    }

    /**
     * Whether reads of the primary-key table skip level 0 (TableRead does, for deletion vectors and first-row
     * tables): above it each key is in one file.
     */
    static boolean readsSkipLevel0(TableSchema schema) {
        if (!schema.isPrimaryKeyTable()) {
            return false;
        }
        TableOptions options = new TableOptions(schema.options());
        return options.deletionVectorsEnabled() || options.mergeEngine() == MergeEngine.FIRST_ROW;
    }

    private static Split withFiles(Split split, List<DataFileMeta> files) {
        // Deletion vectors are looked up by file name: every part keeps the bucket's index files.
        return new Split(split.snapshotId(), split.partition(), split.bucket(), split.totalBuckets(), files,
                split.deletionIndexFiles());
    }
}
