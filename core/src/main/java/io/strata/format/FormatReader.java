package io.strata.format;

import java.io.Closeable;
import java.io.IOException;

/**
 * Reads a data file batch by batch, columns in the order of the read type it was opened with.
 * A returned batch is valid until the next call.
 */
public interface FormatReader extends Closeable {

    /** The next batch, or null at the end of the file. */
    ColumnarBatch nextBatch() throws IOException;
}
