package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import java.util.List;

/**
 * The unit of reading changes: files of one (partition, bucket) that one snapshot contributes to an
 * incremental or streaming read, and how their rows are read.
 *
 * @param snapshotId the snapshot the files belong to
 * @param source how the rows are read: the full state, the delta or the changelog of the snapshot
 * @param partition the partition row
 * @param bucket the bucket
 * @param totalBuckets the bucket count the files were written with
 * @param files the files to read
 * @param deletionIndexFiles deletion-vector index files ({@link Source#FULL} only; else empty)
 */
@PublicApi
public record ChangeSplit(
        long snapshotId,
        Source source,
        BinaryRow partition,
        int bucket,
        int totalBuckets,
        List<DataFileMeta> files,
        List<IndexFileMeta> deletionIndexFiles) {

    public ChangeSplit {
        files = List.copyOf(files);
        deletionIndexFiles = List.copyOf(deletionIndexFiles);
    }

    /** Where the rows of a change split come from. */
    public enum Source {
        /** The merged state of the snapshot (the live files), every row as +I: a stream's starting point. */
        FULL,
        /** The data files the snapshot added, each record with the row kind it was written with. */
        DELTA,
        /** The changelog files the snapshot added (a changelog producer wrote them), with their row kinds. */
        CHANGELOG
    }
}
