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

    /**
     * The position in the file (0-based row number) of the first row of the batch {@link #nextBatch} returned
     * last. A reader that leaves rows out (ORC row groups its skip filter excludes) reports it, so that a
     * caller can find each row's position (deletion vectors are kept by position); a reader that returns
     * every row in order may return -1, and the caller counts positions from 0.
     */
    default long batchPosition() {
        return -1;
    }
}
