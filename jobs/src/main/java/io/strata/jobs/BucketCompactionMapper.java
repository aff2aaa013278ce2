package io.strata.jobs;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageCodec;
import io.strata.table.Split;
import io.strata.table.SplitCodec;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import io.strata.table.TableCompaction;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A map task of a compaction job: compacts each bucket of its group with the core's own compaction (the same
 * code as {@code strata compact}), commits nothing, and when every bucket is done leaves the commit messages in
 * the job's messages directory, under its task's name, for the driver's one commit. A task that fails removes
 * the files it wrote before failing, so that Hadoop's retry of it starts clean.
 */
public final class BucketCompactionMapper extends Mapper<IntWritable, BytesWritable, NullWritable, NullWritable> {

    private static final Logger LOG = LoggerFactory.getLogger(BucketCompactionMapper.class);

    /** How many buckets a task compacted (rewrote) and left as they were. */
    public enum Buckets { COMPACTED, UNCHANGED }

    private Table table;
    private TableCompaction compaction;
    private final List<CommitMessage> messages = new ArrayList<>();

    @Override
    protected void setup(Context context) {
        Configuration conf = context.getConfiguration();
        table = Tables.load(new FileIO(conf), MaintenanceJobConf.table(conf));
        compaction = MaintenanceJobConf.compaction(conf, table);
    }

    @Override
    protected void map(IntWritable position, BytesWritable encoded, Context context) {
        Split bucket = SplitCodec.decode(encoded.copyBytes());
        CommitMessage message = compaction.compact(bucket);
        if (message.isEmpty()) {
            context.getCounter(Buckets.UNCHANGED).increment(1);
        } else {
            messages.add(message);
            context.getCounter(Buckets.COMPACTED).increment(1);
        }
        context.progress();
    }

    @Override
    public void run(Context context) throws IOException, InterruptedException {
        try {
            super.run(context);
            leaveMessages(context);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            if (table != null && !messages.isEmpty()) {
                LOG.warn("Compaction task {} of table {} failed: removing the files of the {} bucket(s) it compacted",
                        context.getTaskAttemptID(), table.location(), messages.size());
                try (TableCommit commit = table.newCommit("strata-compaction-abort")) {
                    commit.abort(messages);
                }
            }
            throw e;
        }
    }

    /** The task's messages, written whole under a temporary name, then renamed to the task's name. */
    private void leaveMessages(Context context) throws IOException {
        Configuration conf = context.getConfiguration();
        Path dir = MaintenanceJobConf.messages(conf);
        FileSystem fs = dir.getFileSystem(conf);
        String task = context.getTaskAttemptID().getTaskID().toString();
        Path temporary = new Path(dir, "." + context.getTaskAttemptID() + ".tmp");
        try (FSDataOutputStream out = fs.create(temporary, true)) {
            out.write(CommitMessageCodec.encode(messages));
        }
        Path target = new Path(dir, task);
        if (fs.exists(target)) {
            // An earlier attempt of this task finished, then was failed (a lost heartbeat): its files go.
            List<CommitMessage> earlier = CompactionJob.readMessages(fs, target);
            try (TableCommit commit = table.newCommit("strata-compaction-abort")) {
                commit.abort(earlier);
            }
            fs.delete(target, false);
        }
        if (!fs.rename(temporary, target)) {
            throw new IOException("Cannot rename " + temporary + " to " + target);
        }
    }
}
