package io.strata.table;

import io.strata.data.BinaryRow;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import java.util.List;

/**
 * The files of a {@link CommitMessage}: not API (public only for the writer and the commit in
 * {@code table.write}, which make and read messages). The APPEND part: the data files a task flushed and
 * the changelog written with them; the COMPACT part: the files its compactions replaced and produced (or
 * moved up a level), their changelog, and the deletion-vector index files added and replaced.
 */
public record CommitMessageFiles(List<DataFileMeta> newFiles, List<DataFileMeta> changelogFiles,
        List<DataFileMeta> compactBefore, List<DataFileMeta> compactAfter, List<DataFileMeta> compactChangelog,
        List<IndexFileMeta> newIndexFiles, List<IndexFileMeta> deletedIndexFiles) {

    public CommitMessageFiles {
        newFiles = List.copyOf(newFiles);
        changelogFiles = List.copyOf(changelogFiles);
        compactBefore = List.copyOf(compactBefore);
        compactAfter = List.copyOf(compactAfter);
        compactChangelog = List.copyOf(compactChangelog);
        newIndexFiles = List.copyOf(newIndexFiles);
        deletedIndexFiles = List.copyOf(deletedIndexFiles);
    }

    /** The files of a message. */
    public static CommitMessageFiles of(CommitMessage message) {
        return message.files();
    }

    /** The message of these files for one (partition, bucket). */
    public CommitMessage toMessage(BinaryRow partition, int bucket, int totalBuckets) {
        return new CommitMessage(partition, bucket, totalBuckets, this);
    }

    /** Whether there is nothing to commit. */
    public boolean isEmpty() {
        return newFiles.isEmpty() && changelogFiles.isEmpty() && compactBefore.isEmpty() && compactAfter.isEmpty()
                && compactChangelog.isEmpty() && newIndexFiles.isEmpty() && deletedIndexFiles.isEmpty();
    }

    @Override
    public String toString() {
        return "new=" + newFiles.size() + ", changelog=" + changelogFiles.size() + ", compactBefore="
                + compactBefore.size() + ", compactAfter=" + compactAfter.size() + ", compactChangelog="
                + compactChangelog.size() + ", newIndex=" + newIndexFiles.size() + ", deletedIndex="
                + deletedIndexFiles.size();
    }
}
