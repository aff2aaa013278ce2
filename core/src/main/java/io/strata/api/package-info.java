/**
 * The mark of core's public API ({@link io.strata.api.PublicApi}). The API itself lives in the packages
 * of its concepts (tables in {@code io.strata.table}, types in {@code io.strata.types}, ...); this
 * package only says which of their public types it is made of. It depends on nothing.
 */
package io.strata.api;
