package io.strata.table.write;

/**
 * How a {@link TableWriter} writes beyond what the table's options say: the variants that batch writes and
 * the tasks of distributed jobs need. Immutable; each {@code with} method returns a new mode.
 *
 * @param autoCompaction whether flushes and commits compact by themselves (still off with {@code write-only})
 * @param commits whether the write commits itself (opens the table's commit hooks), or only prepares messages
 * @param ignorePreviousFiles an overwrite's write: buckets start empty instead of restoring the table's files
 * @param sequenceGap added to the first sequence number of every bucket (a replacing write)
 * @param uncompacted never compact, not even where reads or the changelog need level 0 empty
 * @param rejectDuplicateKeys why a key written twice fails the write, or null when the later record wins
 */
record WriteMode(boolean autoCompaction, boolean commits, boolean ignorePreviousFiles, long sequenceGap,
        boolean uncompacted, String rejectDuplicateKeys, boolean movesPostponed) {

    /** A write that commits itself, compacting as files are flushed or not. */
    static WriteMode batch(boolean autoCompaction) {
        return new WriteMode(autoCompaction, true, false, 0, false, null, false);
    }

    /** The write of one task of a distributed job: prepares messages, never commits, never compacts by itself. */
    static WriteMode task() {
        return new WriteMode(false, false, false, 0, false, null, false);
    }

    WriteMode ignoringPreviousFiles() {
        return new WriteMode(autoCompaction, commits, true, sequenceGap, uncompacted, rejectDuplicateKeys, movesPostponed);
    }

    WriteMode withSequenceGap(long gap) {
        return new WriteMode(autoCompaction, commits, ignorePreviousFiles, gap, uncompacted, rejectDuplicateKeys,
                movesPostponed);
    }

    WriteMode neverCompacting() {
        return new WriteMode(autoCompaction, commits, ignorePreviousFiles, sequenceGap, true, rejectDuplicateKeys,
                movesPostponed);
    }

    WriteMode rejectingDuplicateKeys(String why) {
        return new WriteMode(autoCompaction, commits, ignorePreviousFiles, sequenceGap, uncompacted, why, movesPostponed);
    }

    /** The write of a postpone compaction, which moves rows into real buckets whatever the table's batch writes do. */
    WriteMode movingPostponed() {
        return new WriteMode(autoCompaction, commits, ignorePreviousFiles, sequenceGap, uncompacted, rejectDuplicateKeys,
                true);
    }
}
