/**
 * The factory of each data file format ({@link io.strata.format.registry.FormatFactories}): the one place
 * that names the implementations, so that {@code io.strata.format}, which they implement, does not.
 * Depends on {@code io.strata.format}, {@code format.orc}, {@code format.parquet} and {@code format.avro}.
 */
package io.strata.format.registry;
