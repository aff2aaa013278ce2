package io.strata.lsm;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The triggers that make universal compaction merge a whole bucket before its usual rules would, as Paimon
 * 1.4.2 has them, tried in this order: {@code compaction.optimization-interval} (the last full compaction of
 * this writer is longer ago, or there was none), {@code compaction.total-size-threshold} (the bucket is smaller
 * than it: merging it all is cheap and leaves one file) and {@code compaction.incremental-size-threshold} (the
 * runs above the max level hold more than it). A bucket that is one sorted run is left alone.
 */
public final class EarlyFullCompaction {

    private final Long intervalMillis;
    private final Long totalSizeThreshold;
    private final Long incrementalSizeThreshold;
    private final LongSupplier clockMillis;
    private Long lastFullCompactionMillis;

    /**
     * @param interval the optimization interval, or null
     * @param totalSizeThreshold bytes, or null
     * @param incrementalSizeThreshold bytes, or null
     * @param clockMillis the table's clock
     */
    public EarlyFullCompaction(Duration interval, Long totalSizeThreshold, Long incrementalSizeThreshold,
            LongSupplier clockMillis) {
        this.intervalMillis = interval == null ? null : interval.toMillis();
        this.totalSizeThreshold = totalSizeThreshold;
        this.incrementalSizeThreshold = incrementalSizeThreshold;
        this.clockMillis = clockMillis;
    }

    /** The triggers, or null when no option sets any. */
    public static EarlyFullCompaction of(Duration interval, Long totalSizeThreshold, Long incrementalSizeThreshold,
            LongSupplier clockMillis) {
        if (interval == null && totalSizeThreshold == null && incrementalSizeThreshold == null) {
            return null;
        }
        return new EarlyFullCompaction(interval, totalSizeThreshold, incrementalSizeThreshold, clockMillis);
    }

    /** A full compaction into the max level when a trigger fires, else empty. */
    Optional<CompactUnit> tryFullCompaction(int numLevels, List<LevelSortedRun> runs) {
        if (runs.size() <= 1) {
            return Optional.empty();
        }
        int maxLevel = numLevels - 1;
        if (intervalMillis != null && (lastFullCompactionMillis == null
                || clockMillis.getAsLong() - lastFullCompactionMillis > intervalMillis)) {
            return full(maxLevel, runs);
        }
        if (totalSizeThreshold != null) {
            long total = 0;
            for (LevelSortedRun run : runs) {
                total += run.run().totalSize();
            }
            if (total < totalSizeThreshold) {
                return full(maxLevel, runs);
            }
        }
        if (incrementalSizeThreshold != null) {
            long incremental = 0;
            for (LevelSortedRun run : runs) {
                if (run.level() != maxLevel) {
                    incremental += run.run().totalSize();
                }
            }
            if (incremental > incrementalSizeThreshold) {
                return full(maxLevel, runs);
            }
        }
        return Optional.empty();
    }

    private Optional<CompactUnit> full(int maxLevel, List<LevelSortedRun> runs) {
        recordFullCompaction();
        return Optional.of(CompactUnit.fromLevelRuns(maxLevel, runs));
    }

    /** Another rule picked a full compaction: the interval starts again. */
    void recordFullCompaction() {
        lastFullCompactionMillis = clockMillis.getAsLong();
    }
}
