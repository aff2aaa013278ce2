package io.strata.manifest;

import io.strata.api.PublicApi;
import java.util.LinkedHashMap;
import java.util.Objects;

/**
 * An index file of a bucket ({@code index/index-<uuid>-<k>}): deletion vectors, or the key hashes of
 * a dynamic-bucket table.
 *
 * @param indexType {@link #DELETION_VECTORS} or {@link #HASH}
 * @param fileName file name in the table's {@code index} directory
 * @param fileSize size in bytes
 * @param rowCount deletion vectors in the file, or hashes in a HASH index
 * @param dvRanges for deletion vectors: each data file's vector, in file order; null otherwise
 * @param externalPath full path when the file lives outside the table directory; may be null
 */
@PublicApi
public record IndexFileMeta(
        String indexType,
        String fileName,
        long fileSize,
        long rowCount,
        LinkedHashMap<String, DeletionVectorMeta> dvRanges,
        String externalPath) {

    /** The index type of deletion-vector files. */
    public static final String DELETION_VECTORS = "DELETION_VECTORS";
    /** The index type of dynamic-bucket key hash files. */
    public static final String HASH = "HASH";

    public IndexFileMeta {
        Objects.requireNonNull(indexType, "indexType");
        Objects.requireNonNull(fileName, "fileName");
    }
}
