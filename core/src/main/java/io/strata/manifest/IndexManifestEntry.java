package io.strata.manifest;

import io.strata.data.BinaryRow;
import java.util.Objects;

/**
 * One line of an index manifest: an index file added to or removed from a (partition, bucket).
 *
 * @param kind ADD or DELETE
 * @param partition the partition row
 * @param bucket the bucket
 * @param indexFile the index file
 */
public record IndexManifestEntry(FileKind kind, BinaryRow partition, int bucket, IndexFileMeta indexFile) {

    public IndexManifestEntry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(indexFile, "indexFile");
    }
}
