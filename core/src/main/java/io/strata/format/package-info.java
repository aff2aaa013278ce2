/**
 * Data files, format by format: {@link io.strata.format.FormatFactory} opens a
 * {@link io.strata.format.FormatReader} (columnar {@link io.strata.format.ColumnarBatch}es of
 * {@link io.strata.format.ColumnVector}s, columns picked by field id, narrower stored types widened, row
 * views without copies) or a {@link io.strata.format.FormatWriter} (rows in, per-column
 * {@link io.strata.format.FieldStats} out, collected by {@link io.strata.format.StatsCollector}) for the
 * {@link io.strata.format.FileFormat} a file's extension names; the formats themselves live in
 * {@code format.orc}, {@code format.parquet} and {@code format.avro}, and {@code format.registry} gives the factory of a
 * {@code FileFormat} (docs/format.md section 7). Knows nothing of tables,
 * manifests or LSM levels: depends on {@code io.strata.types}, {@code io.strata.data}, {@code io.strata.fs}
 * and {@code io.strata.predicate} (filters that let a reader skip parts of a file).
 */
package io.strata.format;
