/**
 * The JSON of the metadata files ({@link io.strata.json.Json}): read strictly, naming the file and what it
 * should hold, and printed as Apache Paimon prints it, byte for byte. Shared by {@code io.strata.schema}
 * and {@code io.strata.snapshot}; depends on nothing else in Strata (only Jackson).
 */
package io.strata.json;
