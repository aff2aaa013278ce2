/**
 * Hive writing into Strata tables: {@link io.strata.hive.write.HiveRowConverter} turns the row Hive's
 * FileSinkOperator hands the SerDe into a Strata row of the table's columns, the exact inverse of how the
 * connector shows Strata values to Hive; {@link io.strata.hive.write.StrataWriteRow} carries it to the
 * record writer. Uses core's public API and Hive's serde2 only, nothing of {@code io.strata.hive}.
 */
package io.strata.hive.write;
