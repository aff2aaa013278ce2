package io.strata.manifest;

import java.util.Objects;

/**
 * One line of a manifest list: a manifest file and a summary of its entries, so that scans can skip
 * it without opening it.
 *
 * @param fileName manifest file name
 * @param fileSize its size in bytes
 * @param numAddedFiles ADD entries
 * @param numDeletedFiles DELETE entries
 * @param partitionStats min/max/null counts over the entries' partitions
 * @param schemaId the highest schema id of the entries' files
 * @param minBucket smallest bucket (null in files older than Paimon 1.1)
 * @param maxBucket largest bucket (nullable likewise)
 * @param minLevel smallest level (nullable likewise)
 * @param maxLevel largest level (nullable likewise)
 * @param minRowId smallest row id when every file has one (row tracking), else null
 * @param maxRowId largest row id likewise
 */
public record ManifestFileMeta(
        String fileName,
        long fileSize,
        long numAddedFiles,
        long numDeletedFiles,
        SimpleStats partitionStats,
        long schemaId,
        Integer minBucket,
        Integer maxBucket,
        Integer minLevel,
        Integer maxLevel,
        Long minRowId,
        Long maxRowId) {

    public ManifestFileMeta {
        Objects.requireNonNull(fileName, "fileName");
        Objects.requireNonNull(partitionStats, () -> "partitionStats of " + fileName);
    }
}
