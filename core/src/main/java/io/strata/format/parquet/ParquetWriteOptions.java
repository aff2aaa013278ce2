package io.strata.format.parquet;

/**
 * Sizes of the Parquet files Strata writes.
 *
 * @param rowGroupSize target bytes of a row group before it is flushed (Paimon: 128 MiB)
 * @param pageSize target bytes of a page (Paimon: 1 MiB)
 */
record ParquetWriteOptions(long rowGroupSize, int pageSize) {

    /** Paimon's defaults. */
    public static final ParquetWriteOptions DEFAULT = new ParquetWriteOptions(128L * 1024 * 1024, 1024 * 1024);

    public ParquetWriteOptions {
        if (rowGroupSize <= 0 || pageSize <= 0) {
            throw new IllegalArgumentException("Parquet row group and page sizes must be positive, got "
                    + rowGroupSize + " and " + pageSize);
        }
    }
}
