package io.strata.lsm;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.BinaryRow;
import io.strata.data.BinaryRowWriter;
import io.strata.data.RowComparator;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileSource;
import io.strata.manifest.SimpleStats;
import io.strata.types.DataTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The picks of universal compaction (Paimon's rules) and the levels they act on. */
class UniversalCompactionTest {

    private static final RowComparator KEYS = RowComparator.of(List.of(DataTypes.INT()));

    private static BinaryRow key(int k) {
        BinaryRowWriter w = new BinaryRowWriter(1);
        w.writeInt(0, k);
        return w.complete();
    }

    private static int counter;

    private static DataFileMeta file(int level, long size, long maxSequence, int min, int max) {
        return new DataFileMeta("f" + (counter++), size, 10, key(min), key(max), SimpleStats.EMPTY_STATS,
                SimpleStats.EMPTY_STATS, 0, maxSequence, 0, level, List.of(), null, 0L, null, FileSource.APPEND, null,
                null, null, null);
    }

    /** Runs from (level, size) pairs, newest first; level-0 runs get falling sequence numbers. */
    private static List<LevelSortedRun> runs(long... levelAndSize) {
        List<LevelSortedRun> runs = new ArrayList<>();
        for (int i = 0; i < levelAndSize.length; i += 2) {
            runs.add(new LevelSortedRun((int) levelAndSize[i],
                    new SortedRun(List.of(file((int) levelAndSize[i], levelAndSize[i + 1], 1000 - i, 0, 10)))));
        }
        return runs;
    }

    private final UniversalCompaction universal = new UniversalCompaction(200, 1, 5);

    @Test
    void belowTheTriggerNothingIsPicked() {
        assertThat(universal.pick(6, runs(0, 1, 0, 1, 0, 1, 0, 1))).isEmpty();
    }

    @Test
    void sizeAmplificationCompactsEverythingIntoTheMaxLevel() {
        // Four runs of 1 above an oldest run of 1: 400% > 200%.
        Optional<CompactUnit> unit = universal.pick(6, runs(0, 1, 0, 1, 0, 1, 0, 1, 5, 1));
        assertThat(unit).hasValueSatisfying(u -> {
            assertThat(u.outputLevel()).isEqualTo(5);
            assertThat(u.files()).hasSize(5);
        });
    }

    @Test
    void sizeRatioStopsAtAMuchBiggerRunAndOutputsJustAboveIt() {
        // Five small level-0 runs above a big level-5 run: size amplification is 5%, the size ratio
        // takes the five small runs, and the big run stays: output level 5 - 1 = 4.
        Optional<CompactUnit> unit = universal.pick(6, runs(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 5, 100));
        assertThat(unit).hasValueSatisfying(u -> {
            assertThat(u.outputLevel()).isEqualTo(4);
            assertThat(u.files()).hasSize(5).allSatisfy(f -> assertThat(f.level()).isZero());
        });
    }

    @Test
    void runCountPicksTheNewestRunsAndLevelZeroAndOneRunsJoinOnceTriggered() {
        // Sizes grow tenfold so neither amplification nor ratio fires; 7 runs > trigger 5: the 3 newest
        // are picked, the bigger level-0 runs still join, the level-3 run stops it: output 3 - 1 = 2.
        UniversalCompaction strict = new UniversalCompaction(1_000_000, 0, 5);
        Optional<CompactUnit> unit = strict.pick(6, runs(0, 1, 0, 10, 0, 100, 0, 1000, 0, 10_000, 3, 100_000, 5, 1_000_000));
        assertThat(unit).hasValueSatisfying(u -> {
            assertThat(u.outputLevel()).isEqualTo(2);
            assertThat(u.files()).hasSize(5).allSatisfy(f -> assertThat(f.level()).isZero());
        });
    }

    @Test
    void anOutputThatWouldBeLevelZeroTakesInTheRunsUpToTheNextHigherLevel() {
        CompactUnit unit = universal.createUnit(runs(0, 1, 0, 1, 2, 1, 5, 1), 5, 1);
        assertThat(unit.outputLevel()).isEqualTo(2);
        assertThat(unit.files()).hasSize(3);
        CompactUnit all = universal.createUnit(runs(0, 1, 0, 1, 0, 1), 5, 1);
        assertThat(all.outputLevel()).isEqualTo(5);
        assertThat(all.files()).hasSize(3);
    }

    @Test
    void theOptimizationIntervalForcesAFullCompactionFirstThenOncePerInterval() {
        long[] now = {1_000};
        UniversalCompaction timed = new UniversalCompaction(200, 1, 5,
                EarlyFullCompaction.of(java.time.Duration.ofMinutes(1), null, null, () -> now[0]), null);
        List<LevelSortedRun> two = runs(0, 1, 5, 100);
        assertThat(timed.pick(6, two)).hasValueSatisfying(u -> assertThat(u.outputLevel()).isEqualTo(5));
        now[0] += 30_000;
        assertThat(timed.pick(6, two)).isEmpty();
        now[0] += 31_000;
        assertThat(timed.pick(6, two)).hasValueSatisfying(u -> assertThat(u.files()).hasSize(2));
    }

    @Test
    void sizeThresholdsForceAFullCompactionOfASmallOrABusyBucket() {
        List<LevelSortedRun> two = runs(0, 10, 5, 100);
        UniversalCompaction small = new UniversalCompaction(200, 1, 5, EarlyFullCompaction.of(null, 111L, null, () -> 0), null);
        assertThat(small.pick(6, two)).hasValueSatisfying(u -> {
            assertThat(u.outputLevel()).isEqualTo(5);
            assertThat(u.files()).hasSize(2);
        });
        UniversalCompaction notSmall = new UniversalCompaction(200, 1, 5, EarlyFullCompaction.of(null, 110L, null, () -> 0), null);
        assertThat(notSmall.pick(6, two)).isEmpty();
        UniversalCompaction busy = new UniversalCompaction(200, 1, 5, EarlyFullCompaction.of(null, null, 9L, () -> 0), null);
        assertThat(busy.pick(6, two)).hasValueSatisfying(u -> assertThat(u.files()).hasSize(2));
        UniversalCompaction calm = new UniversalCompaction(200, 1, 5, EarlyFullCompaction.of(null, null, 10L, () -> 0), null);
        assertThat(calm.pick(6, two)).isEmpty();
        assertThat(small.pick(6, runs(5, 10))).as("one run: nothing to merge").isEmpty();
    }

    @Test
    void offPeakHoursRaiseTheSizeRatioWithinTheirHours() {
        // Newest first: 1 + 1 + 1 + 1 + 1, then a run of 9: joins only with a ratio of at least 80%.
        List<LevelSortedRun> runs = runs(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 4, 9, 5, 1000);
        java.time.ZoneId zone = java.time.ZoneId.systemDefault();
        java.time.Instant threeAm = java.time.LocalDate.of(2026, 1, 5).atTime(3, 0).atZone(zone).toInstant();
        java.time.Instant noon = threeAm.plus(java.time.Duration.ofHours(9));
        // 22:00 to 06:00, across midnight.
        OffPeakHours night = OffPeakHours.of(22, 6, 100, java.time.Clock.fixed(threeAm, zone));
        assertThat(new UniversalCompaction(10_000, 1, 5, null, night).pick(6, runs))
                .hasValueSatisfying(u -> assertThat(u.files()).hasSize(6));
        OffPeakHours day = OffPeakHours.of(22, 6, 100, java.time.Clock.fixed(noon, zone));
        assertThat(new UniversalCompaction(10_000, 1, 5, null, day).pick(6, runs))
                .hasValueSatisfying(u -> assertThat(u.files()).hasSize(5));
        assertThat(OffPeakHours.of(-1, 6, 100, java.time.Clock.systemUTC())).isNull();
        assertThat(OffPeakHours.of(6, 6, 100, java.time.Clock.systemUTC())).isNull();
        assertThat(night.ratioAt(22)).isEqualTo(100);
        assertThat(night.ratioAt(6)).isZero();
        assertThat(OffPeakHours.of(2, 18, 7, java.time.Clock.systemUTC()).ratioAt(17)).isEqualTo(7);
    }

    @Test
    void fullCompactionSkipsABucketThatIsOneRunAtTheMaxLevel() {
        assertThat(CompactStrategy.pickFullCompaction(6, runs(5, 10))).isEmpty();
        assertThat(CompactStrategy.pickFullCompaction(6, List.of())).isEmpty();
        assertThat(CompactStrategy.pickFullCompaction(6, runs(3, 10))).hasValueSatisfying(u -> assertThat(u.outputLevel()).isEqualTo(5));
    }

    @Test
    void levelsKeepLevelZeroNewestFirstAndCountRuns() {
        DataFileMeta old0 = file(0, 5, 10, 0, 100);
        DataFileMeta new0 = file(0, 5, 20, 0, 100);
        DataFileMeta a = file(2, 5, 5, 0, 49);
        DataFileMeta b = file(2, 5, 6, 50, 99);
        Levels levels = new Levels(KEYS, List.of(b, old0, a, new0), 6);
        assertThat(levels.level0()).containsExactly(new0, old0);
        assertThat(levels.runOfLevel(2).files()).containsExactly(a, b);
        assertThat(levels.numberOfSortedRuns()).isEqualTo(3);
        assertThat(levels.nonEmptyHighestLevel()).isEqualTo(2);
        // An upgrade: the same file leaves level 0 and enters level 5.
        levels.update(List.of(old0), List.of(old0.upgrade(5)));
        assertThat(levels.level0()).containsExactly(new0);
        assertThat(levels.runOfLevel(5).files()).extracting(DataFileMeta::fileName).containsExactly(old0.fileName());
        assertThat(levels.nonEmptyHighestLevel()).isEqualTo(5);
        assertThat(levels.levelSortedRuns()).extracting(LevelSortedRun::level).containsExactly(0, 2, 5);
        // A restored file above num-levels raises the level count.
        assertThat(new Levels(KEYS, List.of(file(7, 1, 1, 0, 1)), 3).maxLevel()).isEqualTo(7);
    }
}
