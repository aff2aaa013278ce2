package io.strata.format.orc;

import io.strata.format.FormatFactory;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/** ORC data files. */
public final class OrcFormatFactory implements FormatFactory {

    @Override
    public FormatWriter createWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException {
        throw new UnsupportedOperationException("ORC writer: not yet");
    }

    @Override
    public FormatReader createReader(FileIO io, Path path, RowType readType, int batchSize) throws IOException {
        throw new UnsupportedOperationException("ORC reader: not yet");
    }
}
