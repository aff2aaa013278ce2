package io.strata.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.snapshot.CommitKind;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
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

    private static final RowType TYPE = new RowType(List.of(
            new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)),
            new DataField(2, "amount", DataTypes.BIGINT())));

    @TempDir
    Path dir;

    /** A table Paimon created (partitions a and b, 8 buckets each), with three batch writes of Strata. */
    private static Table table(PaimonOracle paimon) {
        return table(paimon, Map.of());
    }

    private static Table table(PaimonOracle paimon, Map<String, String> extra) {
        Map<String, String> options = new TreeMap<>(Map.of("bucket", "8", "file.format", "parquet"));
        options.putAll(extra);
        paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options);
        Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", "t").toUri()));
        for (int c = 0; c < 3; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < 400; id++) {
                    w.write(GenericRow.ofKind(RowKind.INSERT, Utf8String.fromString(id % 3 == 0 ? "b" : "a"), id,
                            c * 1000L + id));
                }
                w.commit();
            }
        }
        return table;
    }

    private Configuration local() {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("fs.defaultFS", "file:///");
        conf.set("hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());
        conf.set("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
        conf.set("mapreduce.cluster.local.dir", dir.resolve("local").toString());
        conf.setInt("mapreduce.local.map.tasks.maximum", 2);
        return conf;
    }

    private static List<String> rows(PaimonOracle paimon) {
        return paimon.readAll("db", "t").stream().map(CompactionJobTest::text).sorted().toList();
    }

    private static String text(Row row) {
        return row.getString(0) + "," + row.getInt(1) + "," + (row.isNullAt(2) ? "null" : row.getLong(2));
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
            Table table = table(paimon, Map.of("num-sorted-run.compaction-trigger", "3"));
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
