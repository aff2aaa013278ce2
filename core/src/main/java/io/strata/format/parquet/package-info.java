/**
 * Parquet data files as Apache Paimon 1.4 writes them ({@link io.strata.format.parquet.ParquetFormatFactory}):
 * Paimon's schema mapping with native field ids ({@code ParquetSchemas}), a writer
 * over parquet-mr's {@code ParquetWriter}, and a reader that decodes flat PLAIN and dictionary-encoded column
 * chunks page by page itself and leaves other chunks to parquet-column's readers (docs/format.md section 7).
 * Depends on {@code io.strata.format} and what it depends on, and on the Parquet library.
 */
package io.strata.format.parquet;
