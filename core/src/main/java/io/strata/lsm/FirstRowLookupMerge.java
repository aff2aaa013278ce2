package io.strata.lsm;

import io.strata.data.RowKind;
import java.io.IOException;
import java.util.List;

/**
 * Merges a key in a compaction of a {@code first-row} table: the oldest row wins, and batch reads see
 * only the levels above 0 without merging them, so a key may live in one of those levels only. A key
 * that already has a version above level 0 keeps it; a key whose versions are all in level 0 is new
 * unless the levels the compaction leaves alone hold it (looked up, {@link LookupLevels}), in which
 * case its level-0 versions are dropped. Only a new key yields changelog: +I, and only with
 * {@code changelog-producer=lookup}, as Paimon's first-row changelog.
 */
public final class FirstRowLookupMerge implements ChangelogMerge {

    private final LookupLevels lookup;
    private final List<LevelSortedRun> untouchedRuns;
    private final boolean produceChangelog;

    public FirstRowLookupMerge(LookupLevels lookup, List<LevelSortedRun> untouchedRuns, boolean produceChangelog) {
        this.lookup = lookup;
        this.untouchedRuns = untouchedRuns;
        this.produceChangelog = produceChangelog;
    }

    @Override
    public void merge(List<? extends KeyVersion> versions, ChangelogOutput out) throws IOException {
        KeyVersion first = null;
        boolean highLevel = false;
        for (KeyVersion v : versions) {
            highLevel |= v.level() > 0;
            // Retractions never reach a first-row table's files unless ignore-delete dropped them earlier.
            if (first == null && v.kind().isAdd()) {
                first = v;
            }
        }
        if (first == null) {
            return;
        }
        if (highLevel) {
            out.data(first);
            return;
        }
        if (lookup.contains(first.value(), untouchedRuns)) {
            return;
        }
        out.data(first);
        if (produceChangelog) {
            out.changelog(first, RowKind.INSERT);
        }
    }
}
