/**
 * Finding and opening tables. {@link io.strata.catalog.FileSystemCatalog} is Paimon's "filesystem" catalog:
 * it finds, creates and drops tables as directories {@code <warehouse>/<db>.db/<table>}, named by
 * {@link io.strata.catalog.Identifier}, and keeps nothing besides the tables' own files;
 * {@link io.strata.catalog.Tables} opens a table by its directory alone. The package-private
 * {@code FileStoreTable} is the one implementation of {@link io.strata.table.Table}: it hands each concern
 * (the {@code io.strata.table.*} packages) the table's store. The top of core: nothing in core depends on it.
 */
package io.strata.catalog;
