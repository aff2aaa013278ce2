/**
 * ORC data files exactly as Apache Paimon 1.4.2 writes and reads them ({@link
 * io.strata.format.orc.OrcFormatFactory}): field ids in the {@code paimon.id} column attribute
 * ({@code OrcTypes}), ORC's vectors adapted to core's column vectors without copying,
 * row-group skipping from a filter ({@code OrcSearchArguments}), and Paimon's
 * JVM-zone-dependent timestamps ({@code OrcTimestamps}; docs/format.md section 7).
 * Depends on {@code io.strata.format} and what it depends on, and on the ORC library.
 */
package io.strata.format.orc;
