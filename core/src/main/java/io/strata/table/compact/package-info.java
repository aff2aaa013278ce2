/**
 * Compactions outside a writer's own (docs/compaction.md): {@link io.strata.table.compact.TableCompactor}
 * selects buckets and compacts them fully ({@link io.strata.table.compact.FullCompaction}) or by the table's
 * universal compaction policy ({@link io.strata.table.compact.PolicyCompaction}), committed as one COMPACT
 * snapshot; {@link io.strata.table.compact.BucketCompactions} and
 * {@link io.strata.table.compact.MergeTreeCompactRewriter} are the bucket-level pieces a stream writer's
 * background compaction uses too.
 */
package io.strata.table.compact;
