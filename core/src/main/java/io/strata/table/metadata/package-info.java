/**
 * The metadata tables of a table ({@link io.strata.table.metadata.MetadataTable}), what Paimon calls system
 * tables ({@code t$snapshots}, {@code t$files}, ...): one class per table, each with the columns of Paimon
 * 1.4.2's system table of the same name, found by name with {@link io.strata.table.metadata.MetadataTables}.
 * They read the table's snapshot, schema, tag, consumer and manifest files; they write nothing.
 *
 * <p>Values print as Paimon prints them ({@code PaimonText}), so that a query of {@code db.t.files} in Hive
 * shows what {@code SELECT * FROM t$files} shows in an engine reading the table with Paimon. Depends on
 * {@code io.strata.table}, {@code io.strata.table.store} and the packages below them.
 */
package io.strata.table.metadata;
