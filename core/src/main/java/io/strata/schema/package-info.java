/**
 * Table schemas and options in the Apache Paimon format (docs/format.md sections 2 and 9):
 * {@link io.strata.schema.TableSchema} (the JSON of {@code schema/schema-N}, types as in
 * {@link io.strata.schema.TypeJson}), {@link io.strata.schema.SchemaManager} (create and evolve, atomically;
 * evolution by field id, with {@link io.strata.schema.SchemaChange}s checked by
 * {@code SchemaEvolution}), {@link io.strata.schema.Schema} (a user's table spec), and the
 * table options: each declared once as a typed, documented {@link io.strata.schema.ConfigOption} in
 * {@link io.strata.schema.TableOptions}, {@link io.strata.schema.CompactionOptions},
 * {@link io.strata.schema.ChangelogOptions}, {@link io.strata.schema.LifecycleOptions} or
 * {@link io.strata.schema.MergeEngineOptions}, and validated as a whole by {@code OptionsValidation}.
 * Depends on {@code io.strata.types}, {@code io.strata.fs}, {@code io.strata.json} and
 * {@code io.strata.format} (the file format enum).
 */
package io.strata.schema;
