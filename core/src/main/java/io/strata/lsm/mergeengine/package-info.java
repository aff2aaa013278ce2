/**
 * The merge engines (docs/merge-engines.md), each a {@link io.strata.lsm.MergeFunction}:
 * {@link io.strata.lsm.mergeengine.DeduplicateMergeFunction}, {@link io.strata.lsm.mergeengine.FirstRowMergeFunction},
 * {@link io.strata.lsm.mergeengine.PartialUpdateMergeFunction} (with its
 * {@link io.strata.lsm.mergeengine.SequenceGroup}s) and the aggregation engine in {@code lsm.mergeengine.aggregate};
 * {@link io.strata.lsm.mergeengine.MergeFunctionFactory} picks the table's engine from its options and builds
 * the {@link io.strata.lsm.WriteMerge} of its writers. Depends on {@code io.strata.lsm} (the contract),
 * {@code lsm.mergeengine.aggregate}, {@code io.strata.schema} (options), {@code io.strata.types} and
 * {@code io.strata.data}.
 */
package io.strata.lsm.mergeengine;
