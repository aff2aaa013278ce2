/**
 * Table schemas in the Apache Paimon format: {@link io.strata.schema.TableSchema} (the JSON of
 * {@code schema/schema-N}), {@link io.strata.schema.SchemaManager} (create and evolve, atomically),
 * {@link io.strata.schema.Schema} (a user's table spec), {@link io.strata.schema.SchemaChange}, and
 * {@link io.strata.schema.TableOptions}, the typed, documented and validated table options.
 */
package io.strata.schema;
