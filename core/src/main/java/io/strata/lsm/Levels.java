package io.strata.lsm;

import io.strata.data.Row;
import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The files of one primary-key bucket arranged in LSM levels (docs/format.md section 8): level 0 holds
 * files newest first, each its own sorted run; every level from 1 to the max level is one sorted run
 * (files whose key ranges do not overlap). Restored from the bucket's live files in a snapshot, then
 * kept current by the writer as it flushes files and applies compaction results. Not thread-safe: only
 * the writer's thread touches it; compactions work on the {@link CompactUnit} they were given.
 */
public final class Levels {

    private final Comparator<Row> keyComparator;
    private final TreeSet<DataFileMeta> level0;
    private final List<SortedRun> levels = new ArrayList<>();

    /**
     * @param keyComparator order of the files' min/max keys (BinaryRows of the trimmed primary key)
     * @param files the bucket's live files, at any levels
     * @param numLevels {@code num-levels}; raised to hold the highest level a restored file has
     */
    public Levels(Comparator<Row> keyComparator, List<DataFileMeta> files, int numLevels) {
        this.keyComparator = keyComparator;
        int highest = files.stream().mapToInt(DataFileMeta::level).max().orElse(0);
        int restoredLevels = Math.max(numLevels, highest + 1);
        if (restoredLevels < 2) {
            throw new IllegalArgumentException("An LSM tree needs at least 2 levels (option 'num-levels'), got " + numLevels);
        }
        // Newest first; the name breaks ties so that two files with one max sequence number both stay.
        this.level0 = new TreeSet<>(Comparator.comparingLong(DataFileMeta::maxSequenceNumber).reversed()
                .thenComparing(DataFileMeta::fileName));
        for (int i = 1; i < restoredLevels; i++) {
            levels.add(new SortedRun(List.of()));
        }
        update(List.of(), files);
    }

    public int numberOfLevels() {
        return levels.size() + 1;
    }

    public int maxLevel() {
        return levels.size();
    }

    /** Level-0 files, newest first. */
    public List<DataFileMeta> level0() {
        return List.copyOf(level0);
    }

    /** The run of a level above 0 (empty if the level is). */
    public SortedRun runOfLevel(int level) {
        if (level <= 0 || level > levels.size()) {
            throw new IllegalArgumentException("Level " + level + " is not between 1 and " + levels.size());
        }
        return levels.get(level - 1);
    }

    /** Level-0 files plus non-empty higher levels: how many runs a read of the bucket merges. */
    public int numberOfSortedRuns() {
        int runs = level0.size();
        for (SortedRun run : levels) {
            if (!run.files().isEmpty()) {
                runs++;
            }
        }
        return runs;
    }

    /** The highest level holding a file, 0 if only level 0 does, -1 if the bucket is empty. */
    public int nonEmptyHighestLevel() {
        for (int i = levels.size() - 1; i >= 0; i--) {
            if (!levels.get(i).files().isEmpty()) {
                return i + 1;
            }
        }
        return level0.isEmpty() ? -1 : 0;
    }

    /** The sorted runs, newest first: level-0 files, then levels 1 to max. */
    public List<LevelSortedRun> levelSortedRuns() {
        List<LevelSortedRun> runs = new ArrayList<>();
        for (DataFileMeta f : level0) {
            runs.add(new LevelSortedRun(0, new SortedRun(List.of(f))));
        }
        for (int i = 0; i < levels.size(); i++) {
            if (!levels.get(i).files().isEmpty()) {
                runs.add(new LevelSortedRun(i + 1, levels.get(i)));
            }
        }
        return runs;
    }

    public List<DataFileMeta> allFiles() {
        List<DataFileMeta> files = new ArrayList<>();
        for (LevelSortedRun run : levelSortedRuns()) {
            files.addAll(run.run().files());
        }
        return files;
    }

    public long totalFileSize() {
        return allFiles().stream().mapToLong(DataFileMeta::fileSize).sum();
    }

    /** Adds a freshly flushed level-0 file. */
    public void addLevel0File(DataFileMeta file) {
        if (file.level() != 0) {
            throw new IllegalArgumentException("File " + file.fileName() + " is at level " + file.level() + ", not 0");
        }
        level0.add(file);
    }

    /**
     * Applies a change: removes {@code before} and adds {@code after}, each at the level its metadata
     * names (an upgraded file is in both lists, at two levels).
     */
    public void update(List<DataFileMeta> before, List<DataFileMeta> after) {
        for (DataFileMeta f : after) {
            if (f.level() > levels.size()) {
                throw new IllegalArgumentException("File " + f.fileName() + " is at level " + f.level()
                        + ", above the highest level " + levels.size());
            }
        }
        for (DataFileMeta f : before) {
            if (f.level() == 0) {
                level0.remove(f);
            }
        }
        for (DataFileMeta f : after) {
            if (f.level() == 0) {
                level0.add(f);
            }
        }
        for (int level = 1; level <= levels.size(); level++) {
            List<DataFileMeta> removed = atLevel(before, level);
            List<DataFileMeta> added = atLevel(after, level);
            if (removed.isEmpty() && added.isEmpty()) {
                continue;
            }
            Set<String> gone = new HashSet<>();
            removed.forEach(f -> gone.add(f.fileName()));
            List<DataFileMeta> files = new ArrayList<>();
            for (DataFileMeta f : levels.get(level - 1).files()) {
                if (!gone.contains(f.fileName())) {
                    files.add(f);
                }
            }
            files.addAll(added);
            files.sort((a, b) -> keyComparator.compare(a.minKey(), b.minKey()));
            levels.set(level - 1, new SortedRun(files));
        }
    }

    private static List<DataFileMeta> atLevel(List<DataFileMeta> files, int level) {
        List<DataFileMeta> out = new ArrayList<>();
        for (DataFileMeta f : files) {
            if (f.level() == level) {
                out.add(f);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Levels[");
        for (LevelSortedRun r : levelSortedRuns()) {
            sb.append(" L").append(r.level()).append(':').append(r.run().files().size()).append(" files/")
                    .append(r.run().totalSize()).append('B');
        }
        return sb.append(" ]").toString();
    }
}
