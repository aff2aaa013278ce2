package io.strata.manifest;

import io.strata.data.BinaryRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a commit's index file changes combine with the previous snapshot's index manifest into the
 * next one. An index manifest always lists the whole current state (ADD entries only), unlike data
 * manifests, which keep history.
 */
public final class IndexManifestEntries {

    private IndexManifestEntries() {}

    /**
     * For bucketed tables: each (partition, bucket, index type) has at most one index file, so an
     * ADD replaces the previous file of its bucket and a DELETE removes it. DELETEs apply before ADDs,
     * so a commit may delete a bucket's old file and add its new one in any order.
     */
    public static List<IndexManifestEntry> combineByBucket(List<IndexManifestEntry> previous, List<IndexManifestEntry> changes) {
        Map<BucketKey, IndexManifestEntry> state = new LinkedHashMap<>();
        for (IndexManifestEntry e : previous) {
            requireAdd(e);
            state.put(BucketKey.of(e), e);
        }
        for (IndexManifestEntry e : changes) {
            if (e.kind() == FileKind.DELETE) {
                state.remove(BucketKey.of(e));
            }
        }
        for (IndexManifestEntry e : changes) {
            if (e.kind() == FileKind.ADD) {
                state.put(BucketKey.of(e), e);
            }
        }
        return new ArrayList<>(state.values());
    }

    /**
     * For tables without fixed buckets (deletion vectors of an append table): index files are
     * combined by file name; adding a file twice, deleting a missing one, or giving a data file a
     * second deletion vector fails naming the file.
     */
    public static List<IndexManifestEntry> combineByFileName(List<IndexManifestEntry> previous, List<IndexManifestEntry> changes) {
        Map<String, IndexManifestEntry> state = new LinkedHashMap<>();
        Map<String, String> vectorOwner = new LinkedHashMap<>();
        for (IndexManifestEntry e : previous) {
            requireAdd(e);
            state.put(e.indexFile().fileName(), e);
            dataFiles(e).forEach(f -> vectorOwner.put(f, e.indexFile().fileName()));
        }
        for (IndexManifestEntry e : changes) {
            String name = e.indexFile().fileName();
            if (e.kind() == FileKind.ADD) {
                if (state.putIfAbsent(name, e) != null) {
                    throw new IllegalStateException("Index file " + name + " is added twice");
                }
                for (String dataFile : dataFiles(e)) {
                    String owner = vectorOwner.putIfAbsent(dataFile, name);
                    if (owner != null) {
                        throw new IllegalStateException("Data file " + dataFile + " gets a second deletion vector in " + name
                                + "; it already has one in " + owner);
                    }
                }
            } else {
                if (state.remove(name) == null) {
                    throw new IllegalStateException("Index file " + name + " is deleted but it is not in the index manifest");
                }
                dataFiles(e).forEach(vectorOwner::remove);
            }
        }
        return new ArrayList<>(state.values());
    }

    private static List<String> dataFiles(IndexManifestEntry e) {
        return e.indexFile().dvRanges() == null ? List.of() : List.copyOf(e.indexFile().dvRanges().keySet());
    }

    private static void requireAdd(IndexManifestEntry e) {
        if (e.kind() != FileKind.ADD) {
            throw new IllegalArgumentException("An index manifest holds only ADD entries, found a DELETE of "
                    + e.indexFile().fileName());
        }
    }

    private record BucketKey(BinaryRow partition, int bucket, String indexType) {
        static BucketKey of(IndexManifestEntry e) {
            return new BucketKey(e.partition(), e.bucket(), e.indexFile().indexType());
        }
    }
}
