package io.strata.lsm;

import io.strata.manifest.DeletionVector;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The deletion vectors of one primary-key bucket (deletion-vectors mode) as its compactions maintain
 * them: when a compaction writes a key that still has a row in a file the compaction leaves alone, that
 * row's position is marked deleted here; a file the compaction rewrites loses its vector. So each key
 * keeps exactly one visible row above level 0 and batch reads need no merge (docs/format.md section 8).
 *
 * <p>Changed on the compaction thread, read by the writer's thread once the compaction's result was
 * collected; methods are synchronized so that either order is safe.
 */
public final class BucketDeletionVectors {

    private final Map<String, DeletionVector> vectors;
    private boolean modified;

    private BucketDeletionVectors(Map<String, DeletionVector> vectors) {
        this.vectors = vectors;
    }

    /** No vectors: a bucket whose snapshot has no deletion-vector index file. */
    public static BucketDeletionVectors empty() {
        return new BucketDeletionVectors(new LinkedHashMap<>());
    }

    /** The vectors a snapshot holds for the bucket, by data file name (copied). */
    public static BucketDeletionVectors of(Map<String, DeletionVector> restored) {
        Map<String, DeletionVector> copy = new LinkedHashMap<>();
        restored.forEach((file, dv) -> {
            DeletionVector mine = DeletionVector.empty();
            mine.merge(dv);
            copy.put(file, mine);
        });
        return new BucketDeletionVectors(copy);
    }

    /** The vector of {@code dataFile}, or null if none of its rows is deleted. */
    public synchronized DeletionVector vectorOf(String dataFile) {
        return vectors.get(dataFile);
    }

    public synchronized boolean isDeleted(String dataFile, long position) {
        DeletionVector dv = vectors.get(dataFile);
        return dv != null && dv.isDeleted(position);
    }

    /** Marks the row at {@code position} of {@code dataFile} deleted. */
    public synchronized void delete(String dataFile, long position) {
        DeletionVector dv = vectors.computeIfAbsent(dataFile, f -> DeletionVector.empty());
        if (!dv.isDeleted(position)) {
            dv.delete(position);
            modified = true;
        }
    }

    /** Drops the vector of a file that a compaction rewrote (its rows live on in the new files). */
    public synchronized void removeVectorOf(String dataFile) {
        if (vectors.remove(dataFile) != null) {
            modified = true;
        }
    }

    /** Whether vectors changed since the bucket was restored or last committed. */
    public synchronized boolean modified() {
        return modified;
    }

    /** A copy of the non-empty vectors, by data file name. */
    public synchronized Map<String, DeletionVector> vectors() {
        Map<String, DeletionVector> out = new LinkedHashMap<>();
        vectors.forEach((file, dv) -> {
            if (!dv.isEmpty()) {
                DeletionVector copy = DeletionVector.empty();
                copy.merge(dv);
                out.put(file, copy);
            }
        });
        return out;
    }

    /** The current vectors were committed: nothing is pending any more. */
    public synchronized void committed() {
        modified = false;
    }
}
