package io.strata.format.parquet;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.format.ColumnarBatch;
import io.strata.format.ColumnarRow;
import io.strata.format.FormatFactory;
import io.strata.format.FormatFiles;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/** Test helpers: write rows with Strata's writer, read them back as detached rows, read a footer. */
final class ParquetFiles {

    static final FileIO IO = FileIO.local();

    private ParquetFiles() {}

    static FormatWriter write(FormatFactory factory, Path path, RowType type, String compression, List<? extends Row> rows)
            throws IOException {
        return FormatFiles.write(factory, IO, path, type, rows, compression);
    }

    static List<GenericRow> readAll(Path path, RowType readType, int batchSize) throws IOException {
        List<GenericRow> out = new ArrayList<>();
        try (FormatReader reader = new ParquetFormatFactory().createReader(IO, path, readType, batchSize)) {
            ColumnarBatch batch;
            while ((batch = reader.nextBatch()) != null) {
                if (batch.numRows() > batchSize) {
                    throw new AssertionError("batch of " + batch.numRows() + " rows, more than " + batchSize);
                }
                ColumnarRow row = new ColumnarRow(batch.columns());
                for (int i = 0; i < batch.numRows(); i++) {
                    out.add(GenericRow.copyOf(row.at(i), readType));
                }
            }
        }
        return out;
    }

    static ParquetMetadata footer(Path path) throws IOException {
        long length = IO.fileSize(path);
        try (FSDataInputStream in = IO.open(path)) {
            return ParquetFooter.read(in, length, new ParquetMetadataConverter());
        }
    }
}
