package io.strata.manifest;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Names the metadata files of one committing writer as Paimon does: one random UUID per kind of file
 * and a counter per kind from 0, e.g. {@code manifest-<uuid>-0}, {@code manifest-<uuid>-1}. Thread-safe.
 */
public final class MetadataFileNames {

    private final String manifestPrefix;
    private final String manifestListPrefix;
    private final String indexManifestPrefix;
    private final AtomicInteger manifests = new AtomicInteger();
    private final AtomicInteger manifestLists = new AtomicInteger();
    private final AtomicInteger indexManifests = new AtomicInteger();

    public MetadataFileNames() {
        this.manifestPrefix = "manifest-" + UUID.randomUUID() + "-";
        this.manifestListPrefix = "manifest-list-" + UUID.randomUUID() + "-";
        this.indexManifestPrefix = "index-manifest-" + UUID.randomUUID() + "-";
    }

    /** A new manifest file name. */
    public String nextManifest() {
        return manifestPrefix + manifests.getAndIncrement();
    }

    /** A new manifest list file name. */
    public String nextManifestList() {
        return manifestListPrefix + manifestLists.getAndIncrement();
    }

    /** A new index manifest file name. */
    public String nextIndexManifest() {
        return indexManifestPrefix + indexManifests.getAndIncrement();
    }
}
