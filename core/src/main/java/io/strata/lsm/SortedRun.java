package io.strata.lsm;

import io.strata.manifest.DataFileMeta;
import java.util.List;

/**
 * Files of one bucket whose key ranges do not overlap, in key order: reading them one after the other
 * gives every key at most once, sorted. Level 0 holds one run per file; each higher level is one run.
 */
public record SortedRun(List<DataFileMeta> files) {

    public SortedRun {
        files = List.copyOf(files);
    }

    public long totalSize() {
        long size = 0;
        for (DataFileMeta f : files) {
            size += f.fileSize();
        }
        return size;
    }
}
