package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import java.util.Objects;

/**
 * What one task wrote to one (partition, bucket), for the job's {@link TableCommit}: the data files it
 * flushed and the changelog written with them (the APPEND part), the files its compactions replaced and
 * produced, their changelog and the deletion-vector index changes (the COMPACT part). An engine only
 * ships messages ({@link CommitMessageCodec}) and hands them to the commit; the files are the commit's
 * business (held in {@link CommitMessageFiles}, which is not API).
 */
@PublicApi
public final class CommitMessage {

    private final BinaryRow partition;
    private final int bucket;
    private final int totalBuckets;
    private final CommitMessageFiles files;

    CommitMessage(BinaryRow partition, int bucket, int totalBuckets, CommitMessageFiles files) {
        this.partition = Objects.requireNonNull(partition, "partition");
        this.bucket = bucket;
        this.totalBuckets = totalBuckets;
        this.files = Objects.requireNonNull(files, "files");
    }

    /** The partition written (the empty row for an unpartitioned table). */
    public BinaryRow partition() {
        return partition;
    }

    /** The bucket written. */
    public int bucket() {
        return bucket;
    }

    /** The table's bucket count when the files were written. */
    public int totalBuckets() {
        return totalBuckets;
    }

    /** Whether the message names no file: its task had nothing to write or compact in the bucket. */
    public boolean isEmpty() {
        return files.isEmpty();
    }

    CommitMessageFiles files() {
        return files;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CommitMessage m && bucket == m.bucket && totalBuckets == m.totalBuckets
                && partition.equals(m.partition) && files.equals(m.files);
    }

    @Override
    public int hashCode() {
        return Objects.hash(partition, bucket, totalBuckets, files);
    }

    @Override
    public String toString() {
        return "CommitMessage{partition=" + partition + ", bucket=" + bucket + "/" + totalBuckets + ", " + files + "}";
    }
}
