package io.strata.lsm;

import java.io.IOException;
import java.util.List;

/**
 * Reduces the versions of one key in a compaction to the record the compaction writes and the
 * changelog rows that describe the change, for the changelog producers that work while compacting
 * ({@code full-compaction}, {@code lookup}) and for {@code first-row}, whose compactions must drop keys
 * that already exist. A new instance per compaction: implementations keep per-call state.
 */
public interface ChangelogMerge {

    /** @param versions every version of one key in the compaction, oldest first (never empty) */
    void merge(List<? extends KeyVersion> versions, ChangelogOutput out) throws IOException;

    /** Whether a record is a row (+I, +U) rather than a retraction or nothing. */
    static boolean isAdd(MergedRecord record) {
        return record != null && record.kind().isAdd();
    }
}
