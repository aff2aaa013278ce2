package io.strata.hive;

import io.strata.table.TableScan;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The snapshot a query reads instead of the latest, as the query or the session asked: a snapshot id
 * ({@code FOR SYSTEM_VERSION AS OF}, {@link StrataConf#SCAN_SNAPSHOT_ID}), a time ({@code FOR SYSTEM_TIME AS OF})
 * a tag ({@link StrataConf#SCAN_TAG}) or the latest compaction's ({@link StrataConf#SCAN_MODE} {@code compacted-full});
 * at most one of them. Split planning reads it from the job; the
 * planner's questions (partitions, statistics) from the Hive table object of the query, so both see one snapshot.
 */
record QuerySnapshot(Long snapshotId, Long millis, String tag, boolean compactedFull) {

    private static final Logger LOG = LoggerFactory.getLogger(QuerySnapshot.class);

    QuerySnapshot {
        if ((snapshotId != null ? 1 : 0) + (millis != null ? 1 : 0) + (tag != null ? 1 : 0) + (compactedFull ? 1 : 0) > 1) {
            throw new IllegalArgumentException("Give one of FOR SYSTEM_VERSION AS OF (or "
                    + StrataConf.SCAN_SNAPSHOT_ID + "), FOR SYSTEM_TIME AS OF, " + StrataConf.SCAN_TAG + " or "
                    + StrataConf.SCAN_MODE + "=compacted-full, not several");
        }
    }

    /** What a job (split planning) asks to read. */
    static QuerySnapshot of(Configuration job) {
        return new QuerySnapshot(StrataConf.asOfVersion(job), StrataConf.asOfTimestampMillis(job),
                StrataConf.scanTag(job), StrataConf.scanCompactedFull(job));
    }

    /** What a query asks to read of {@code hiveTable}, with the session's settings in {@code conf}. */
    static QuerySnapshot of(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        String version = hiveTable.getAsOfVersion();
        Long snapshotId;
        if (version == null || version.isBlank()) {
            snapshotId = conf == null ? null : StrataConf.scanSnapshotId(conf);
        } else {
            try {
                snapshotId = Long.parseLong(version.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("FOR SYSTEM_VERSION AS OF needs a Strata snapshot id (a number),"
                        + " got '" + version + "'");
            }
        }
        Long millis = StrataConf.timestampMillis(hiveTable.getAsOfTimestamp(), conf);
        return new QuerySnapshot(snapshotId, millis, conf == null ? null : StrataConf.scanTag(conf),
                conf != null && StrataConf.scanCompactedFull(conf));
    }

    /**
     * The snapshot asked for of {@code table}, or the latest (null for a table without snapshots).
     *
     * @throws IllegalArgumentException without a cause, saying what is missing or unreadable (an unknown
     *     snapshot id, a time before the first snapshot, an unknown tag): Hive's planner reports only the root
     *     cause of an exception, which would be a bare "file not found"
     */
    io.strata.snapshot.Snapshot resolve(io.strata.table.Table table) {
        try {
            return scan(table.newScan()).snapshot();
        } catch (RuntimeException e) {
            LOG.warn("Cannot resolve the snapshot {} of Strata table {}", this, table.location(), e);
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    /** {@code scan} of the snapshot asked for, or of the latest. */
    TableScan scan(TableScan scan) {
        if (snapshotId != null) {
            return scan.asOfSnapshot(snapshotId);
        } else if (millis != null) {
            return scan.asOfTimestamp(millis);
        } else if (tag != null) {
            return scan.asOfTag(tag);
        } else if (compactedFull) {
            return scan.asOfCompactedFull();
        }
        return scan;
    }
}
