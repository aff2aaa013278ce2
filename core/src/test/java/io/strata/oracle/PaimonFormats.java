package io.strata.oracle;

import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.FormatReaderContext;
import org.apache.paimon.format.FormatWriter;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;

/**
 * Apache Paimon 1.4.2's own file formats ({@code orc}, {@code parquet}) on one local data file, without
 * a table: what Paimon reads from a file Strata wrote, and a file Paimon writes for Strata to read.
 * Rows are Strata rows on both sides (converted by {@link PaimonValues}); formats use default options.
 */
public final class PaimonFormats {

    private PaimonFormats() {}

    /** Every row of {@code file} as Paimon's {@code format} reader returns it, read with the file's own type. */
    public static List<GenericRow> read(String format, Path file, RowType type) throws IOException {
        return read(format, file, type, type);
    }

    /**
     * Every row of {@code file} as Paimon's {@code format} reader returns it: {@code dataType} is the
     * type the file was written with, {@code readType} the projection read (fields matched as Paimon
     * matches them). Rows are detached copies, kinds as Paimon reports them.
     */
    public static List<GenericRow> read(String format, Path file, RowType dataType, RowType readType)
            throws IOException {
        org.apache.paimon.types.RowType paimonReadType = PaimonTypes.toPaimon(readType);
        var factory = FileFormat.fromIdentifier(format, new Options())
                .createReaderFactory(PaimonTypes.toPaimon(dataType), paimonReadType, new ArrayList<>());
        List<GenericRow> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = factory.createReader(
                new FormatReaderContext(LocalFileIO.create(), PaimonOracle.path(file), Files.size(file)))) {
            reader.forEachRemaining(row -> out.add(PaimonValues.toStrataRow(row, paimonReadType)));
        }
        return out;
    }

    /** Writes the rows to {@code file} with Paimon's {@code format} writer and the given compression. */
    public static void write(String format, Path file, RowType type, List<? extends Row> rows, String compression)
            throws IOException {
        FileFormat fileFormat = FileFormat.fromIdentifier(format, new Options());
        try (PositionOutputStream out = LocalFileIO.create().newOutputStream(PaimonOracle.path(file), false)) {
            FormatWriter writer = fileFormat.createWriterFactory(PaimonTypes.toPaimon(type)).create(out, compression);
            for (Row row : rows) {
                writer.addElement(PaimonValues.toPaimonRow(row, type));
            }
            writer.close();
        }
    }
}
