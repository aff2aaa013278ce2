package io.strata.lsm;

/** A sorted run of a bucket with the level it lives in: each level-0 file, or a whole higher level. */
public record LevelSortedRun(int level, SortedRun run) {}
