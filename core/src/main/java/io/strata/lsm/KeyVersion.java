package io.strata.lsm;

/**
 * One version of a key that a changelog-producing compaction sees: a record and the level of the file
 * holding it. The level tells what the version means: level 0 holds what was written since the last
 * compaction of it, the max level what the last full compaction left.
 */
public interface KeyVersion extends MergedRecord {

    /** The level of the file the record comes from. */
    int level();
}
