package io.strata.manifest;

import io.strata.api.PublicApi;
import java.util.Objects;

/**
 * Where the deletion vector of one data file sits inside a deletion-vector index file.
 *
 * @param dataFileName the data file whose rows it deletes
 * @param offset position of the vector's 4-byte size field in the index file
 * @param length the size field's value: magic number plus bitmap bytes
 * @param cardinality deleted rows; null when unknown (older writers)
 */
@PublicApi
public record DeletionVectorMeta(String dataFileName, int offset, int length, Long cardinality) {

    public DeletionVectorMeta {
        Objects.requireNonNull(dataFileName, "dataFileName");
    }
}
