package io.strata.snapshot;

import io.strata.api.PublicApi;

/** What a commit did, as recorded in its snapshot's {@code commitKind}. */
@PublicApi
public enum CommitKind {
    /** New files were added (inserts, updates, deletes as rows). */
    APPEND,
    /** Files were rewritten by compaction; the table's content is unchanged. */
    COMPACT,
    /** Partitions or the whole table were replaced. */
    OVERWRITE,
    /** Only statistics were collected. */
    ANALYZE
}
