package io.strata.hive;

import io.strata.table.TablePaths;
import io.strata.fs.FileIO;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * Where the tasks of one Hive statement leave what they wrote until the statement commits: one file per
 * task under {@code <table>/.strata-staging/<query id>/}, holding the task's encoded commit messages. The
 * directory is hidden (a leading dot), so neither Strata, Paimon nor Hive take it for a partition, and it
 * is named by the query, so two statements writing one table never see each other's tasks.
 */
final class StagedCommits {

    private static final String SUFFIX = ".commit";
    /** Left by a commit whose outcome is unknown: the staged files may belong to a snapshot that landed. */
    private static final String OUTCOME_UNKNOWN = "COMMIT_OUTCOME_UNKNOWN";

    private final FileIO io;
    private final Path directory;

    StagedCommits(FileIO io, Path tableRoot, String queryId) {
        if (queryId == null || queryId.isBlank()) {
            throw new IllegalArgumentException("A Hive write of the Strata table at " + tableRoot
                    + " needs the statement's query id (hive.query.id), and the job has none");
        }
        this.io = io;
        this.directory = new Path(new Path(tableRoot, TablePaths.STAGING_DIRECTORY), queryId);
    }

    Path directory() {
        return directory;
    }

    /**
     * Records what task {@code taskId} wrote, replacing what an earlier attempt of the same task recorded
     * (only one attempt of a task counts, as only one is committed by Hive).
     */
    void stage(String taskId, byte[] messages) throws IOException {
        io.mkdirs(directory);
        io.overwriteAtomic(new Path(directory, "task-" + taskId + SUFFIX), messages);
    }

    /**
     * What every task of the statement staged, all tasks together; fails naming the file if one cannot be
     * decoded.
     */
    List<CommitMessage> messages() throws IOException {
        List<CommitMessage> all = new ArrayList<>();
        if (!io.exists(directory)) {
            return all;
        }
        for (FileStatus f : io.list(directory)) {
            if (f.getPath().getName().endsWith(SUFFIX)) {
                try {
                    all.addAll(CommitMessageCodec.decode(io.readFully(f.getPath())));
                } catch (IllegalArgumentException e) {
                    throw new IOException("Cannot read the staged commit messages in " + f.getPath() + ": "
                            + e.getMessage(), e);
                }
            }
        }
        return all;
    }

    /**
     * Marks the statement's commit as one whose outcome is unknown: its files must stay until someone checks
     * whether the snapshot landed, so {@link #outcomeUnknown()} keeps a later cleanup from deleting them.
     */
    void markOutcomeUnknown() {
        try {
            io.mkdirs(directory);
            io.overwriteAtomic(new Path(directory, OUTCOME_UNKNOWN), new byte[0]);
        } catch (IOException e) {
            // Best effort: the statement fails saying the outcome is unknown either way.
        }
    }

    /** Whether the statement's commit was attempted and its outcome is unknown ({@link #markOutcomeUnknown()}). */
    boolean outcomeUnknown() throws IOException {
        return io.exists(new Path(directory, OUTCOME_UNKNOWN));
    }

    /** Removes the statement's directory (and the staging root, once no statement uses it). */
    void remove() {
        try {
            io.delete(directory, true);
            Path root = directory.getParent();
            if (io.exists(root) && io.list(root).length == 0) {
                io.delete(root, false);
            }
        } catch (IOException e) {
            // Best effort: the commit is decided; a leftover directory holds nothing a snapshot references.
        }
    }
}
