/**
 * Filters on the fields of a row type: {@link io.strata.predicate.Predicate} trees of
 * {@link io.strata.predicate.LeafPredicate}s and {@link io.strata.predicate.CompoundPredicate}s, built by
 * name with {@link io.strata.predicate.PredicateBuilder}, tested against rows (filtering) and against
 * statistics of manifests and files (skipping what cannot match). Engines translate their own filters into
 * these (the Hive connector's {@code SearchArgumentFilter}). Depends only on {@code io.strata.types} and
 * {@code io.strata.data}.
 */
package io.strata.predicate;
