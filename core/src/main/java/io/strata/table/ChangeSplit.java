package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import java.util.List;

/**
 * The unit of reading changes: files of one (partition, bucket) that one snapshot contributes to an
 * incremental or streaming read, and how their rows are read. A {@link Source#DIFF} split holds the
 * files of the bucket in two snapshots (those both share left out): the older ones in
 * {@code beforeFiles}, the newer ones in {@code files}.
 *
 * @param snapshotId the snapshot the files belong to
 * @param source how the rows are read: the full state, the delta or the changelog of the snapshot
 * @param partition the partition row
 * @param bucket the bucket
 * @param totalBuckets the bucket count the files were written with
 * @param files the files to read (of a diff: the newer snapshot's)
 * @param deletionIndexFiles deletion-vector index files of {@code files} ({@link Source#FULL} and
 *     {@link Source#DIFF} only; else empty)
 * @param beforeFiles of a diff, the older snapshot's files; else empty
 * @param beforeDeletionIndexFiles of a diff, the deletion-vector index files of {@code beforeFiles}; else empty
 */
@PublicApi
public record ChangeSplit(
        long snapshotId,
        Source source,
        BinaryRow partition,
        int bucket,
        int totalBuckets,
        List<DataFileMeta> files,
        List<IndexFileMeta> deletionIndexFiles,
        List<DataFileMeta> beforeFiles,
        List<IndexFileMeta> beforeDeletionIndexFiles) {

    public ChangeSplit {
        files = List.copyOf(files);
        deletionIndexFiles = List.copyOf(deletionIndexFiles);
        beforeFiles = List.copyOf(beforeFiles);
        beforeDeletionIndexFiles = List.copyOf(beforeDeletionIndexFiles);
        if (source != Source.DIFF && !(beforeFiles.isEmpty() && beforeDeletionIndexFiles.isEmpty())) {
            throw new IllegalArgumentException("Only a DIFF split has files of an older snapshot, not " + source);
        }
    }

    /** A split that is not a diff: no files of an older snapshot. */
    public ChangeSplit(long snapshotId, Source source, BinaryRow partition, int bucket, int totalBuckets,
            List<DataFileMeta> files, List<IndexFileMeta> deletionIndexFiles) {
        this(snapshotId, source, partition, bucket, totalBuckets, files, deletionIndexFiles, List.of(), List.of());
    }

    /** Where the rows of a change split come from. */
    public enum Source {
        /** The merged state of the snapshot (the live files), every row as +I: a stream's starting point. */
        FULL,
        /** The data files the snapshot added, each record with the row kind it was written with. */
        DELTA,
        /** The changelog files the snapshot added (a changelog producer wrote them), with their row kinds. */
        CHANGELOG,
        /**
         * The difference of the bucket between an older snapshot and this one, as Paimon's diff reads it: each
         * side merged on its own, a key whose merged value changed or appeared returned with the newer
         * value; rows of append tables are those of the newer side's files.
         */
        DIFF
    }
}
