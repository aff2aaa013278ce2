package io.strata.table;

import io.strata.fs.FileIO;
import io.strata.lsm.CompactManager;
import io.strata.lsm.CompactResult;
import io.strata.lsm.Levels;
import io.strata.manifest.DataFileMeta;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * The LSM side of one primary-key bucket's writer: its {@link Levels} and {@link CompactManager}, and
 * what changed since the last commit: level-0 files flushed (the APPEND part of the next commit), and
 * files compacted away and produced (its COMPACT part). A compaction output that a later compaction
 * already replaced before any commit saw it is deleted at once; a file moved up a level keeps its
 * name, so it is never deleted as a leftover.
 */
final class MergeTreeBucket {

    /** The changes of one bucket that the next commit carries. */
    record Increment(List<DataFileMeta> newFiles, List<DataFileMeta> compactBefore, List<DataFileMeta> compactAfter) {

        boolean isEmpty() {
            return newFiles.isEmpty() && compactBefore.isEmpty() && compactAfter.isEmpty();
        }
    }

    private final FileIO io;
    private final Path bucketDirectory;
    private final CompactManager manager;
    private final boolean compactionEnabled;
    private final int stopTrigger;
    private final LinkedHashSet<DataFileMeta> newFiles = new LinkedHashSet<>();
    private final LinkedHashMap<String, DataFileMeta> compactBefore = new LinkedHashMap<>();
    private final LinkedHashSet<DataFileMeta> compactAfter = new LinkedHashSet<>();

    /** @param compactionEnabled whether flushes and commits compact by themselves (else only on request) */
    MergeTreeBucket(FileIO io, Path bucketDirectory, CompactManager manager, boolean compactionEnabled, int stopTrigger) {
        this.io = io;
        this.bucketDirectory = bucketDirectory;
        this.manager = manager;
        this.compactionEnabled = compactionEnabled;
        this.stopTrigger = stopTrigger;
    }

    Levels levels() {
        return manager.levels();
    }

    /**
     * Takes level-0 files the writer flushed, then asks for a compaction. Waits for the running
     * compaction first when the bucket has more sorted runs than the stop trigger: the write stall.
     */
    void addFlushedFiles(List<DataFileMeta> files) throws IOException {
        for (DataFileMeta f : files) {
            newFiles.add(f);
            manager.addNewFile(f);
        }
        if (compactionEnabled) {
            syncCompaction(manager.shouldWaitForLatestCompaction());
            manager.triggerCompaction(false);
        }
    }

    /**
     * Collects what the next commit carries. {@code fullCompaction}: the bucket is first merged into one
     * run at the max level (even when automatic compaction is off). Otherwise, with automatic
     * compaction, a compaction is asked for, its result waited for if {@code waitCompaction}, and a
     * commit never leaves more sorted runs than the stop trigger.
     */
    Increment prepareCommit(boolean waitCompaction, boolean fullCompaction) throws IOException {
        if (fullCompaction) {
            syncCompaction(true);
            manager.triggerCompaction(true);
            syncCompaction(true);
        } else if (compactionEnabled) {
            syncCompaction(false);
            manager.triggerCompaction(false);
            if (waitCompaction) {
                syncCompaction(true);
            }
            // Bounded: each round merges at least two runs into one.
            for (int round = 0; manager.levels().numberOfSortedRuns() > stopTrigger && round < 100; round++) {
                syncCompaction(true);
                if (manager.levels().numberOfSortedRuns() > stopTrigger) {
                    // A normal pick first; should it leave too many runs, merge everything.
                    manager.triggerCompaction(round > 0);
                    syncCompaction(true);
                }
            }
        }
        Increment increment = new Increment(new ArrayList<>(newFiles), new ArrayList<>(compactBefore.values()),
                new ArrayList<>(compactAfter));
        newFiles.clear();
        compactBefore.clear();
        compactAfter.clear();
        return increment;
    }

    private void syncCompaction(boolean blocking) throws IOException {
        Optional<CompactResult> result = manager.compactionResult(blocking);
        if (result.isPresent()) {
            apply(result.get());
        }
    }

    private void apply(CompactResult result) {
        Set<String> afterNames = new HashSet<>();
        for (DataFileMeta f : result.after()) {
            afterNames.add(f.fileName());
        }
        for (DataFileMeta f : result.before()) {
            if (compactAfter.remove(f)) {
                // Produced and replaced since the last commit: no snapshot knows it, unless it is a file
                // that was only moved up (its name is still in use).
                if (!compactBefore.containsKey(f.fileName()) && !afterNames.contains(f.fileName())) {
                    io.deleteQuietly(new Path(bucketDirectory, f.fileName()));
                }
            } else {
                compactBefore.put(f.fileName(), f);
            }
        }
        compactAfter.addAll(result.after());
    }

    /**
     * Waits for the running compaction and deletes every file written since the last commit that no
     * snapshot references: flushed files unless {@code appendLanded}, and compaction outputs that are
     * not merely moved files. Files of an increment whose commit failed are passed back in
     * {@code failed}.
     */
    void abort(Increment failed, boolean appendLanded) {
        try {
            syncCompaction(true);
        } catch (IOException | RuntimeException e) {
            // The failed compaction wrote nothing it keeps (its rewriter deleted its output).
        }
        Map<String, DataFileMeta> before = new LinkedHashMap<>(compactBefore);
        List<DataFileMeta> added = new ArrayList<>(newFiles);
        List<DataFileMeta> outputs = new ArrayList<>(compactAfter);
        if (failed != null) {
            failed.compactBefore().forEach(f -> before.put(f.fileName(), f));
            outputs.addAll(failed.compactAfter());
            if (!appendLanded) {
                added.addAll(failed.newFiles());
            }
        }
        Set<String> doomed = new LinkedHashSet<>();
        added.forEach(f -> doomed.add(f.fileName()));
        for (DataFileMeta f : outputs) {
            if (!before.containsKey(f.fileName())) {
                doomed.add(f.fileName());
            }
        }
        for (String name : doomed) {
            io.deleteQuietly(new Path(bucketDirectory, name));
        }
        newFiles.clear();
        compactBefore.clear();
        compactAfter.clear();
    }
}
