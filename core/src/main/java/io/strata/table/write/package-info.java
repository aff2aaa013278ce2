/**
 * Writes: {@link io.strata.table.write.TableWriter} routes rows to (partition, bucket) as Paimon does and
 * hands each to a {@link io.strata.table.write.BucketWriter} (append files, or a sorted buffer flushed into
 * the bucket's LSM tree, {@link io.strata.table.write.MergeTreeBucket}), then commits an APPEND snapshot and
 * a COMPACT snapshot for the compactions that finished; {@link io.strata.table.write.StreamTableWrite} keeps
 * one writer across many commits under one commit user. The top of the table packages: depends on
 * {@code table.commit} and {@code table.compact}.
 */
package io.strata.table.write;
