package io.strata.metastore;

/**
 * What one sync did.
 *
 * @param database metastore database
 * @param table metastore table
 * @param snapshotId the snapshot the metastore now describes (-1 when the table has no snapshot)
 * @param mode how the partitions were compared
 * @param tableChanged whether the table entry's columns, keys or options were (re)written
 * @param added partitions added
 * @param updated partitions whose statistics or columns were rewritten
 * @param dropped partitions dropped because they hold no live data any more
 * @param previousSnapshotId the snapshot the metastore described before this sync; null when the entry
 *     did not exist or recorded none
 */
public record SyncResult(String database, String table, long snapshotId, Mode mode, boolean tableChanged, int added,
        int updated, int dropped, Long previousSnapshotId) {

    /** How a sync found the partitions to touch. */
    public enum Mode {
        /** Only the partitions changed since the snapshot recorded in the metastore. */
        INCREMENTAL,
        /** Every partition of the snapshot against every partition in the metastore. */
        FULL,
        /** The metastore already describes a newer snapshot of the table: nothing was changed. */
        AHEAD
    }
}
