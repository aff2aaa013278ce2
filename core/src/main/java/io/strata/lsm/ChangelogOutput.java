package io.strata.lsm;

import io.strata.data.RowKind;
import java.io.IOException;

/**
 * Where a changelog-producing merge puts what it makes of one key: the record the compaction writes
 * to its output level, and the changelog rows. Records are valid only during the call: the receiver
 * copies what it keeps.
 */
public interface ChangelogOutput {

    /** The merged record of the key, written to the compaction's output files. */
    void data(MergedRecord record) throws IOException;

    /** A changelog row: {@code record}'s value and sequence number with the given kind. */
    void changelog(MergedRecord record, RowKind kind) throws IOException;
}
