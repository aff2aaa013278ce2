/**
 * The LSM tree of one primary-key bucket, one class per concept (docs/compaction.md, docs/changelog.md,
 * docs/format.md section 8): the sorted write buffer ({@link io.strata.lsm.WriteBuffer} over
 * {@code RecordPages}, {@code SortIndex}, {@link io.strata.lsm.MemoryBudget},
 * {@code SpillFiles}, reduced by {@link io.strata.lsm.WriteMerge}); the files as
 * {@link io.strata.lsm.Levels} of {@link io.strata.lsm.SortedRun}s; compaction
 * ({@link io.strata.lsm.UniversalCompaction} and the other {@link io.strata.lsm.CompactStrategy}s,
 * {@link io.strata.lsm.CompactManager}, {@link io.strata.lsm.MergeTreeCompactTask}); the merged read
 * ({@link io.strata.lsm.MergeTreeReader}, {@link io.strata.lsm.IntervalPartition},
 * {@code MergingCursor}); the contract of the merge engines ({@link io.strata.lsm.MergeFunction}, whose
 * implementations live in {@code lsm.mergeengine}); and the changelog producers' merges
 * ({@link io.strata.lsm.ChangelogMerge}, {@link io.strata.lsm.LookupLevels}). Works on one bucket's files
 * and knows nothing of snapshots or commits: depends on {@code io.strata.types}, {@code io.strata.data},
 * {@code io.strata.format} and {@code io.strata.manifest} (file metadata, deletion vectors).
 */
package io.strata.lsm;
