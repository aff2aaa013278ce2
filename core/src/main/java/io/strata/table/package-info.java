/**
 * Tables: the public API and everything that works on a whole table (docs/architecture.md). Reading:
 * {@link io.strata.table.Table}, {@link io.strata.table.TableScan} -> {@link io.strata.table.Plan} ->
 * {@link io.strata.table.Split} (one snapshot; {@link io.strata.table.SplitCodec} ships it),
 * {@link io.strata.table.TableRead} and {@link io.strata.table.SplitBatches}; incremental and streaming
 * reads ({@link io.strata.table.IncrementalScan}, {@link io.strata.table.StreamScan},
 * {@link io.strata.table.ChangeRead}). Writing: {@link io.strata.table.BatchWrite},
 * {@link io.strata.table.StreamWrite}, the writer that routes rows to buckets and their LSM trees, the
 * commit protocol (docs/format.md section 14), its outcomes ({@link io.strata.table.CommitException}) and its
 * hooks ({@link io.strata.table.CommitHookProvider}, {@link io.strata.table.CommitLock},
 * {@link io.strata.table.CommitCallback}), compaction
 * ({@link io.strata.table.TableCompaction}). The snapshot lifecycle: expiration, tags, consumers, rollback,
 * orphan files. The top of core: depends on every other core package except {@code io.strata.catalog}.
 */
package io.strata.table;
