package io.strata.format.parquet;

import io.strata.format.FormatFactory;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/** Parquet data files. */
public final class ParquetFormatFactory implements FormatFactory {

    @Override
    public FormatWriter createWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException {
        throw new UnsupportedOperationException("Parquet writer: not yet");
    }

    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException {
        throw new UnsupportedOperationException("Parquet reader: not yet");
    }
}
