package io.strata.format;

import io.strata.data.Row;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;

/** Test helper for every file format: writes rows with Strata's writer of a format. */
public final class FormatFiles {

    private FormatFiles() {}

    /** Writes the rows to a new file and closes it; the closed writer is returned for its stats and counts. */
    public static FormatWriter write(
            FormatFactory factory, FileIO io, Path path, RowType type, List<? extends Row> rows, String compression)
            throws IOException {
        FormatWriter writer = factory.createWriter(io, path, type, compression);
        try (writer) {
            for (Row row : rows) {
                writer.write(row);
            }
        }
        return writer;
    }
}
