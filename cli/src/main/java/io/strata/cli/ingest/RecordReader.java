package io.strata.cli.ingest;

import java.io.Closeable;
import java.io.IOException;

/** Reads change records from one input in one format; one reader per file (or standard input). */
public interface RecordReader extends Closeable {

    /**
     * The next record, or null at the end of the input.
     *
     * @throws RecordException the record is malformed; unless {@link RecordException#fatal()} the next call
     *     goes on with the record after it
     * @throws IOException the input could not be read
     */
    InputRecord next() throws RecordException, IOException;

    /** A line to write once at the top of a reject file before this input's rejects (a CSV header), or null. */
    default String rejectHeader() {
        return null;
    }
}
