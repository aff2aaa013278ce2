package io.strata.lsm;

import io.strata.data.BinaryRow;
import java.io.Closeable;
import java.io.IOException;

/**
 * A sorted run of buffered records, read forward: in memory or in a spill file, ordered by key and,
 * within a key, oldest first ({@link VersionOrder}). The row of a record stays valid after the cursor
 * moves on (rows of memory runs view pages that live until the buffer is cleared; rows of spill runs own
 * their bytes), so a merge may keep a record of a key while it reads the others.
 */
interface BufferedRun extends Closeable {

    /** Moves to the next record; false at the end. */
    boolean next() throws IOException;

    /** The current record's stored row (row kind in its header). */
    BinaryRow row();

    /** The current record's sequence number. */
    long sequenceNumber();

    @Override
    void close() throws IOException;
}
