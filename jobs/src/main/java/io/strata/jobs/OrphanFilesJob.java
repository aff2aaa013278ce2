package io.strata.jobs;

import io.strata.table.OrphanFileSearch;
import io.strata.table.RemoveOrphanFiles;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orphan-file removal run as a Hadoop MapReduce job, for tables with more files than one process searches in
 * good time. It runs the steps of {@link OrphanFileSearch} (the same code as {@link RemoveOrphanFiles#execute()}),
 * spread over tasks: the driver (this class) reads what the snapshots, tags, changelogs and branches reference
 * down to the manifests, and lists the directories to search; <em>listing</em> map tasks list the directories'
 * candidate files, <em>reading</em> map tasks read the manifests' data file names, and the reduce tasks join the
 * two by file name, deleting each candidate nothing references ({@link OrphanFileReducer}). No process holds all
 * the table's file names. Immutable: each refinement returns a new job.
 *
 * <p>Deleting orphans changes no snapshot, so the job commits nothing: a task that fails is retried (deleting
 * again is harmless), a job that fails leaves the orphans its finished tasks deleted deleted, and nothing else.
 * Where it runs is the Hadoop configuration's business, as for {@link CompactionJob}.
 *
 * <pre>{@code
 * OrphanFilesJob.Result r = OrphanFilesJob.of(conf, table).olderThan(Instant.now().minus(Duration.ofDays(3))).run();
 * }</pre>
 */
public final class OrphanFilesJob {

    private static final Logger LOG = LoggerFactory.getLogger(OrphanFilesJob.class);

    /**
     * Where the job keeps its task inputs, the references and its output while it runs, on a file system the
     * tasks reach; by default the table's staging directory ({@link TablePaths#STAGING_DIRECTORY}).
     */
    public static final String STAGING_DIR = "strata.orphan-files.staging-dir";

    /**
     * What a job found.
     *
     * @param orphans the orphan files, sorted: deleted ones, or with {@link #dryRun()} the ones it would delete
     * @param deleted whether they were deleted
     * @param directories the directories listed
     * @param manifests the manifests read
     * @param tasks the map tasks (listing and reading) the job ran
     * @param jobId Hadoop's id of the job
     */
    public record Result(List<Path> orphans, boolean deleted, int directories, int manifests, int tasks,
            String jobId) {

        public Result {
            orphans = List.copyOf(orphans);
        }
    }

    private final Configuration conf;
    private final Table table;
    private final RemoveOrphanFiles removal;
    private final boolean dryRun;
    private final int maxTasks;

    private OrphanFilesJob(Configuration conf, Table table, RemoveOrphanFiles removal, boolean dryRun, int maxTasks) {
        this.conf = conf;
        this.table = table;
        this.removal = removal;
        this.dryRun = dryRun;
        this.maxTasks = maxTasks;
    }

    /** A removal of the orphan files of {@code table} older than a day, with the job settings of {@code conf}. */
    public static OrphanFilesJob of(Configuration conf, Table table) {
        Objects.requireNonNull(table, "table");
        return new OrphanFilesJob(new Configuration(Objects.requireNonNull(conf, "conf")), table,
                table.removeOrphanFiles(), false, 100);
    }

    /** Only files last modified before {@code time}, as {@link RemoveOrphanFiles#olderThan}. */
    public OrphanFilesJob olderThan(Instant time) {
        return new OrphanFilesJob(conf, table, removal.olderThan(time), dryRun, maxTasks);
    }

    /** Finds the orphans and deletes nothing. */
    public OrphanFilesJob dryRun() {
        return new OrphanFilesJob(conf, table, removal, true, maxTasks);
    }

    /**
     * At most this many map tasks of each kind (default 100; listing and reading), and as many reduce tasks as
     * listing tasks.
     */
    public OrphanFilesJob tasks(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("An orphan-file job needs at least one task, got " + max);
        }
        return new OrphanFilesJob(conf, table, removal, dryRun, max);
    }

    /**
     * Runs the job.
     *
     * @throws IOException the job failed (orphans its finished tasks deleted stay deleted; nothing else changed),
     *     or its staging directory could not be written
     * @throws java.io.UncheckedIOException a metadata file of the table could not be read (nothing was deleted)
     */
    public Result run() throws IOException {
        OrphanFileSearch search = removal.search();
        Path staging = MaintenanceJobConf.stagingDirectory(conf, STAGING_DIR, table, "orphan-files");
        FileSystem fs = staging.getFileSystem(conf);
        Job job = null;
        try {
            OrphanFileSearch.References references = search.references();
            List<Path> directories = search.directories();
            Path input = new Path(staging, "input");
            int listing = writeGroups(fs, input, OrphanSearchMapper.LISTING_GROUP,
                    directories.stream().map(Path::toString).toList(), maxTasks);
            int reading = writeGroups(fs, input, OrphanSearchMapper.READING_GROUP, references.manifests(), maxTasks);
            Path referencesFile = new Path(staging, "references");
            ReferencesFile.write(fs, referencesFile, references);
            Path output = new Path(staging, "output");

            job = Job.getInstance(conf, "strata orphan files of " + table.location());
            Configuration jobConf = job.getConfiguration();
            MaintenanceJobConf.pollQuickly(jobConf);
            // The reducers read what commits since the driver's references refer to: only after every listing.
            jobConf.setFloat(MRJobConfig.COMPLETED_MAPS_FOR_REDUCE_SLOWSTART, 1.0f);
            MaintenanceJobConf.writeOrphanSearch(jobConf, table, search.olderThan(), referencesFile, dryRun);
            job.setJarByClass(OrphanFilesJob.class);
            job.setInputFormatClass(GroupInputFormat.class);
            FileInputFormat.addInputPath(job, input);
            job.setMapperClass(OrphanSearchMapper.class);
            job.setCombinerClass(ReferenceCombiner.class);
            job.setMapOutputKeyClass(Text.class);
            job.setMapOutputValueClass(Text.class);
            job.setReducerClass(OrphanFileReducer.class);
            job.setNumReduceTasks(Math.max(1, listing));
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(NullWritable.class);
            job.setOutputFormatClass(TextOutputFormat.class);
            FileOutputFormat.setOutputPath(job, output);
            // Two attempts of one reduce task would both delete: harmless, but their outputs would disagree.
            job.setReduceSpeculativeExecution(false);
            boolean succeeded = job.waitForCompletion(false);
            String jobId = String.valueOf(job.getJobID());
            if (!succeeded) {
                throw new IOException("Orphan-file job " + jobId + " of table " + table.location() + " failed ("
                        + job.getStatus().getFailureInfo() + "): " + (dryRun ? "nothing was deleted"
                        : "the orphans its finished tasks deleted stay deleted, nothing else changed"));
            }
            List<Path> orphans = readOutput(fs, output);
            orphans.sort(null);
            LOG.info("Orphan-file job {} of table {}: {} directories, {} manifests, {} orphan(s) {}", jobId,
                    table.location(), directories.size(), references.manifests().size(), orphans.size(),
                    dryRun ? "found" : "deleted");
            return new Result(orphans, !dryRun, directories.size(), references.manifests().size(),
                    listing + reading, jobId);
        } catch (ClassNotFoundException e) {
            throw new IOException("The orphan-file job of table " + table.location() + " could not load a class: "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            try {
                if (job != null) {
                    job.killJob();
                }
            } catch (IOException | RuntimeException kill) {
                e.addSuppressed(kill);
            }
            InterruptedIOException interrupted = new InterruptedIOException("Interrupted while waiting for the"
                    + " orphan-file job of table " + table.location());
            interrupted.initCause(e);
            throw interrupted;
        } finally {
            fs.delete(staging, true);
        }
    }

    /** Writes {@code items} as at most {@code tasks} group files named {@code prefix}N; returns how many. */
    private static int writeGroups(FileSystem fs, Path dir, String prefix, List<String> items, int tasks)
            throws IOException {
        int count = Math.min(tasks, items.size());
        for (int g = 0; g < count; g++) {
            List<byte[]> group = new ArrayList<>();
            // Round robin: neighbouring directories (one partition's buckets) go to different tasks.
            for (int i = g; i < items.size(); i += count) {
                group.add(items.get(i).getBytes(StandardCharsets.UTF_8));
            }
            GroupInputFormat.write(fs, new Path(dir, String.format("%s%05d", prefix, g)), group);
        }
        return count;
    }

    private static List<Path> readOutput(FileSystem fs, Path output) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (FileStatus part : fs.listStatus(output, p -> p.getName().startsWith("part-"))) {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(part.getPath()),
                    StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (!line.isEmpty()) {
                        paths.add(new Path(line));
                    }
                }
            }
        }
        return paths;
    }
}
