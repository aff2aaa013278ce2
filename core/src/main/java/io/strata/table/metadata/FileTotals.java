package io.strata.table.metadata;

import io.strata.data.Timestamp;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.ManifestEntry;
import java.time.ZoneId;

/**
 * The totals of the data files of one partition or one bucket, summed over manifest entries as Paimon sums
 * them for {@code $partitions} and {@code $buckets}: an ADD adds its file's rows (delete rows included),
 * bytes and one file, a DELETE subtracts them. The last update time is the newest creation time of any
 * entry, DELETEs included, as in Paimon, so a compaction's removed inputs count too (they are older than
 * its outputs, so this rarely shows).
 */
final class FileTotals {

    private long recordCount;
    private long fileSizeInBytes;
    private long fileCount;
    private Long lastFileCreationMillis;

    void add(ManifestEntry entry) {
        DataFileMeta file = entry.file();
        long sign = switch (entry.kind()) {
            case ADD -> 1;
            case DELETE -> -1;
        };
        recordCount += sign * file.rowCount();
        fileSizeInBytes += sign * file.fileSize();
        fileCount += sign;
        if (file.creationTime() != null) {
            // Paimon records the writer's local wall clock and turns it into an instant in this JVM's zone.
            long millis = file.creationTime().toLocalDateTime().atZone(ZoneId.systemDefault()).toInstant()
                    .toEpochMilli();
            lastFileCreationMillis = lastFileCreationMillis == null ? millis : Math.max(lastFileCreationMillis, millis);
        }
    }

    /** Whether any file is left: Paimon lists only partitions and buckets that hold files. */
    boolean hasFiles() {
        return fileCount > 0;
    }

    long recordCount() {
        return recordCount;
    }

    long fileSizeInBytes() {
        return fileSizeInBytes;
    }

    long fileCount() {
        return fileCount;
    }

    /** The newest file's creation, as a local wall-clock time; null when no file recorded one. */
    Timestamp lastUpdateTime() {
        return lastFileCreationMillis == null ? null : PaimonText.localTime(lastFileCreationMillis);
    }
}
