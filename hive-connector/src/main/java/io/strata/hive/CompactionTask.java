package io.strata.hive;

import io.strata.jobs.CompactionJob;
import io.strata.table.Table;
import java.io.IOException;
import java.io.Serializable;
import java.util.Map;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.plan.api.StageType;

/**
 * The task of {@code ALTER TABLE t COMPACT} on a Strata table ({@link CompactStatementHook}): runs Strata's
 * compaction as a MapReduce job ({@link CompactionJob}) where the session's Hadoop configuration says (YARN, or
 * threads of this process in local mode) and commits one COMPACT snapshot before the statement returns.
 */
public final class CompactionTask extends Task<CompactionTask.Work> {

    private static final long serialVersionUID = 1L;

    /**
     * What to compact: the Strata table of a Hive table, optionally one partition (Hive's spec, values as the
     * statement gave them), fully ({@code 'major'}) or by the table's compaction policy ({@code 'minor'}).
     */
    public record Work(String hiveTable, String location, Map<String, String> partition, boolean policy)
            implements Serializable {}

    @Override
    public int execute() {
        Work work = getWork();
        try {
            Table table = StrataTables.load(conf, work.location(), work.hiveTable());
            CompactionJob job = CompactionJob.of(conf, table);
            if (work.partition() != null && !work.partition().isEmpty()) {
                job = job.partition(HivePartitions.strataSpec(table.schema(), work.partition()));
            }
            if (work.policy()) {
                job = job.policy();
            }
            CompactionJob.Result result = job.run();
            console.printInfo(result.snapshotId() < 0
                    ? String.format("Nothing to compact in Strata table %s (%d bucket(s), %d file(s))", work.hiveTable(),
                            result.bucketsSelected(), result.filesBefore())
                    : String.format("Compacted Strata table %s with MapReduce job %s (%d task(s)): %d of %d bucket(s)"
                            + " rewritten, %d file(s) -> %d; snapshot %d (COMPACT)", work.hiveTable(), result.jobId(),
                            result.tasks(), result.bucketsCompacted(), result.bucketsSelected(), result.filesBefore(),
                            result.filesAfter(), result.snapshotId()));
            return 0;
        } catch (IOException | RuntimeException e) {
            setException(new IOException("ALTER TABLE " + work.hiveTable() + " COMPACT failed: " + e.getMessage(), e));
            console.printError("ALTER TABLE " + work.hiveTable() + " COMPACT failed: " + e.getMessage());
            return 1;
        }
    }

    @Override
    public StageType getType() {
        return StageType.DDL;
    }

    @Override
    public String getName() {
        return "STRATA_COMPACTION";
    }
}
