package io.strata.hive;

import io.strata.data.GenericRow;
import io.strata.hive.write.PartitionValues;
import io.strata.hive.write.StrataWriteRow;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageCodec;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import io.strata.table.TableWrite;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.Context;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.security.authorization.HiveCustomStorageHandlerUtils;
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
    /** The rows this writer gets are rows to delete (a DELETE, or the delete half of an UPDATE or MERGE). */
    private final boolean deletes;
    /**
     * For a table partitioned in the metastore: the partition columns' values (by table position) of the one
     * partition this writer writes, which Hive keeps out of the rows; empty otherwise.
     */
    private final Map<Integer, Object> partition;
    /**
     * For a table partitioned in the metastore written with dynamic partitions: what reads their values from
     * the rows (Hive opens such writers on the table's own path), and the table positions of those columns;
     * null and empty otherwise.
     */
    private final PartitionValues partitionValues;
    private final List<Integer> dynamicPartitions;
    private boolean closed;

    private StrataRecordWriter(String hiveTable, Table table, StagedCommits staged, String taskId, TableWrite write,
            boolean deletes, Map<Integer, Object> partition, PartitionValues partitionValues,
            List<Integer> dynamicPartitions) {
        this.hiveTable = hiveTable;
        this.table = table;
        this.staged = staged;
        this.taskId = taskId;
        this.deletes = deletes;
        this.write = write;
        this.partition = partition;
        this.partitionValues = partitionValues;
        this.dynamicPartitions = dynamicPartitions;
    }

    /**
     * The writer of one file sink of a task. {@code sinkPath} is the sink's output path in Hive's plan: a
     * statement with several sinks into one table (the insert and delete halves of an UPDATE or MERGE) may
     * run them in one task, and each stages what it wrote under its own name.
     */
    static StrataRecordWriter open(JobConf conf, Properties tableProperties, Path sinkPath) {
        String hiveTable = tableProperties.getProperty(hive_metastoreConstants.META_TABLE_NAME, "(unnamed)");
        Table table = StrataTables.load(conf, StrataConf.location(tableProperties), hiveTable);
        StagedCommits staged = new StagedCommits(table.fileIO(), table.location(),
                conf.get(StrataConf.HIVE_QUERY_ID));
        boolean overwrite = "true".equals(tableProperties.getProperty(StrataConf.WRITE_OVERWRITE));
        boolean deletes = HiveCustomStorageHandlerUtils.getWriteOperation(conf::get, hiveTable) == Context.Operation.DELETE;
        String sink = sinkPath == null || sinkPath.getParent() == null ? "0"
                : Integer.toHexString(sinkPath.getParent().toString().hashCode());
        // An UPDATE or MERGE writes each bucket from two tasks (its delete half and its insert half): neither
        // compacts (on tables whose reads need level 0 empty the commit compacts once), and the inserts replace
        // the rows the delete half deletes (core's replacing write).
        boolean rowLevel = "true".equals(tableProperties.getProperty(StrataConf.WRITE_REPLACING));
        boolean uniqueKeys = "true".equals(tableProperties.getProperty(StrataConf.WRITE_UNIQUE_KEYS));
        TableWrite write = overwrite ? table.newOverwriteWrite()
                : uniqueKeys ? table.newUniqueKeyWrite("MERGE into Hive table " + hiveTable + " changed nothing"
                        + " (hive.merge.cardinality.check): two source rows have the primary key")
                : !rowLevel ? table.newTableWrite()
                : deletes ? table.newUncompactedWrite() : table.newUncompactedReplacingWrite();
        // A table partitioned in the metastore: Hive writes one partition per writer, named in the sink's path.
        // With dynamic partitions, Hive opens every partition's writer on the table's own path (a non-native
        // table's) and leaves the values in the rows, after the columns the SerDe is shown.
        Map<Integer, Object> partition = Map.of();
        PartitionValues partitionValues = null;
        List<Integer> dynamicPartitions = List.of();
        String metastorePartitions = tableProperties.getProperty(hive_metastoreConstants.META_TABLE_PARTITION_COLUMNS);
        if (metastorePartitions != null && !metastorePartitions.isBlank()) {
            try {
                partitionValues = new PartitionValues(table.schema().rowType(), table.schema().partitionKeys(),
                        StrataConf.hiveDefaultPartitionName(conf), hiveTable);
                partition = partitionValues.named(sinkPath);
                dynamicPartitions = partitionValues.dynamic(partition);
            } catch (IllegalArgumentException e) {
                write.close();
                throw e;
            }
        }
        return new StrataRecordWriter(hiveTable, table, staged, taskId(conf) + "-" + sink, write, deletes, partition,
                partitionValues, dynamicPartitions);
    }

    /**
     * The task (not the attempt): a retried attempt replaces what an earlier one staged. On Tez the task id
     * Hive derives for Hadoop's sake ({@code mapred.task.id}) names neither the DAG's vertex nor the DAG, so two
     * vertices of one statement (the two halves of an UPDATE) would share it: the vertex name is added.
     */
    private static String taskId(JobConf conf) {
        String attempt = conf.get(StrataConf.TASK_ATTEMPT_ID);
        if (attempt == null || attempt.isBlank()) {
            return UUID.randomUUID().toString();
        }
        String task;
        try {
            task = TaskAttemptID.forName(attempt).getTaskID().toString();
        } catch (IllegalArgumentException e) {
            task = attempt;
        }
        String vertex = conf.get(StrataConf.TEZ_VERTEX_NAME);
        return vertex == null || vertex.isBlank() ? task : vertex.replaceAll("[^A-Za-z0-9]+", "") + "-" + task;
    }

    private static String partitionsHash(List<CommitMessage> messages) {
        TreeSet<String> partitions = new TreeSet<>();
        for (CommitMessage message : messages) {
            partitions.add(HexFormat.of().formatHex(message.partition().toBytes()));
        }
        return Integer.toHexString(partitions.hashCode());
    }

    @Override
    public void write(Writable row) throws IOException {
        if (!(row instanceof StrataWriteRow strataRow)) {
            throw new IOException("Hive table " + hiveTable + " handed the Strata writer a "
                    + (row == null ? "null" : row.getClass().getName()) + ", not a row of its SerDe");
        }
        try {
            GenericRow converted = strataRow.row();
            partition.forEach(converted::set);
            if (!dynamicPartitions.isEmpty()) {
                partitionValues.fillDynamic(converted, dynamicPartitions, strataRow.hiveRow(), strataRow.dynamicValues());
            }
            if (deletes) {
                write.delete(converted);
            } else {
                write.write(converted);
            }
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
                // A task opens one writer per dynamic partition, all on the same path: each stages under a name
                // of its own, from the partitions it wrote (a retried attempt writes the same ones, and replaces).
                String stagedName = dynamicPartitions.isEmpty() ? taskId : taskId + "-" + partitionsHash(messages);
                try {
                    staged.stage(stagedName, CommitMessageCodec.encode(messages));
                } catch (IOException | RuntimeException e) {
                    // Handed out but not staged: no commit will ever name these files.
                    try (TableCommit discard = table.newCommit(stagedName)) {
                        discard.abort(messages);
                    }
                    throw new IOException("Cannot stage what task " + stagedName + " wrote to Hive table " + hiveTable
                            + " in " + staged.directory() + ": " + e.getMessage(), e);
                }
            }
        } finally {
            write.close();
        }
    }
}
