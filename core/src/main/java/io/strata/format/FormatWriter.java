package io.strata.format;

import io.strata.data.Row;
import java.io.Closeable;
import java.io.IOException;

/**
 * Writes rows of one file type to one data file. Rows are written in the order given; the writer
 * does not sort. After {@link #close()}, {@link #fileSize()} and {@link #stats()} describe the file.
 */
public interface FormatWriter extends Closeable {

    void write(Row row) throws IOException;

    /** Rows written so far. */
    long rowCount();

    /** An estimate of the bytes written so far, to decide when to roll to a new file. */
    long estimatedLength() throws IOException;

    /** The file's size; valid after close. */
    long fileSize() throws IOException;

    /** One entry per field of the file type (nested fields report no min/max); valid after close. */
    FieldStats[] stats();
}
