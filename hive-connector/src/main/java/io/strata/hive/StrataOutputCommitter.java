package io.strata.hive;

import java.util.Map;
import org.apache.hadoop.mapred.JobContext;
import org.apache.hadoop.mapred.OutputCommitter;
import org.apache.hadoop.mapred.TaskAttemptContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job-level end of a Hive statement that writes Strata tables. Committing is not its job: the
 * statement commits once, in Hive's move step ({@link StatementCommit}), after the job. Its job is the
 * failure: when the job fails (a task failed for good, or the job was killed), the tasks that had finished
 * left their files and staged messages behind, and {@link #abortJob} deletes them. Tez runs it in the
 * application master for the vertex that writes, MapReduce for the job.
 */
public final class StrataOutputCommitter extends OutputCommitter {

    private static final Logger LOG = LoggerFactory.getLogger(StrataOutputCommitter.class);

    @Override
    public void setupJob(JobContext job) {
        // Nothing to prepare: each task stages its own file.
    }

    @Override
    public void setupTask(TaskAttemptContext task) {
        // Nothing to prepare.
    }

    /** Tasks stage what they wrote when their writer closes; there is no task commit to run. */
    @Override
    public boolean needsTaskCommit(TaskAttemptContext task) {
        return false;
    }

    @Override
    public void commitTask(TaskAttemptContext task) {
        // Never asked for: needsTaskCommit is false.
    }

    @Override
    public void abortTask(TaskAttemptContext task) {
        // A failed task's writer deletes its own files when Hive closes it as aborted.
    }

    /** The statement commits in Hive's move step, after the job: nothing to do here. */
    @Override
    public void commitJob(JobContext job) {
        // See StatementCommit.
    }

    /** Deletes what the finished tasks of the failed statement wrote to each table, and its staging. */
    @Override
    public void abortJob(JobContext job, int runState) {
        String queryId = job.getJobConf().get(StrataConf.HIVE_QUERY_ID);
        for (Map.Entry<String, String> table : StrataConf.writtenTables(job.getJobConf()).entrySet()) {
            try {
                StatementCommit.abort(job.getJobConf(), table.getKey(), table.getValue(), queryId);
            } catch (RuntimeException e) {
                // Best effort: what stays is unreferenced by any snapshot, so orphan-file removal finds it.
                LOG.warn("Cannot remove what the failed statement {} wrote to Hive table {} ({}): {}", queryId,
                        table.getKey(), table.getValue(), e.toString(), e);
            }
        }
    }
}
