package io.strata.lsm;

import java.util.List;
import java.util.Optional;

/**
 * A compaction strategy that never leaves level-0 files behind: the universal strategy's pick if it
 * has one, else every level-0 file (with the runs the size ratio lets join them), as Paimon compacts
 * tables whose compactions look old values up (changelog-producer {@code lookup}) or whose batch reads
 * skip level 0 ({@code first-row}). The changelog of a lookup table is produced when level-0 files are
 * compacted, so compacting them at each commit makes each commit's changelog land with it.
 */
public final class ForceLevel0Compaction implements CompactStrategy {

    private final UniversalCompaction universal;

    public ForceLevel0Compaction(UniversalCompaction universal) {
        this.universal = universal;
    }

    @Override
    public Optional<CompactUnit> pick(int numLevels, List<LevelSortedRun> runs) {
        Optional<CompactUnit> picked = universal.pick(numLevels, runs);
        return picked.isPresent() ? picked : universal.forcePickLevel0(numLevels, runs);
    }
}
