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
    default CompactResult upgrade(int outputLevel, DataFileMeta file) {
        return new CompactResult(List.of(file), List.of(file.upgrade(outputLevel)));
    }
}
