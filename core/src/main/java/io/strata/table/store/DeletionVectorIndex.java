package io.strata.table.store;

import io.strata.data.BinaryRow;
import io.strata.lsm.BucketDeletionVectors;
import io.strata.manifest.DeletionVector;
import io.strata.manifest.DeletionVectorIndexFile;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * The deletion-vector index files of a table's buckets (docs/format.md sections 4 and 10), as writers and
 * compactions use them: a bucket's vectors are read from the index files its snapshot lists, and a
 * commit that changed them replaces the bucket's index files by one new file holding all its vectors
 * (none when no vector is left), as Paimon 1.4's bucketed maintainer writes them.
 */
public final class DeletionVectorIndex {

    private final TableStore store;
    private final DeletionVectorIndexFile files;

    public DeletionVectorIndex(TableStore store) {
        this.store = store;
        this.files = new DeletionVectorIndexFile(store.fileIO(), store.paths().indexDirectory());
    }

    /** The vectors that the index files {@code entries} of one bucket hold. */
    public BucketDeletionVectors read(List<IndexManifestEntry> entries) throws IOException {
        Map<String, DeletionVector> all = new HashMap<>();
        for (IndexManifestEntry e : entries) {
            all.putAll(files.read(e.indexFile()));
        }
        return BucketDeletionVectors.of(all);
    }

    /** The vectors of the bucket {@code key}, read from its index files {@code entries} in the latest snapshot. */
    public BucketIndex forBucket(SnapshotFiles.BucketKey key, List<IndexManifestEntry> entries) throws IOException {
        return new BucketIndex(key, read(entries), entries);
    }

    /**
     * Writes the bucket's vectors as one new index file and returns the index manifest changes that
     * replace {@code previous} (the bucket's index files in the snapshot the vectors were read from) by
     * it: DELETE each previous file, ADD the new one unless no vector is left.
     */
    public List<IndexManifestEntry> replace(BinaryRow partition, int bucket, List<IndexManifestEntry> previous,
            BucketDeletionVectors vectors) throws IOException {
        List<IndexManifestEntry> changes = new ArrayList<>();
        for (IndexManifestEntry e : previous) {
            changes.add(new IndexManifestEntry(FileKind.DELETE, e.partition(), e.bucket(), e.indexFile()));
        }
        Map<String, DeletionVector> current = vectors.vectors();
        if (!current.isEmpty()) {
            IndexFileMeta written = files.write(current);
            changes.add(new IndexManifestEntry(FileKind.ADD, partition, bucket, written));
        }
        return changes;
    }

    /** Deletes the index files that {@code changes} add: the commit carrying them failed. */
    public void deleteAdded(List<IndexManifestEntry> changes) {
        for (IndexManifestEntry e : changes) {
            if (e.kind() == FileKind.ADD) {
                store.fileIO().deleteQuietly(path(e));
            }
        }
    }

    Path path(IndexManifestEntry entry) {
        return files.path(entry.indexFile());
    }

    /** The entries a commit of {@code changes} leaves for the bucket: its ADDs. */
    static List<IndexManifestEntry> added(List<IndexManifestEntry> changes) {
        return changes.stream().filter(e -> e.kind() == FileKind.ADD).toList();
    }

    /**
     * The deletion vectors of one bucket as its writer maintains them: read when the writer opens the
     * bucket, changed by its compactions, written as one new index file when a commit carries them, and
     * whose index files are those of that commit once it lands.
     */
    public final class BucketIndex {

        private final SnapshotFiles.BucketKey key;
        private final BucketDeletionVectors vectors;
        /** The bucket's index files in the last snapshot this writer read or committed. */
        private List<IndexManifestEntry> indexFiles;

        private BucketIndex(SnapshotFiles.BucketKey key, BucketDeletionVectors vectors, List<IndexManifestEntry> indexFiles) {
            this.key = key;
            this.vectors = vectors;
            this.indexFiles = indexFiles;
        }

        /** The vectors, which the bucket's compactions change. */
        public BucketDeletionVectors vectors() {
            return vectors;
        }

        /**
         * When the compactions since the last commit changed the vectors, writes them as a new index file
         * and returns the index manifest changes replacing the old one; else none.
         */
        public List<IndexManifestEntry> changes() throws IOException {
            if (!vectors.modified()) {
                return List.of();
            }
            return replace(key.partition(), key.bucket(), indexFiles, vectors);
        }

        /** The changes of {@link #changes()} landed: they are the bucket's index files now. */
        public void committed(List<IndexManifestEntry> changes) {
            indexFiles = added(changes);
            vectors.committed();
        }
    }
}
