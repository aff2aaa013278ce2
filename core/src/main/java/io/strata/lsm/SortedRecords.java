package io.strata.lsm;

import java.io.IOException;

/**
 * All buffered records of a write buffer in key order, oldest first within a key, as one stream that
 * can tell where a key ends (so the buffer reduces each key's records without reading a record ahead)
 * and copy its current record to a spill file in the cheapest way it has.
 */
interface SortedRecords extends BufferedRun {

    /** Whether the record after the current one has the same key. */
    boolean nextHasSameKey();

    /** Appends the current record, unchanged, to a spill run. */
    void writeTo(SpillFiles.Writer writer) throws IOException;
}
