package io.strata.manifest;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.data.Timestamp;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What a manifest says about one data (or changelog) file: the 20 fields of {@code _FILE}, in the
 * order of docs/format.md section 4. Immutable; {@code embeddedIndex} is not copied, callers must not
 * change it.
 *
 * @param fileName file name inside the bucket directory
 * @param fileSize size in bytes
 * @param rowCount rows in the file, delete rows included
 * @param minKey smallest key (empty row for append tables)
 * @param maxKey largest key (empty row for append tables)
 * @param keyStats stats of the key columns
 * @param valueStats stats of the value columns ({@code valueStatsCols}, or all columns when that is null)
 * @param minSequenceNumber smallest sequence number in the file
 * @param maxSequenceNumber largest sequence number in the file
 * @param schemaId id of the schema the file was written with
 * @param level LSM level (0 for append tables)
 * @param extraFiles names of files that belong to this one (for example a file index)
 * @param creationTime local wall clock at creation, as Paimon records it; may be null
 * @param deleteRowCount rows of kind -U/-D; null when unknown (old files)
 * @param embeddedIndex a small file index stored inline; may be null
 * @param fileSource APPEND or COMPACT; null when unknown (old files)
 * @param valueStatsCols columns that {@code valueStats} covers; null means all columns
 * @param externalPath full path when the file lives outside the table directory; may be null
 * @param firstRowId first row id with row tracking; null otherwise
 * @param writeCols columns written (data evolution); null means all
 */
@PublicApi
public record DataFileMeta(
        String fileName,
        long fileSize,
        long rowCount,
        BinaryRow minKey,
        BinaryRow maxKey,
        SimpleStats keyStats,
        SimpleStats valueStats,
        long minSequenceNumber,
        long maxSequenceNumber,
        long schemaId,
        int level,
        List<String> extraFiles,
        Timestamp creationTime,
        Long deleteRowCount,
        byte[] embeddedIndex,
        FileSource fileSource,
        List<String> valueStatsCols,
        String externalPath,
        Long firstRowId,
        List<String> writeCols) {

    public DataFileMeta {
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(minKey, () -> "minKey of " + fileName);
        Objects.requireNonNull(maxKey, () -> "maxKey of " + fileName);
        Objects.requireNonNull(keyStats, () -> "keyStats of " + fileName);
        Objects.requireNonNull(valueStats, () -> "valueStats of " + fileName);
        extraFiles = List.copyOf(Objects.requireNonNull(extraFiles, () -> "extraFiles of " + fileName));
        valueStatsCols = valueStatsCols == null ? null : List.copyOf(valueStatsCols);
        writeCols = writeCols == null ? null : List.copyOf(writeCols);
    }

    /**
     * A creation time for a file written now, as Paimon records it: the local wall clock (not UTC)
     * read as if it were UTC, in whole milliseconds.
     */
    public static Timestamp creationTimeNow() {
        return Timestamp.fromEpochMillis(Timestamp.fromLocalDateTime(LocalDateTime.now()).millisecond());
    }

    /**
     * The same file moved to a higher level without rewriting it (a lone file that overlaps nothing).
     * Everything else, creation time and file source included, stays as it was.
     */
    public DataFileMeta upgrade(int newLevel) {
        if (newLevel <= level) {
            throw new IllegalArgumentException(
                    "Cannot upgrade " + fileName + " from level " + level + " to level " + newLevel + ": the new level must be higher");
        }
        return new DataFileMeta(fileName, fileSize, rowCount, minKey, maxKey, keyStats, valueStats, minSequenceNumber,
                maxSequenceNumber, schemaId, newLevel, extraFiles, creationTime, deleteRowCount, embeddedIndex, fileSource,
                valueStatsCols, externalPath, firstRowId, writeCols);
    }

    /** Rows that are not deletions: {@code rowCount - deleteRowCount}, or all rows when the delete count is unknown. */
    public long addRowCount() {
        return deleteRowCount == null ? rowCount : rowCount - deleteRowCount;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DataFileMeta f
                && fileSize == f.fileSize
                && rowCount == f.rowCount
                && minSequenceNumber == f.minSequenceNumber
                && maxSequenceNumber == f.maxSequenceNumber
                && schemaId == f.schemaId
                && level == f.level
                && fileName.equals(f.fileName)
                && minKey.equals(f.minKey)
                && maxKey.equals(f.maxKey)
                && keyStats.equals(f.keyStats)
                && valueStats.equals(f.valueStats)
                && extraFiles.equals(f.extraFiles)
                && Objects.equals(creationTime, f.creationTime)
                && Objects.equals(deleteRowCount, f.deleteRowCount)
                && Arrays.equals(embeddedIndex, f.embeddedIndex)
                && fileSource == f.fileSource
                && Objects.equals(valueStatsCols, f.valueStatsCols)
                && Objects.equals(externalPath, f.externalPath)
                && Objects.equals(firstRowId, f.firstRowId)
                && Objects.equals(writeCols, f.writeCols);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fileName, fileSize, rowCount, minKey, maxKey, keyStats, valueStats, minSequenceNumber,
                maxSequenceNumber, schemaId, level, extraFiles, creationTime, deleteRowCount, Arrays.hashCode(embeddedIndex),
                fileSource, valueStatsCols, externalPath, firstRowId, writeCols);
    }

    @Override
    public String toString() {
        return "DataFileMeta{" + fileName + ", size=" + fileSize + ", rows=" + rowCount + ", deleteRows=" + deleteRowCount
                + ", level=" + level + ", seq=[" + minSequenceNumber + ", " + maxSequenceNumber + "], schemaId=" + schemaId
                + ", source=" + fileSource + ", extraFiles=" + extraFiles + ", externalPath=" + externalPath + '}';
    }
}
