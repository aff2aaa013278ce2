/**
 * The {@code aggregation} merge engine ({@link io.strata.lsm.mergeengine.aggregate.AggregateMergeFunction}) and one
 * {@link io.strata.lsm.mergeengine.aggregate.FieldAggregator} per aggregate function ({@code sum}, {@code max},
 * {@code last_non_null_value}, {@code collect}, {@code nested_update}, ...), created from
 * {@code fields.<f>.aggregate-function} by {@link io.strata.lsm.mergeengine.aggregate.FieldAggregators}, with Paimon
 * 1.4.2's semantics (docs/merge-engines.md). Depends on {@code io.strata.lsm} (the merge function
 * contract), {@code io.strata.schema}, {@code io.strata.types} and {@code io.strata.data}.
 */
package io.strata.lsm.mergeengine.aggregate;
