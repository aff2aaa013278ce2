/**
 * Data file indexes in Apache Paimon's format (docs/file-index.md): per data file, small structures over
 * some columns (bloom filters, bitmaps) that tell a scan a file cannot hold a value, so the file is not opened. An
 * index is written with its data file, embedded in the manifest when small, else as {@code <file>.index}
 * beside it.
 */
package io.strata.fileindex;
