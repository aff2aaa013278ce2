package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import java.util.List;
import java.util.Objects;

/**
 * What one task wrote to one (partition, bucket), for the job's {@link TableCommit}: the data files it
 * flushed and the changelog written with them (the APPEND part), the files its compactions replaced and
 * produced and their changelog, and the deletion-vector index files they added and replaced (the
 * COMPACT part). An engine only ships messages ({@link CommitMessageCodec}) and hands them back; the
 * file lists are for the commit.
 */
@PublicApi
public final class CommitMessage {

    private final BinaryRow partition;
    private final int bucket;
    private final int totalBuckets;
    private final List<DataFileMeta> newFiles;
    private final List<DataFileMeta> changelogFiles;
    private final List<DataFileMeta> compactBefore;
    private final List<DataFileMeta> compactAfter;
    private final List<DataFileMeta> compactChangelog;
    private final List<IndexFileMeta> newIndexFiles;
    private final List<IndexFileMeta> deletedIndexFiles;

    /** A message; made by a {@link TableWrite} or decoded, not by engines. */
    public CommitMessage(BinaryRow partition, int bucket, int totalBuckets, List<DataFileMeta> newFiles,
            List<DataFileMeta> changelogFiles, List<DataFileMeta> compactBefore, List<DataFileMeta> compactAfter,
            List<DataFileMeta> compactChangelog, List<IndexFileMeta> newIndexFiles,
            List<IndexFileMeta> deletedIndexFiles) {
        this.partition = Objects.requireNonNull(partition, "partition");
        this.bucket = bucket;
        this.totalBuckets = totalBuckets;
        this.newFiles = List.copyOf(newFiles);
        this.changelogFiles = List.copyOf(changelogFiles);
        this.compactBefore = List.copyOf(compactBefore);
        this.compactAfter = List.copyOf(compactAfter);
        this.compactChangelog = List.copyOf(compactChangelog);
        this.newIndexFiles = List.copyOf(newIndexFiles);
        this.deletedIndexFiles = List.copyOf(deletedIndexFiles);
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

    /** Data files flushed: added by the APPEND snapshot. */
    public List<DataFileMeta> newFiles() {
        return newFiles;
    }

    /** Changelog files written with the flushed files ({@code changelog-producer=input}). */
    public List<DataFileMeta> changelogFiles() {
        return changelogFiles;
    }

    /** Files the task's compactions replaced: deleted by the COMPACT snapshot. */
    public List<DataFileMeta> compactBefore() {
        return compactBefore;
    }

    /** Files the task's compactions produced (or moved up a level): added by the COMPACT snapshot. */
    public List<DataFileMeta> compactAfter() {
        return compactAfter;
    }

    /** Changelog files the compactions wrote. */
    public List<DataFileMeta> compactChangelog() {
        return compactChangelog;
    }

    /** Deletion-vector index files the compactions wrote. */
    public List<IndexFileMeta> newIndexFiles() {
        return newIndexFiles;
    }

    /** Deletion-vector index files the new ones replace. */
    public List<IndexFileMeta> deletedIndexFiles() {
        return deletedIndexFiles;
    }

    /** Whether the message holds nothing to commit. */
    public boolean isEmpty() {
        return newFiles.isEmpty() && changelogFiles.isEmpty() && compactBefore.isEmpty() && compactAfter.isEmpty()
                && compactChangelog.isEmpty() && newIndexFiles.isEmpty() && deletedIndexFiles.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CommitMessage m && bucket == m.bucket && totalBuckets == m.totalBuckets
                && partition.equals(m.partition) && newFiles.equals(m.newFiles)
                && changelogFiles.equals(m.changelogFiles) && compactBefore.equals(m.compactBefore)
                && compactAfter.equals(m.compactAfter) && compactChangelog.equals(m.compactChangelog)
                && newIndexFiles.equals(m.newIndexFiles) && deletedIndexFiles.equals(m.deletedIndexFiles);
    }

    @Override
    public int hashCode() {
        return Objects.hash(partition, bucket, totalBuckets, newFiles, compactAfter);
    }

    @Override
    public String toString() {
        return "CommitMessage{partition=" + partition + ", bucket=" + bucket + "/" + totalBuckets + ", new="
                + newFiles.size() + ", changelog=" + changelogFiles.size() + ", compactBefore=" + compactBefore.size()
                + ", compactAfter=" + compactAfter.size() + ", compactChangelog=" + compactChangelog.size()
                + ", newIndex=" + newIndexFiles.size() + ", deletedIndex=" + deletedIndexFiles.size() + "}";
    }
}
