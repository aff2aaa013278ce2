package io.strata.lsm;

import io.strata.data.Row;
import io.strata.manifest.DataFileMeta;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * One compaction of a bucket: the unit's files are split into sections of overlapping key ranges.
 * Sections of several runs are merged; a lone file that overlaps nothing is moved up to the output
 * level without rewriting (an upgrade) when it is big enough ({@code compactionFileSize}), and rewritten
 * together with its small neighbours otherwise, so that small files do not pile up in the higher levels.
 * A file with delete rows is never moved into the max level as it is: there its deletes would outlive
 * what they delete, so it is rewritten, which drops them.
 */
public final class MergeTreeCompactTask implements Callable<CompactResult> {

    private final CompactRewriter rewriter;
    private final int outputLevel;
    private final boolean dropDelete;
    private final int maxLevel;
    private final long compactionFileSize;
    private final List<List<SortedRun>> sections;
    /** Record-level expiry, or null: a file with expired records is rewritten, never moved up as it is. */
    private final RecordLevelExpire expire;
    private int upgradedFiles;

    /**
     * @param keyComparator order of file min/max keys; used only on the calling thread
     * @param compactionFileSize files at least this big are upgraded rather than rewritten
     */
    public MergeTreeCompactTask(Comparator<Row> keyComparator, CompactRewriter rewriter, CompactUnit unit,
            boolean dropDelete, int maxLevel, long compactionFileSize) {
        this(keyComparator, rewriter, unit, dropDelete, maxLevel, compactionFileSize, null);
    }

    /** @param expire the table's record-level expiry, or null */
    public MergeTreeCompactTask(Comparator<Row> keyComparator, CompactRewriter rewriter, CompactUnit unit,
            boolean dropDelete, int maxLevel, long compactionFileSize, RecordLevelExpire expire) {
        this.expire = expire;
        this.rewriter = rewriter;
        this.outputLevel = unit.outputLevel();
        this.dropDelete = dropDelete;
        this.maxLevel = maxLevel;
        this.compactionFileSize = compactionFileSize;
        this.sections = new IntervalPartition(keyComparator).partition(unit.files());
    }

    @Override
    public CompactResult call() throws Exception {
        List<List<SortedRun>> candidate = new ArrayList<>();
        CompactResult result = CompactResult.empty();
        // Sections are contiguous in key order; a run of small neighbours is rewritten together.
        for (List<SortedRun> section : sections) {
            if (section.size() > 1) {
                candidate.add(section);
                continue;
            }
            for (DataFileMeta file : section.get(0).files()) {
                if (file.fileSize() < compactionFileSize) {
                    candidate.add(List.of(new SortedRun(List.of(file))));
                } else {
                    result = result.plus(rewrite(candidate));
                    result = result.plus(upgrade(file));
                }
            }
        }
        return result.plus(rewrite(candidate));
    }

    /** Files this task moved up without rewriting (known once it ran). */
    public int upgradedFiles() {
        return upgradedFiles;
    }

    private CompactResult upgrade(DataFileMeta file) throws Exception {
        if (expire != null && expire.hasExpiredRecords(file)) {
            // Even at its own level: rewriting is what drops the expired records (the rewriter filters them).
            return rewriter.rewrite(outputLevel, dropDelete, List.of(List.of(new SortedRun(List.of(file)))));
        }
        if (file.level() == outputLevel) {
            return CompactResult.empty();
        }
        boolean hasDeletes = file.deleteRowCount() == null || file.deleteRowCount() > 0;
        if (outputLevel != maxLevel || !hasDeletes) {
            upgradedFiles++;
            return rewriter.upgrade(outputLevel, file);
        }
        return rewriter.rewrite(outputLevel, dropDelete, List.of(List.of(new SortedRun(List.of(file)))));
    }

    /** Rewrites the pending candidates (and clears them); a lone candidate run is upgraded instead. */
    private CompactResult rewrite(List<List<SortedRun>> candidate) throws Exception {
        if (candidate.isEmpty()) {
            return CompactResult.empty();
        }
        CompactResult result;
        if (candidate.size() == 1 && candidate.get(0).size() == 1) {
            result = CompactResult.empty();
            for (DataFileMeta file : candidate.get(0).get(0).files()) {
                result = result.plus(upgrade(file));
            }
        } else {
            result = rewriter.rewrite(outputLevel, dropDelete, new ArrayList<>(candidate));
        }
        candidate.clear();
        return result;
    }
}
