package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import java.util.List;

/**
 * The unit of reading: the live files of one (partition, bucket) as of ONE snapshot, plus the deletion
 * vector index files that apply to them.
 *
 * @param snapshotId the snapshot all files were planned from
 * @param partition the partition row
 * @param bucket the bucket
 * @param totalBuckets the bucket count the files were written with
 * @param files the data files to read
 * @param deletionIndexFiles deletion-vector index files of this bucket (empty if none)
 */
@PublicApi
public record Split(
        long snapshotId,
        BinaryRow partition,
        int bucket,
        int totalBuckets,
        List<DataFileMeta> files,
        List<IndexFileMeta> deletionIndexFiles) {

    public Split {
        files = List.copyOf(files);
        deletionIndexFiles = List.copyOf(deletionIndexFiles);
    }

    /** The sum of the files' row counts (deleted rows and older versions included). */
    public long rowCount() {
        long n = 0;
        for (DataFileMeta f : files) {
            n += f.rowCount();
        }
        return n;
    }
}
