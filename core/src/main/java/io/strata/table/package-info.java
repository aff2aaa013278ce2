/**
 * The table API (docs/architecture.md): interfaces and values only, implemented in the sub-packages by
 * concern and put together by {@code io.strata.catalog}. Reading: {@link io.strata.table.Table},
 * {@link io.strata.table.TableScan} -> {@link io.strata.table.Plan} -> {@link io.strata.table.Split} (one
 * snapshot; {@link io.strata.table.SplitCodec} ships it), {@link io.strata.table.TableRead} and
 * {@link io.strata.table.SplitBatches}; incremental and streaming reads ({@link io.strata.table.IncrementalScan},
 * {@link io.strata.table.StreamScan}, {@link io.strata.table.ChangeStream}, {@link io.strata.table.ChangeRead}).
 * Writing: {@link io.strata.table.BatchWrite}, {@link io.strata.table.StreamWrite}, the outcomes of a commit
 * ({@link io.strata.table.CommitException}) and its hooks ({@link io.strata.table.CommitHookProvider},
 * {@link io.strata.table.CommitLock}, {@link io.strata.table.CommitCallback}), compaction
 * ({@link io.strata.table.TableCompaction}). The snapshot lifecycle: {@link io.strata.table.ExpireSnapshots},
 * {@link io.strata.table.Tags}, {@link io.strata.table.RemoveOrphanFiles}. The directory layout of a table:
 * {@link io.strata.table.TablePaths}.
 *
 * <p>Below every {@code io.strata.table.*} package: the implementations depend on it, never the other way.
 */
package io.strata.table;
