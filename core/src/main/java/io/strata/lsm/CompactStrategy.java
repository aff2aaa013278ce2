package io.strata.lsm;

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
        int maxLevel = numLevels - 1;
        if (runs.isEmpty() || (runs.size() == 1 && runs.get(0).level() == maxLevel)) {
            return Optional.empty();
        }
        return Optional.of(CompactUnit.fromLevelRuns(maxLevel, runs));
    }
}
