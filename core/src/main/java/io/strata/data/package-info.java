/**
 * Rows and values: {@link io.strata.data.Row} (typed getters, no boxing; usually a view over a columnar
 * batch), {@link io.strata.data.RowComparator} (Paimon's key order over rows), {@link io.strata.data.GenericRow}, {@link io.strata.data.ProjectedRow}, the internal value classes
 * ({@link io.strata.data.Utf8String}, {@link io.strata.data.Decimal}, {@link io.strata.data.Timestamp},
 * {@link io.strata.data.ArrayData}, {@link io.strata.data.MapData}), {@link io.strata.data.RowKind},
 * and Paimon's binary row encoding ({@link io.strata.data.BinaryRow},
 * {@link io.strata.data.BinaryRowWriter}, {@link io.strata.data.MurmurHash}; docs/format.md sections 5 and
 * 6). Depends only on {@code io.strata.types} (and the {@code io.strata.api} mark).
 */
package io.strata.data;
