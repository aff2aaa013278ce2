package io.strata.table.write;

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

    /**
     * The changes of one bucket that the next commit carries: its APPEND part (flushed files and the
     * changelog written with them) and its COMPACT part (files compacted away and produced, and the
     * changelog the compactions wrote).
     */
    record Increment(List<DataFileMeta> newFiles, List<DataFileMeta> changelogFiles, List<DataFileMeta> compactBefore,
            List<DataFileMeta> compactAfter, List<DataFileMeta> compactChangelog) {

        Increment(List<DataFileMeta> newFiles, List<DataFileMeta> compactBefore, List<DataFileMeta> compactAfter) {
            this(newFiles, List.of(), compactBefore, compactAfter, List.of());
        }

        boolean isEmpty() {
            return newFiles.isEmpty() && changelogFiles.isEmpty() && compactBefore.isEmpty() && compactAfter.isEmpty()
                    && compactChangelog.isEmpty();
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
    private final List<DataFileMeta> changelogFiles = new ArrayList<>();
    private final List<DataFileMeta> compactChangelog = new ArrayList<>();
    private final boolean forceLevel0;

    /** @param compactionEnabled whether flushes and commits compact by themselves (else only on request) */
    MergeTreeBucket(FileIO io, Path bucketDirectory, CompactManager manager, boolean compactionEnabled, int stopTrigger) {
        this(io, bucketDirectory, manager, compactionEnabled, stopTrigger, false);
    }

    /**
     * @param forceLevel0 whether a commit (with compaction enabled) leaves no level-0 file: tables that look
     *     old values up (changelog-producer lookup, first-row), whose changelog or reads need it
     */
    MergeTreeBucket(FileIO io, Path bucketDirectory, CompactManager manager, boolean compactionEnabled, int stopTrigger,
            boolean forceLevel0) {
        this.forceLevel0 = forceLevel0;
        this.io = io;
        this.bucketDirectory = bucketDirectory;
        this.manager = manager;
        this.compactionEnabled = compactionEnabled;
        this.stopTrigger = stopTrigger;
    }

    /**
     * Takes level-0 files the writer flushed, then asks for a compaction. Waits for the running
     * compaction first when the bucket has more sorted runs than the stop trigger: the write stall.
     */
    void addFlushedFiles(List<DataFileMeta> files) throws IOException {
        addFlushedFiles(files, List.of());
    }

    /** Same, with the changelog files written from the same buffer (changelog-producer input). */
    void addFlushedFiles(List<DataFileMeta> files, List<DataFileMeta> changelog) throws IOException {
        changelogFiles.addAll(changelog);
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
            if (forceLevel0 && waitCompaction) {
                // Bounded: each round takes in every level-0 file present when it starts.
                for (int round = 0; !manager.levels().level0().isEmpty() && round < 100; round++) {
                    syncCompaction(true);
                    manager.triggerCompaction(false);
                    syncCompaction(true);
                }
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
        Increment increment = new Increment(new ArrayList<>(newFiles), new ArrayList<>(changelogFiles),
                new ArrayList<>(compactBefore.values()), new ArrayList<>(compactAfter), new ArrayList<>(compactChangelog));
        changelogFiles.clear();
        compactChangelog.clear();
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
        // The changelog of a compaction stays even when its output is compacted again before a commit:
        // it describes changes that happened.
        compactChangelog.addAll(result.changelog());
    }

    /**
     * Waits for the running compaction and deletes every file written since the last commit that no
     * snapshot references: flushed files, and compaction outputs that are not merely moved files. (The
     * files of a prepared commit are the commit's to delete: {@link JobCommit#discard}.)
     */
    void abort() {
        try {
            syncCompaction(true);
        } catch (IOException | RuntimeException e) {
            // The failed compaction wrote nothing it keeps (its rewriter deleted its output).
        }
        Set<String> doomed = new LinkedHashSet<>();
        newFiles.forEach(f -> doomed.add(f.fileName()));
        for (DataFileMeta f : compactAfter) {
            if (!compactBefore.containsKey(f.fileName())) {
                doomed.add(f.fileName());
            }
        }
        changelogFiles.forEach(f -> doomed.add(f.fileName()));
        compactChangelog.forEach(f -> doomed.add(f.fileName()));
        for (String name : doomed) {
            io.deleteQuietly(new Path(bucketDirectory, name));
        }
        changelogFiles.clear();
        compactChangelog.clear();
        newFiles.clear();
        compactBefore.clear();
        compactAfter.clear();
    }
}
