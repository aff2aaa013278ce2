package io.strata.table.compact;

import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.snapshot.CommitKind;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageFiles;
import io.strata.table.commit.CommitHooks;
import io.strata.table.commit.FileStoreCommit;
import io.strata.table.store.DeletionVectorIndex;
import io.strata.table.store.TableStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.hadoop.fs.Path;

/**
 * What compacting one bucket changed: the files it replaced, the files it produced (a file only moved up a
 * level appears in both, under one name), the changelog it wrote, and its deletion-vector index changes. Either
 * committed with other buckets' changes in one COMPACT snapshot, or shipped as a {@link CommitMessage} from the
 * task of a distributed compaction to the job's commit.
 */
record BucketChange(BinaryRow partition, int bucket, int totalBuckets, List<DataFileMeta> before,
        List<DataFileMeta> after, List<DataFileMeta> changelog, List<IndexManifestEntry> indexChanges) {

    BucketChange {
        before = List.copyOf(before);
        after = List.copyOf(after);
        changelog = List.copyOf(changelog);
        indexChanges = List.copyOf(indexChanges);
    }

    /** Adds the change to the entries of one COMPACT commit. */
    void addTo(List<ManifestEntry> files, List<ManifestEntry> changelogFiles, List<IndexManifestEntry> index) {
        for (DataFileMeta f : before) {
            files.add(new ManifestEntry(FileKind.DELETE, partition, bucket, totalBuckets, f));
        }
        for (DataFileMeta f : after) {
            files.add(new ManifestEntry(FileKind.ADD, partition, bucket, totalBuckets, f));
        }
        for (DataFileMeta f : changelog) {
            changelogFiles.add(new ManifestEntry(FileKind.ADD, partition, bucket, totalBuckets, f));
        }
        index.addAll(indexChanges);
    }

    /**
     * Commits the changes as one COMPACT snapshot (the changelog files they wrote in its changelog manifests, or
     * readers miss them) and returns its id. The caller discards the changes if it fails, unless the snapshot
     * landed or may have ({@link io.strata.table.CommitCallbackException},
     * {@link io.strata.table.CommitStateUnknownException}).
     */
    static long commit(List<BucketChange> changes, TableStore store, CommitHooks hooks) {
        List<ManifestEntry> files = new ArrayList<>();
        List<ManifestEntry> changelog = new ArrayList<>();
        List<IndexManifestEntry> index = new ArrayList<>();
        changes.forEach(change -> change.addTo(files, changelog, index));
        return new FileStoreCommit(store, UUID.randomUUID().toString(), hooks)
                .commit(files, changelog, index, FileStoreCommit.BATCH_COMMIT_IDENTIFIER, CommitKind.COMPACT);
    }

    /** The change as the COMPACT part of a commit message. */
    CommitMessage toMessage() {
        return new CommitMessageFiles(List.of(), List.of(), before, after, changelog,
                indexChanges.stream().filter(e -> e.kind() == FileKind.ADD).map(IndexManifestEntry::indexFile).toList(),
                indexChanges.stream().filter(e -> e.kind() == FileKind.DELETE).map(IndexManifestEntry::indexFile).toList())
                .toMessage(partition, bucket, totalBuckets);
    }

    /** Deletes what the compaction wrote (not the files it only moved up a level, whose names are in use). */
    void discard(TableStore store) {
        Set<String> kept = new HashSet<>();
        before.forEach(f -> kept.add(f.fileName()));
        Path directory = store.paths().bucketDirectory(partition, bucket);
        for (DataFileMeta f : after) {
            if (!kept.contains(f.fileName())) {
                store.fileIO().deleteQuietly(new Path(directory, f.fileName()));
            }
        }
        for (DataFileMeta f : changelog) {
            store.fileIO().deleteQuietly(new Path(directory, f.fileName()));
        }
        new DeletionVectorIndex(store).deleteAdded(indexChanges);
    }
}
