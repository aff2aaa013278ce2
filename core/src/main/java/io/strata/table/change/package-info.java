/**
 * Reads over time (docs/incremental-reads.md): the changes between two snapshots
 * ({@link io.strata.table.change.SnapshotRangeScan}), a stream that follows new snapshots, optionally as a
 * consumer ({@link io.strata.table.change.SnapshotStreamScan}, {@link io.strata.table.change.SnapshotStream}),
 * the reading of their splits with row kinds ({@link io.strata.table.change.ChangeSplitReader}), and the
 * partitions two snapshots differ in ({@link io.strata.table.change.SnapshotDiff}). Depends on
 * {@code table.source} for full-state splits.
 */
package io.strata.table.change;
