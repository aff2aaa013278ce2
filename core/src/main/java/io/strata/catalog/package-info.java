/**
 * Paimon's "filesystem" catalog: {@link io.strata.catalog.FileSystemCatalog} finds, creates and drops tables
 * as directories {@code <warehouse>/<db>.db/<table>}, named by {@link io.strata.catalog.Identifier}; it keeps
 * nothing besides the tables' own files. Depends on {@code io.strata.table}, {@code io.strata.schema} and
 * {@code io.strata.fs}; nothing in core depends on it.
 */
package io.strata.catalog;
