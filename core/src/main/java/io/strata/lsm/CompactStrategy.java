package io.strata.lsm;

import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides which sorted runs of a bucket to compact and into which level. Compaction works on whole
 * runs, newest first (level-0 files, then levels 1 to max), so that what it merges is always a
 * contiguous stretch of the bucket's history: merging around a run would reorder versions of a key.
 */
public interface CompactStrategy {

    /** The runs to merge now, or empty if the bucket is fine as it is. */
    Optional<CompactUnit> pick(int numLevels, List<LevelSortedRun> runs);

    /**
     * Everything into the max level, unless the bucket already is a single run there (or is empty). A
     * full compaction's output is the only data of the bucket, so it may drop deletes.
     */
    static Optional<CompactUnit> pickFullCompaction(int numLevels, List<LevelSortedRun> runs) {
        return pickFullCompaction(numLevels, runs, null);
    }

    /**
     * Same; a bucket that is a single run at the max level still has its files with expired records
     * rewritten (with {@code expire}, the table's record-level expiry, else null), as Paimon's.
     */
    static Optional<CompactUnit> pickFullCompaction(int numLevels, List<LevelSortedRun> runs, RecordLevelExpire expire) {
        int maxLevel = numLevels - 1;
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        if (runs.size() == 1 && runs.get(0).level() == maxLevel) {
            List<DataFileMeta> expired = new ArrayList<>();
            if (expire != null) {
                for (DataFileMeta file : runs.get(0).run().files()) {
                    if (expire.hasExpiredRecords(file)) {
                        expired.add(file);
                    }
                }
            }
            return expired.isEmpty() ? Optional.empty() : Optional.of(new CompactUnit(maxLevel, expired));
        }
        return Optional.of(CompactUnit.fromLevelRuns(maxLevel, runs));
    }
}
