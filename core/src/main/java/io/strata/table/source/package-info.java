/**
 * Batch reads: {@link io.strata.table.source.SnapshotScan} plans the splits of one snapshot (partition,
 * bucket and file skipping); {@link io.strata.table.source.SplitReader} reads a split merged (primary-key
 * tables, docs/format.md section 8) or file after file, and {@link io.strata.table.source.FileBatches} as
 * column batches when no merge is needed. {@link io.strata.table.source.PartitionStatistics}: per-partition
 * counts from a snapshot's manifests, without reading data. Depends on {@code table} and {@code table.store}.
 */
package io.strata.table.source;
