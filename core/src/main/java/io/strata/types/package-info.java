/**
 * Paimon's data types as values: {@link io.strata.types.DataType} (sealed: {@link io.strata.types.AtomicType},
 * {@link io.strata.types.ArrayType}, {@link io.strata.types.MapType}, {@link io.strata.types.MultisetType},
 * {@link io.strata.types.RowType}), {@link io.strata.types.DataField} with its stable field id,
 * {@link io.strata.types.TypeParser} for Paimon's type strings and {@link io.strata.types.HiveTypeNames} (the
 * Hive type string of each type, shared by the metastore sync and the Hive connector without depending on
 * Hive). The bottom of core: it depends on nothing else in Strata but the {@code io.strata.api} mark.
 */
package io.strata.types;
