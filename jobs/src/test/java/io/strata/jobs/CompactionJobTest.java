package io.strata.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compaction as a MapReduce job, run by Hadoop's local job runner (map tasks as threads of the test JVM): the
 * result is the in-process compaction's (the same files per bucket at the same levels, the same rows, one
 * COMPACT snapshot) and Apache Paimon reads it; a job whose task fails commits nothing and leaves no file.
 */
class CompactionJobTest {

    @TempDir
    Path dir;

    /** A table Paimon created (partitions a and b, 8 buckets each), with three batch writes of Strata. */
    private static Table table(PaimonOracle paimon) {
        return JobTables.written(paimon, 8, 400, Map.of());
    }

    private Configuration local() {
        return JobTables.localRunner(dir);
    }

    private static List<String> rows(PaimonOracle paimon) {
        return JobTables.rows(paimon);
    }

    /** Per bucket directory, the levels of its live files. */
    private static Map<String, List<Integer>> layout(Table table) {
        Map<String, List<Integer>> layout = new TreeMap<>();
        for (String p : List.of("a", "b")) {
            for (io.strata.table.Split split : table.newCompaction().partition(Map.of("p", p)).bucketsToCompact()) {
                layout.put(p + "/" + split.bucket(), split.files().stream().map(f -> f.level()).sorted().toList());
            }
        }
        return layout;
    }

    /** The data files in the table's directories. */
    private static List<String> dataFiles(Table table) throws IOException {
        try (Stream<Path> files = Files.walk(Path.of(table.location().toUri()))) {
            return files.filter(f -> f.getFileName().toString().startsWith("data-")).map(Path::toString).sorted().toList();
        }
    }

    @Test
    void theJobCompactsAsTheInProcessCompactionAndPaimonReadsIt() throws Exception {
        Map<String, List<Integer>> inProcess;
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("in-process"))) {
            Table table = table(paimon);
            table.compactFull();
            inProcess = layout(table);
        }
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("job"))) {
            Table table = table(paimon);
            List<String> expected = rows(paimon);
            long written = table.latestSnapshot().orElseThrow().id();

            CompactionJob.Result result = CompactionJob.of(local(), table).tasks(4).run();

            assertThat(result.tasks()).isEqualTo(4);
            assertThat(result.bucketsSelected()).isEqualTo(16);
            assertThat(result.bucketsCompacted()).isEqualTo(16);
            assertThat(result.filesBefore()).isEqualTo(48);
            assertThat(result.filesAfter()).isEqualTo(16);
            assertThat(result.snapshotId()).isEqualTo(written + 1);
            assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
            assertThat(layout(table)).isEqualTo(inProcess);
            assertThat(rows(paimon)).isEqualTo(expected);
            assertThat(Path.of(table.location().toUri()).resolve(".strata-staging")).isEmptyDirectory();

            // Nothing left to compact: the job's tasks change nothing and no snapshot is made.
            CompactionJob.Result again = CompactionJob.of(local(), table).tasks(4).run();
            assertThat(again.snapshotId()).isEqualTo(-1);
            assertThat(again.bucketsCompacted()).isZero();
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(written + 1);
        }
    }

    @Test
    void aPartitionByPolicyOnly() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            // Three runs per bucket, and a trigger of 3: the universal strategy picks them.
            Table table = JobTables.written(paimon, 8, 400, Map.of("num-sorted-run.compaction-trigger", "3"));
            List<String> expected = rows(paimon);
            Map<String, List<Integer>> before = layout(table);
            CompactionJob.Result result = CompactionJob.of(local(), table).partition(Map.of("p", "b")).policy()
                    .tasks(3).run();
            assertThat(result.tasks()).isEqualTo(3);
            assertThat(result.bucketsSelected()).isEqualTo(8);
            assertThat(result.bucketsCompacted()).isEqualTo(8);
            Map<String, List<Integer>> after = layout(table);
            for (int bucket = 0; bucket < 8; bucket++) {
                assertThat(after.get("a/" + bucket)).isEqualTo(before.get("a/" + bucket)).hasSize(3);
                assertThat(after.get("b/" + bucket)).hasSize(1);
            }
            assertThat(rows(paimon)).isEqualTo(expected);
            assertThatThrownBy(() -> CompactionJob.of(local(), table).partition(Map.of("q", "x")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'q'");
        }
    }

    @Test
    void aJobWhoseTaskFailsCommitsNothingAndLeavesNoFile() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            Table table = table(paimon);
            long written = table.latestSnapshot().orElseThrow().id();
            // One data file of one bucket goes missing: the task that compacts that bucket fails each attempt.
            List<String> files = dataFiles(table);
            Files.delete(Path.of(files.get(files.size() / 2)));
            List<String> left = dataFiles(table);
            Configuration conf = local();
            conf.setInt("mapreduce.map.maxattempts", 2);

            assertThatThrownBy(() -> CompactionJob.of(conf, table).tasks(8).run())
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("failed")
                    .hasMessageContaining("nothing was committed");
            assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(written);
            // The tasks that finished compacted their buckets; those files were removed with the failed job's.
            assertThat(dataFiles(table)).isEqualTo(left);
        }
    }
}
