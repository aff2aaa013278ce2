package io.strata.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The maintenance jobs on a real YARN cluster in the test JVM (a ResourceManager, one NodeManager whose containers
 * are JVMs of their own, the MapReduce application master), configured as on a cluster: through the Hadoop
 * configuration only. A compaction task attempt that fails is retried by Hadoop, and the job commits one COMPACT
 * snapshot without the failed attempt's files; the orphan-file job's listing, reading and deleting tasks run in
 * containers and delete what the in-process removal finds.
 */
class MaintenanceJobsYarnIT {

    /**
     * The JVM options of the application master and the tasks. No
     * --add-opens: Hadoop 3.4 adds the one JDK 17 needs ({@code mapreduce.jvm.add-opens-as-default}).
     */
    private static final String CONTAINER_OPTS = "-Xmx384m -XX:TieredStopAtLevel=1";

    private static MiniMRYarnCluster cluster;

    @TempDir
    Path dir;

    @BeforeAll
    static void startCluster() {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "file:///");
        conf.setInt("yarn.nodemanager.resource.memory-mb", 4096);
        conf.setInt("yarn.scheduler.minimum-allocation-mb", 128);
        conf.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
        conf.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
        conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
        conf.set("yarn.app.mapreduce.am.command-opts", CONTAINER_OPTS);
        conf.setInt("mapreduce.map.memory.mb", 512);
        conf.setInt("mapreduce.reduce.memory.mb", 512);
        conf.set("mapreduce.reduce.java.opts", CONTAINER_OPTS);
        // Heartbeats of 100 ms, not 1 s: containers are granted and tasks started sooner.
        conf.setInt("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", 100);
        conf.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 100);
        conf.setInt("yarn.scheduler.capacity.node-locality-delay", 0);
        // A quicker stop (17 s otherwise): the NodeManager waits 10 s for its pending deletions of container logs
        // (kept 1 s after an application ends, then, not 3 h), and 6 s for the containers it kills.
        conf.setLong("yarn.nodemanager.log.retain-seconds", 1);
        conf.setLong("yarn.nodemanager.sleep-delay-before-sigkill.ms", 100);
        conf.setLong("yarn.nodemanager.process-kill-wait.ms", 500);
        conf.set("mapreduce.map.java.opts", CONTAINER_OPTS);
        cluster = new MiniMRYarnCluster(MaintenanceJobsYarnIT.class.getSimpleName(), 1);
        cluster.init(conf);
        cluster.start();
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    /** A table Paimon created (partitions a and b, 8 buckets each), with three batch writes of Strata. */
    private static Table table(PaimonOracle paimon) {
        return JobTables.written(paimon, 8, 400, Map.of());
    }

    private Configuration yarn() {
        Configuration conf = new Configuration(cluster.getConfig());
        conf.set("fs.defaultFS", "file:///");
        return conf;
    }

    private static List<String> rows(PaimonOracle paimon) {
        return JobTables.rows(paimon);
    }

    /** What Hadoop reports of a finished job: its task completion events and its counters. */
    private record Report(List<TaskCompletionEvent> events, Counters counters) {

        static Report of(Configuration conf, String jobId) throws Exception {
            Cluster client = new Cluster(conf);
            try {
                Job job = client.getJob(JobID.forName(jobId));
                List<TaskCompletionEvent> events = new ArrayList<>();
                for (TaskCompletionEvent[] some; (some = job.getTaskCompletionEvents(events.size(), 100)).length > 0; ) {
                    events.addAll(List.of(some));
                }
                return new Report(events, job.getCounters());
            } finally {
                client.close();
            }
        }

        long count(TaskCompletionEvent.Status status) {
            return events.stream().filter(e -> e.getStatus() == status).count();
        }

        long counter(JobCounter counter) {
            return counters.findCounter(counter).getValue();
        }
    }

    @Test
    void aFailedTaskAttemptIsRetriedAndTheJobCommitsWithoutItsFiles() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("w"))) {
            Configuration conf = yarn();
            Path marker = dir.resolve("fail-once");
            // The 4th distinct data file a task opens: after it compacted one bucket (3 files), in its second one.
            FaultyLocalFileSystem.register(conf, marker, 4);
            conf.setInt("mapreduce.map.maxattempts", 2);
            Table table = table(paimon);
            List<String> expected = rows(paimon);
            long written = table.latestSnapshot().orElseThrow().id();
            Files.writeString(marker, "fail the first attempt that reaches its 4th data file");
            CompactionJob.Result result = CompactionJob.of(conf, table).tasks(4).run();

            assertThat(result.jobId()).as("run by YARN, not the local runner").doesNotContain("local");

            assertThat(marker).as("one attempt claimed the failure").doesNotExist();
            Report report = Report.of(conf, result.jobId());
            // One of the 4 tasks failed once (the injected failure) and succeeded at its second attempt.
            assertThat(report.count(TaskCompletionEvent.Status.FAILED)).isEqualTo(1);
            assertThat(report.count(TaskCompletionEvent.Status.SUCCEEDED)).isEqualTo(4);
            assertThat(report.counter(JobCounter.NUM_FAILED_MAPS)).isEqualTo(1);
            assertThat(report.counter(JobCounter.TOTAL_LAUNCHED_MAPS)).isEqualTo(5);

            assertThat(result.tasks()).isEqualTo(4);
            assertThat(result.bucketsCompacted()).isEqualTo(16);
            assertThat(result.filesBefore()).isEqualTo(48);
            assertThat(result.filesAfter()).isEqualTo(16);
            assertThat(result.snapshotId()).isEqualTo(written + 1);
            assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
            assertThat(rows(paimon)).isEqualTo(expected);
            // The files of the failed attempt (the bucket it compacted before failing) were removed: no orphans.
            assertThat(table.removeOrphanFiles().olderThan(Instant.now().minusMillis(1)).list()).isEmpty();
            assertThat(paimon.tablePath("db", "t").resolve(".strata-staging")).isEmptyDirectory();
        }
    }

    @Test
    void theOrphanFileJobRunsInContainers() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("w"))) {
            Table table = table(paimon);
            List<String> expected = rows(paimon);
            Path root = Path.of(table.location().toUri());
            Path orphan = Files.writeString(root.resolve("p=a").resolve("bucket-3").resolve("data-crashed-0.parquet"),
                    "left by a crashed writer");
            try (var files = Files.walk(root)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.from(
                            Instant.now().minus(java.time.Duration.ofDays(2))));
                }
            }
            List<org.apache.hadoop.fs.Path> inProcess = table.removeOrphanFiles().list();
            assertThat(inProcess).extracting(org.apache.hadoop.fs.Path::getName).containsExactly(
                    "data-crashed-0.parquet");

            OrphanFilesJob.Result result = OrphanFilesJob.of(yarn(), table).tasks(2).run();

            assertThat(result.jobId()).as("run by YARN, not the local runner").startsWith("job_")
                    .doesNotContain("local");
            assertThat(result.orphans()).isEqualTo(inProcess);
            assertThat(orphan).doesNotExist();
            Report report = Report.of(yarn(), result.jobId());
            assertThat(report.counter(JobCounter.TOTAL_LAUNCHED_MAPS)).isEqualTo(result.tasks()).isEqualTo(4);
            assertThat(report.counter(JobCounter.TOTAL_LAUNCHED_REDUCES)).isEqualTo(2);
            assertThat(rows(paimon)).isEqualTo(expected);
            assertThat(table.removeOrphanFiles().list()).isEmpty();
        }
    }
}
