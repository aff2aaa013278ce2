package io.strata.lsm;

import java.util.List;
import java.util.Optional;

/**
 * Universal compaction, as RocksDB defines it (https://github.com/facebook/rocksdb/wiki/Universal-Compaction)
 * and Paimon applies it to a bucket's sorted runs: few rewrites of the same data (low write
 * amplification), paid for with more runs to merge on read. Runs are looked at newest first; three
 * triggers are tried in order:
 *
 * <ol>
 *   <li><b>size amplification</b>: when the runs above the oldest hold more than
 *       {@code compaction.max-size-amplification-percent} of the oldest run's size, everything is merged
 *       into the max level (a full compaction);
 *   <li><b>size ratio</b>: starting from the newest run, the next older run joins while it is not bigger
 *       than the runs picked so far by more than {@code compaction.size-ratio} percent;
 *   <li><b>run count</b>: with more than {@code num-sorted-run.compaction-trigger} runs, the newest runs
 *       are merged so that the count falls back to the trigger.
 * </ol>
 *
 * <p>The output goes to the level just below the next older run that was not picked (never level 0),
 * or to the max level when every run was picked.
 *
 * <p>Before these, the {@link EarlyFullCompaction} triggers ({@code compaction.optimization-interval},
 * {@code compaction.total-size-threshold}, {@code compaction.incremental-size-threshold}) may pick a full
 * compaction; within {@link OffPeakHours} the size ratio grows by {@code compaction.offpeak-ratio}.
 */
public final class UniversalCompaction implements CompactStrategy {

    private final int maxSizeAmplificationPercent;
    private final int sizeRatio;
    private final int numRunCompactionTrigger;
    /** Null when no early trigger is set. */
    private final EarlyFullCompaction earlyFullCompaction;
    /** Null when off-peak hours are off. */
    private final OffPeakHours offPeakHours;

    public UniversalCompaction(int maxSizeAmplificationPercent, int sizeRatio, int numRunCompactionTrigger) {
        this(maxSizeAmplificationPercent, sizeRatio, numRunCompactionTrigger, null, null);
    }

    /**
     * @param earlyFullCompaction the early full-compaction triggers, or null
     * @param offPeakHours the off-peak hours, or null
     */
    public UniversalCompaction(int maxSizeAmplificationPercent, int sizeRatio, int numRunCompactionTrigger,
            EarlyFullCompaction earlyFullCompaction, OffPeakHours offPeakHours) {
        this.maxSizeAmplificationPercent = maxSizeAmplificationPercent;
        this.sizeRatio = sizeRatio;
        this.numRunCompactionTrigger = numRunCompactionTrigger;
        this.earlyFullCompaction = earlyFullCompaction;
        this.offPeakHours = offPeakHours;
    }

    @Override
    public Optional<CompactUnit> pick(int numLevels, List<LevelSortedRun> runs) {
        int maxLevel = numLevels - 1;
        if (earlyFullCompaction != null) {
            Optional<CompactUnit> full = earlyFullCompaction.tryFullCompaction(numLevels, runs);
            if (full.isPresent()) {
                return full;
            }
        }
        CompactUnit unit = pickForSizeAmplification(maxLevel, runs);
        if (unit == null) {
            unit = pickForSizeRatio(maxLevel, runs);
        }
        if (unit == null && runs.size() > numRunCompactionTrigger) {
            unit = pickForSizeRatio(maxLevel, runs, runs.size() - numRunCompactionTrigger + 1, false);
        }
        return Optional.ofNullable(unit);
    }

    /**
     * All level-0 files (and the runs the size ratio lets join them), even below the trigger: for
     * readers that do not see level 0 (deletion vectors, first-row) every commit must leave it empty.
     */
    public Optional<CompactUnit> forcePickLevel0(int numLevels, List<LevelSortedRun> runs) {
        int candidates = 0;
        while (candidates < runs.size() && runs.get(candidates).level() == 0) {
            candidates++;
        }
        return candidates == 0 ? Optional.empty() : Optional.of(pickForSizeRatio(numLevels - 1, runs, candidates, true));
    }

    CompactUnit pickForSizeAmplification(int maxLevel, List<LevelSortedRun> runs) {
        if (runs.size() < numRunCompactionTrigger) {
            return null;
        }
        long newerSize = 0;
        for (int i = 0; i < runs.size() - 1; i++) {
            newerSize += runs.get(i).run().totalSize();
        }
        long oldestSize = runs.get(runs.size() - 1).run().totalSize();
        // Size amplification in percent: how much data sits above the oldest run, relative to it.
        if (newerSize * 100 > (long) maxSizeAmplificationPercent * oldestSize) {
            recordFullCompaction();
            return CompactUnit.fromLevelRuns(maxLevel, runs);
        }
        return null;
    }

    CompactUnit pickForSizeRatio(int maxLevel, List<LevelSortedRun> runs) {
        if (runs.size() < numRunCompactionTrigger) {
            return null;
        }
        return pickForSizeRatio(maxLevel, runs, 1, false);
    }

    /**
     * Grows the first {@code candidates} runs by each next older run that is not much bigger than them.
     * Once a compaction is certain, runs of levels 0 and 1 join even when bigger: leaving them would
     * leave a small run under a fresh bigger one.
     */
    CompactUnit pickForSizeRatio(int maxLevel, List<LevelSortedRun> runs, int candidates, boolean force) {
        long candidateSize = 0;
        for (int i = 0; i < candidates; i++) {
            candidateSize += runs.get(i).run().totalSize();
        }
        boolean triggered = force || candidates > 1;
        int count = candidates;
        int ratio = sizeRatio + (offPeakHours == null ? 0 : offPeakHours.ratioNow());
        for (int i = candidates; i < runs.size(); i++) {
            LevelSortedRun next = runs.get(i);
            if (candidateSize * (100.0 + ratio) / 100.0 < next.run().totalSize()
                    && (!triggered || next.level() > 1)) {
                break;
            }
            candidateSize += next.run().totalSize();
            count++;
            triggered = true;
        }
        return triggered ? createUnit(runs, maxLevel, count) : null;
    }

    private void recordFullCompaction() {
        if (earlyFullCompaction != null) {
            earlyFullCompaction.recordFullCompaction();
        }
    }

    /** The first {@code runCount} runs, with the output level below the next run that stays. */
    CompactUnit createUnit(List<LevelSortedRun> runs, int maxLevel, int runCount) {
        int outputLevel = runCount == runs.size() ? maxLevel : Math.max(0, runs.get(runCount).level() - 1);
        if (outputLevel == 0) {
            // Level 0 takes only flushed files: take in the runs up to the first one above level 0.
            while (runCount < runs.size()) {
                LevelSortedRun next = runs.get(runCount++);
                if (next.level() != 0) {
                    outputLevel = next.level();
                    break;
                }
            }
        }
        if (runCount == runs.size()) {
            recordFullCompaction();
            outputLevel = maxLevel;
        }
        return CompactUnit.fromLevelRuns(outputLevel, runs.subList(0, runCount));
    }
}
