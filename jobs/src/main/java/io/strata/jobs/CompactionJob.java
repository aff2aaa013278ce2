package io.strata.jobs;

import io.strata.table.CommitMessage;
import io.strata.table.CommitMessageCodec;
import io.strata.table.Split;
import io.strata.table.SplitCodec;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import io.strata.table.TableCompaction;
import io.strata.table.TablePaths;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A compaction of a table run as a Hadoop MapReduce job, for tables with more buckets than one process
 * compacts in good time. The driver (this class) picks the buckets from the latest snapshot, as
 * {@link TableCompaction} would, and spreads them over map tasks by size; each task compacts its buckets with
 * the core's own compaction and commits nothing ({@link BucketCompactionMapper}); when every task succeeded
 * the driver commits all their messages as ONE COMPACT snapshot, with the core's commit protocol (conflict
 * checks: a bucket another writer changed meanwhile fails the commit, and the job's files are removed). Hadoop
 * retries a failed task (which first removes what it wrote); a job that fails commits nothing, and the files
 * of its finished tasks are removed. Immutable: each refinement returns a new job.
 *
 * <p>Where the job runs is the Hadoop configuration's business: {@code mapreduce.framework.name=local} runs the
 * tasks as threads of this process ({@code mapreduce.local.map.tasks.maximum} at a time), {@code yarn} on the
 * cluster, whose tasks need the Strata jars ({@code tmpjars}, as {@code -libjars} sets it).
 *
 * <pre>{@code
 * CompactionJob.Result r = CompactionJob.of(conf, table).partition(Map.of("dt", "2026-12-01")).tasks(16).run();
 * }</pre>
 */
public final class CompactionJob {

    private static final Logger LOG = LoggerFactory.getLogger(CompactionJob.class);

    /**
     * Where the job keeps its task inputs and messages while it runs, on a file system the tasks reach; by
     * default the table's staging directory ({@link TablePaths#STAGING_DIRECTORY}).
     */
    public static final String STAGING_DIR = "strata.compaction.staging-dir";

    /**
     * What a job did.
     *
     * @param snapshotId the COMPACT snapshot, or -1 if no bucket needed compacting
     * @param bucketsSelected the buckets with files that the scope selected
     * @param bucketsCompacted those whose files changed
     * @param filesBefore the files of the selected buckets before
     * @param filesAfter the files of the selected buckets after
     * @param tasks the map tasks the job ran (0 when there was nothing to select)
     * @param jobId Hadoop's id of the job, or null when none ran
     */
    public record Result(long snapshotId, int bucketsSelected, int bucketsCompacted, int filesBefore, int filesAfter,
            int tasks, String jobId) {}

    private final Configuration conf;
    private final Table table;
    private final Map<String, String> partition;
    private final Integer bucket;
    private final boolean policy;
    private final int maxTasks;

    private CompactionJob(Configuration conf, Table table, Map<String, String> partition, Integer bucket,
            boolean policy, int maxTasks) {
        this.conf = conf;
        this.table = table;
        this.partition = partition;
        this.bucket = bucket;
        this.policy = policy;
        this.maxTasks = maxTasks;
    }

    /** A full compaction of every bucket of {@code table}, with the job settings of {@code conf}. */
    public static CompactionJob of(Configuration conf, Table table) {
        return new CompactionJob(new Configuration(Objects.requireNonNull(conf, "conf")),
                Objects.requireNonNull(table, "table"), Map.of(), null, false, 100);
    }

    /** Only the partitions matching {@code spec}, as {@link TableCompaction#partition}. */
    public CompactionJob partition(Map<String, String> spec) {
        table.newCompaction().partition(spec); // checks the keys now, naming a wrong one (as the others do)
        return new CompactionJob(conf, table, Map.copyOf(spec), bucket, policy, maxTasks);
    }

    /** Only this bucket of each selected partition, as {@link TableCompaction#bucket}. */
    public CompactionJob bucket(int number) {
        table.newCompaction().bucket(number);
        return new CompactionJob(conf, table, partition, number, policy, maxTasks);
    }

    /** One pick of the table's compaction policy per bucket, as {@link TableCompaction#policy}. */
    public CompactionJob policy() {
        table.newCompaction().policy();
        return new CompactionJob(conf, table, partition, bucket, true, maxTasks);
    }

    /** At most this many map tasks (default 100); buckets are shared among them by size. */
    public CompactionJob tasks(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("A compaction job needs at least one task, got " + max);
        }
        return new CompactionJob(conf, table, partition, bucket, policy, max);
    }

    /**
     * Runs the job and commits its result.
     *
     * @throws IOException the job failed (nothing was committed and its files were removed), or its staging
     *     directory could not be written
     * @throws io.strata.table.CommitFailedException the commit failed (the job's files were removed)
     * @throws io.strata.table.CommitStateUnknownException the COMPACT snapshot may have landed
     * @throws io.strata.table.CommitCallbackException it landed and a commit callback failed
     */
    public Result run() throws IOException {
        TableCompaction compaction = MaintenanceJobConf.compaction(table, partition, bucket, policy);
        // Rows waiting in a postpone-bucket table's bucket-postpone go to their buckets first, in the driver: one
        // replay per partition in file order, which tasks could not split.
        long moved = compaction.movePostponed();
        List<Split> buckets = compaction.bucketsToCompact();
        if (buckets.isEmpty()) {
            return new Result(moved, 0, 0, 0, 0, 0, null);
        }
        int filesBefore = buckets.stream().mapToInt(s -> s.files().size()).sum();
        // By default in the table's staging directory: on the table's file system, which the tasks reach, and
        // cleaned by orphan-file removal if the driver is killed before it deletes it.
        Path staging = MaintenanceJobConf.stagingDirectory(conf, STAGING_DIR, table, "compaction");
        FileSystem fs = staging.getFileSystem(conf);
        Path messagesDir = new Path(staging, "messages");
        Job job = null;
        try {
            List<List<Split>> groups = groups(buckets, maxTasks);
            Path input = new Path(staging, "input");
            for (int i = 0; i < groups.size(); i++) {
                writeGroup(fs, new Path(input, String.format("group-%05d", i)), groups.get(i));
            }
            fs.mkdirs(messagesDir);
            job = Job.getInstance(conf, "strata compaction of " + table.location());
            MaintenanceJobConf.pollQuickly(job.getConfiguration());
            MaintenanceJobConf.write(job.getConfiguration(), table, partition, bucket, policy, messagesDir);
            job.setJarByClass(CompactionJob.class);
            job.setInputFormatClass(GroupInputFormat.class);
            FileInputFormat.addInputPath(job, input);
            job.setMapperClass(BucketCompactionMapper.class);
            job.setNumReduceTasks(0);
            job.setOutputFormatClass(NullOutputFormat.class);
            // Two attempts of one task would each write the bucket's new files: one set would be orphans.
            job.setMapSpeculativeExecution(false);
            boolean succeeded = job.waitForCompletion(false);
            String jobId = String.valueOf(job.getJobID());
            List<CommitMessage> messages = readAll(fs, messagesDir);
            if (!succeeded) {
                abort(messages);
                throw new IOException("Compaction job " + jobId + " of table " + table.location() + " failed ("
                        + job.getStatus().getFailureInfo() + "): nothing was committed, and the files of its "
                        + messages.size() + " compacted bucket(s) were removed");
            }
            long snapshot = moved;
            int filesAfter = filesBefore;
            if (!messages.isEmpty()) {
                try (TableCommit commit = table.newCommit("strata-compaction-" + jobId)) {
                    snapshot = commit.commit(messages);
                }
                // The selected buckets as the COMPACT snapshot (or a later one) holds them.
                filesAfter = MaintenanceJobConf.compaction(table, partition, bucket, policy).bucketsToCompact().stream()
                        .mapToInt(s -> s.files().size()).sum();
            }
            LOG.info("Compaction job {} of table {}: {} task(s), {} of {} bucket(s) compacted, snapshot {}", jobId,
                    table.location(), groups.size(), messages.size(), buckets.size(), snapshot);
            return new Result(snapshot, buckets.size(), messages.size(), filesBefore, filesAfter, groups.size(), jobId);
        } catch (ClassNotFoundException e) {
            throw new IOException("The compaction job of table " + table.location() + " could not load a class: "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            // The tasks may still run (on a cluster they do): stop them, and remove what the finished ones wrote.
            try {
                if (job != null) {
                    job.killJob();
                }
                abort(readAll(fs, messagesDir));
            } catch (IOException | RuntimeException cleanup) {
                e.addSuppressed(cleanup);
                LOG.warn("Stopping the interrupted compaction job of table {} failed: orphan-file removal will find"
                        + " what its tasks wrote", table.location(), cleanup);
            }
            InterruptedIOException interrupted = new InterruptedIOException("Interrupted while waiting for the"
                    + " compaction job of table " + table.location() + ": nothing was committed");
            interrupted.initCause(e);
            throw interrupted;
        } finally {
            fs.delete(staging, true);
        }
    }

    /** The buckets shared among at most {@code tasks} groups, the largest first, each to the smallest group yet. */
    static List<List<Split>> groups(List<Split> buckets, int tasks) {
        int count = Math.min(tasks, buckets.size());
        List<List<Split>> groups = new ArrayList<>();
        long[] sizes = new long[count];
        for (int i = 0; i < count; i++) {
            groups.add(new ArrayList<>());
        }
        List<Split> bySize = new ArrayList<>(buckets);
        bySize.sort(Comparator.comparingLong(CompactionJob::bytes).reversed());
        for (Split split : bySize) {
            int smallest = 0;
            for (int i = 1; i < count; i++) {
                if (sizes[i] < sizes[smallest]) {
                    smallest = i;
                }
            }
            groups.get(smallest).add(split);
            sizes[smallest] += bytes(split);
        }
        return groups;
    }

    private static long bytes(Split split) {
        return split.files().stream().mapToLong(f -> f.fileSize()).sum();
    }

    private static void writeGroup(FileSystem fs, Path file, List<Split> group) throws IOException {
        GroupInputFormat.write(fs, file, group.stream().map(SplitCodec::encode).toList());
    }

    /** The messages every finished task left (one file per task; temporary files of unfinished ones are skipped). */
    private static List<CommitMessage> readAll(FileSystem fs, Path dir) throws IOException {
        List<CommitMessage> messages = new ArrayList<>();
        for (FileStatus file : fs.listStatus(dir)) {
            if (file.isFile() && !file.getPath().getName().startsWith(".")) {
                messages.addAll(readMessages(fs, file.getPath()));
            }
        }
        return messages;
    }

    static List<CommitMessage> readMessages(FileSystem fs, Path file) throws IOException {
        FileStatus status = fs.getFileStatus(file);
        byte[] bytes = new byte[(int) status.getLen()];
        try (FSDataInputStream in = fs.open(file)) {
            IOUtils.readFully(in, bytes, 0, bytes.length);
        }
        return CommitMessageCodec.decode(bytes);
    }

    private void abort(List<CommitMessage> messages) {
        if (messages.isEmpty()) {
            return;
        }
        try (TableCommit commit = table.newCommit("strata-compaction-abort")) {
            commit.abort(messages);
        }
    }
}
