package io.strata.hive;

import io.strata.hive.write.StrataWriteRow;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageCodec;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import io.strata.table.TableWrite;
import java.io.IOException;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.TaskAttemptID;

/**
 * One task's writer of one Strata table: rows go through a core {@link TableWrite} (routed to partition and
 * bucket as every Strata write routes them) into data files; when the task ends well, what it wrote is
 * staged for the statement's commit ({@link StagedCommits}); when it fails, its files are deleted. Nothing
 * becomes visible before the statement commits.
 */
final class StrataRecordWriter implements FileSinkOperator.RecordWriter {

    private final String hiveTable;
    private final Table table;
    private final TableWrite write;
    private final StagedCommits staged;
    private final String taskId;
    private boolean closed;

    private StrataRecordWriter(String hiveTable, Table table, StagedCommits staged, String taskId, boolean overwrite) {
        this.hiveTable = hiveTable;
        this.table = table;
        this.staged = staged;
        this.taskId = taskId;
        this.write = overwrite ? table.newOverwriteWrite() : table.newTableWrite();
    }

    static StrataRecordWriter open(JobConf conf, Properties tableProperties) {
        String hiveTable = tableProperties.getProperty(hive_metastoreConstants.META_TABLE_NAME, "(unnamed)");
        Table table = StrataTables.load(conf, StrataConf.location(tableProperties), hiveTable);
        StagedCommits staged = new StagedCommits(table.fileIO(), table.location(),
                conf.get(StrataConf.HIVE_QUERY_ID));
        boolean overwrite = "true".equals(tableProperties.getProperty(StrataConf.WRITE_OVERWRITE));
        return new StrataRecordWriter(hiveTable, table, staged, taskId(conf), overwrite);
    }

    /** The task (not the attempt): a retried attempt replaces what an earlier one staged. */
    private static String taskId(JobConf conf) {
        String attempt = conf.get(StrataConf.TASK_ATTEMPT_ID);
        if (attempt == null || attempt.isBlank()) {
            return UUID.randomUUID().toString();
        }
        try {
            return TaskAttemptID.forName(attempt).getTaskID().toString();
        } catch (IllegalArgumentException e) {
            return attempt;
        }
    }

    @Override
    public void write(Writable row) throws IOException {
        if (!(row instanceof StrataWriteRow strataRow)) {
            throw new IOException("Hive table " + hiveTable + " handed the Strata writer a "
                    + (row == null ? "null" : row.getClass().getName()) + ", not a row of its SerDe");
        }
        try {
            write.write(strataRow.row());
        } catch (IllegalArgumentException e) {
            throw new IOException("Cannot write a row to Hive table " + hiveTable + " (" + table.location() + "): "
                    + e.getMessage(), e);
        }
    }

    /**
     * Ends the task's write. Without {@code abort}: flushes every bucket and stages what was written for
     * the statement's commit. With it (the task failed): deletes every file this task wrote.
     */
    @Override
    public void close(boolean abort) throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!abort) {
                List<CommitMessage> messages = write.prepareCommit();
                try {
                    staged.stage(taskId, CommitMessageCodec.encode(messages));
                } catch (IOException | RuntimeException e) {
                    // Handed out but not staged: no commit will ever name these files.
                    try (TableCommit discard = table.newCommit(taskId)) {
                        discard.abort(messages);
                    }
                    throw new IOException("Cannot stage what task " + taskId + " wrote to Hive table " + hiveTable
                            + " in " + staged.directory() + ": " + e.getMessage(), e);
                }
            }
        } finally {
            write.close();
        }
    }
}
