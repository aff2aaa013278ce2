package io.strata.lsm;

import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.List;

/** The files one compaction merges, and the level its output goes to. */
public record CompactUnit(int outputLevel, List<DataFileMeta> files) {

    public CompactUnit {
        files = List.copyOf(files);
    }

    /** All files of the given runs. */
    public static CompactUnit fromLevelRuns(int outputLevel, List<LevelSortedRun> runs) {
        List<DataFileMeta> files = new ArrayList<>();
        for (LevelSortedRun run : runs) {
            files.addAll(run.run().files());
        }
        return new CompactUnit(outputLevel, files);
    }
}
