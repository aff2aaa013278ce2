package io.strata.lsm;

import io.strata.manifest.DataFileMeta;
import java.io.IOException;
import java.util.List;

/** Writes the output of a compaction: merged files, or a file moved to a higher level as it is. */
public interface CompactRewriter {

    /**
     * Merges the sections (each a list of sorted runs whose key ranges overlap) with the table's merge
     * function into new files at {@code outputLevel}; deletes are dropped only when {@code dropDelete}.
     */
    CompactResult rewrite(int outputLevel, boolean dropDelete, List<List<SortedRun>> sections) throws IOException;

    /** The file at {@code outputLevel} without rewriting it: the same file, listed at a new level. */
    default CompactResult upgrade(int outputLevel, DataFileMeta file) throws IOException {
        return new CompactResult(List.of(file), List.of(file.upgrade(outputLevel)));
    }

    /**
     * Called on the writer's thread just before a compaction is handed to the compaction thread, with
     * the runs of the bucket the compaction leaves alone (all above its output level). A rewriter that
     * looks old values up (lookup changelog, first-row) keeps them: they do not change while the
     * compaction runs, since only its result moves files out of those levels.
     */
    default void beforeCompaction(int outputLevel, List<LevelSortedRun> untouchedRuns) {}
}
