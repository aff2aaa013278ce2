package io.strata.format.parquet;

import io.strata.format.FormatFactory;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.predicate.Predicate;
import io.strata.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * Parquet data files as Paimon 1.4 writes them: native field ids, Paimon's type mapping and nested
 * layouts, zstd by default. Reading maps fields by id, reads only the requested columns, and widens
 * narrower stored types.
 */
public final class ParquetFormatFactory implements FormatFactory {

    private final ParquetWriteOptions writeOptions;

    /** A factory writing with Paimon's default row group and page sizes. */
    public ParquetFormatFactory() {
        this(ParquetWriteOptions.DEFAULT);
    }

    public ParquetFormatFactory(ParquetWriteOptions writeOptions) {
        this.writeOptions = writeOptions;
    }

    @Override
    public FormatWriter createWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException {
        return new ParquetFormatWriter(io, path, fileType, compression, writeOptions);
    }

    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException {
        return new ParquetFormatReader(io, path, readType, batchSize);
    }

    /** Leaves out row groups and pages that cannot match {@code skipFilter} ({@link ParquetRowRanges}). */
    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize, Predicate skipFilter)
            throws IOException {
        return new ParquetFormatReader(io, path, readType, batchSize, skipFilter);
    }
}
