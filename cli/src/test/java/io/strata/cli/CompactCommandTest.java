package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import io.strata.table.Split;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactCommandTest {

    @TempDir
    Path dir;

    /** Files per "partition-value/bucket" in the latest snapshot, as seen by a scan. */
    private static Map<String, List<String>> files(Table table) {
        Map<String, List<String>> files = new TreeMap<>();
        for (Split s : table.newScan().plan().splits()) {
            files.put(s.partition().getString(0) + "/" + s.bucket(),
                    s.files().stream().map(f -> f.fileName() + "@" + f.level()).sorted().toList());
        }
        return files;
    }

    @Test
    void compactsAPartitionThenABucketThenTheTable() throws IOException {
        String wh = TagsCommandTest.table(dir, 3);
        Table table = Cli.table(dir.resolve("lake"), "db", "t");
        List<String> rows = Cli.rows(table);
        Map<String, List<String>> before = files(table);
        assertThat(before).hasSize(4).allSatisfy((k, v) -> assertThat(v).hasSize(3));

        Cli.Result partition = Cli.run("compact", "--warehouse", wh, "--table", "db.t", "--partition", "dt=d1");
        assertThat(partition.exitCode()).as(partition.toString()).isZero();
        assertThat(partition.out()).isEqualTo(String.format(
                "Compacted partition dt=d1 of db.t fully: 2 of 2 bucket(s) rewritten, 6 file(s) -> 2 file(s)%n"
                        + "Committed snapshot 4 (COMPACT)%n"));
        table = Cli.table(dir.resolve("lake"), "db", "t");
        Map<String, List<String>> after = files(table);
        assertThat(after.get("d2/0")).isEqualTo(before.get("d2/0"));
        assertThat(after.get("d2/1")).isEqualTo(before.get("d2/1"));
        assertThat(after.get("d1/0")).singleElement().asString().endsWith("@5");
        assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.COMPACT);
        assertThat(Cli.rows(table)).isEqualTo(rows);

        Cli.Result bucket = Cli.run("compact", "--path", dir.resolve("lake/db.db/t").toString(), "--bucket", "1",
                "--full", "--no-progress");
        assertThat(bucket.exitCode()).as(bucket.toString()).isZero();
        assertThat(bucket.out()).contains("Compacted bucket 1 of every partition of")
                .contains("1 of 2 bucket(s) rewritten, 4 file(s) -> 2 file(s)");
        after = files(Cli.table(dir.resolve("lake"), "db", "t"));
        assertThat(after.get("d2/0")).isEqualTo(before.get("d2/0"));
        assertThat(after.get("d2/1")).hasSize(1);

        Cli.Result all = Cli.run("compact", "--warehouse", wh, "--table", "db.t");
        assertThat(all.out()).contains("Compacted all buckets of db.t fully: 1 of 4 bucket(s) rewritten, "
                + "6 file(s) -> 4 file(s)");
        Cli.Result again = Cli.run("compact", "--warehouse", wh, "--table", "db.t");
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).startsWith("Nothing to compact fully in all buckets of db.t: 4 bucket(s), 4 file(s)");
        assertThat(Cli.snapshotCount(Cli.table(dir.resolve("lake"), "db", "t"))).isEqualTo(6);
        assertThat(Cli.rows(Cli.table(dir.resolve("lake"), "db", "t"))).isEqualTo(rows);
    }

    /** {@code --engine mapreduce}: Hadoop's local job runner, map tasks compacting the buckets, one commit. */
    @Test
    void theMapReduceEngineCompactsAsThisProcessDoes() throws IOException {
        String wh = TagsCommandTest.table(dir, 3);
        Table table = Cli.table(dir.resolve("lake"), "db", "t");
        List<String> rows = Cli.rows(table);

        Cli.Result job = Cli.run("compact", "--warehouse", wh, "--table", "db.t", "--engine", "mapreduce",
                "--tasks", "3");
        assertThat(job.exitCode()).as(job.toString()).isZero();
        assertThat(job.out()).containsPattern("MapReduce job job_local\\d+_\\d+: 3 task\\(s\\)")
                .contains("Compacted all buckets of db.t fully: 4 of 4 bucket(s) rewritten, 12 file(s) -> 4 file(s)")
                .contains("Committed snapshot 4 (COMPACT)");
        table = Cli.table(dir.resolve("lake"), "db", "t");
        assertThat(files(table)).hasSize(4).allSatisfy((k, v) -> assertThat(v).singleElement().asString().endsWith("@5"));
        assertThat(Cli.rows(table)).isEqualTo(rows);

        Cli.Result again = Cli.run("compact", "--warehouse", wh, "--table", "db.t", "--engine", "mapreduce");
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.out()).contains("Nothing to compact fully in all buckets of db.t: 4 bucket(s), 4 file(s)");

        Cli.Result bad = Cli.run("compact", "--warehouse", wh, "--table", "db.t", "--engine", "spark");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--engine").contains("spark");
        Cli.Result noTasks = Cli.run("compact", "--warehouse", wh, "--table", "db.t", "--engine", "mapreduce",
                "--tasks", "0");
        assertThat(noTasks.exitCode()).isEqualTo(2);
        assertThat(noTasks.err()).contains("--tasks 0");
    }

    @Test
    void policyCompactsWhatTheStrategyPicks() throws IOException {
        String wh = TagsCommandTest.table(dir, 2);
        // Two runs per bucket stay below the default trigger (5): the policy picks nothing.
        Cli.Result idle = Cli.run("compact", "--warehouse", wh, "--table", "db.t", "--policy");
        assertThat(idle.exitCode()).as(idle.toString()).isZero();
        assertThat(idle.out()).contains("Nothing to compact by the compaction policy in all buckets of db.t: "
                + "4 bucket(s), 8 file(s) (the policy picks nothing)");
        // Three more runs: five per bucket reach the trigger.
        Cli.Result more = Cli.run("ingest", "--warehouse", wh, "--table", "db.t", "--format", "csv",
                dir.resolve("in.csv").toString());
        assertThat(more.exitCode()).isZero();
        Cli.run("ingest", "--warehouse", wh, "--table", "db.t", "--format", "csv", dir.resolve("in.csv").toString());
        Cli.run("ingest", "--warehouse", wh, "--table", "db.t", "--format", "csv", dir.resolve("in.csv").toString());
        List<String> rows = Cli.rows(Cli.table(dir.resolve("lake"), "db", "t"));
        Cli.Result picked = Cli.run("compact", "--warehouse", wh, "--table", "db.t", "--policy", "--partition",
                "dt=d2", "--bucket", "0");
        assertThat(picked.exitCode()).as(picked.toString()).isZero();
        assertThat(picked.out()).contains("Compacted bucket 0 of partition dt=d2 of db.t by the compaction policy: "
                + "1 of 1 bucket(s) rewritten, 5 file(s) -> 1 file(s)");
        assertThat(Cli.rows(Cli.table(dir.resolve("lake"), "db", "t"))).isEqualTo(rows);
    }

    @Test
    void badArguments() throws IOException {
        String wh = TagsCommandTest.table(dir, 1);
        String[][] bad = {
            {"--partition", "day=d1"},
            {"--partition", "dt=d9"},
            {"--partition", "dt"},
            {"--partition", "dt=d1,dt=d2"},
            {"--bucket", "2"},
            {"--bucket", "-1"},
            {"--full", "--policy"},
            {"--bucket", "x"},
        };
        String[] expected = {"Table db.t has no partition key 'day'; its partition keys: dt",
            "Table db.t has no partition dt=d9 (no live files there)", "Invalid --partition 'dt'",
            "key 'dt' is given twice", "Table db.t has no bucket 2: its buckets are 0 to 1", "has no bucket -1",
            "mutually exclusive", "--bucket"};
        for (int i = 0; i < bad.length; i++) {
            Cli.Result r = Cli.run(TagsCommandTest.concat(new String[] {"compact", "--warehouse", wh, "--table", "db.t"},
                    bad[i]));
            assertThat(r.exitCode()).as(String.join(" ", bad[i]) + "\n" + r).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", bad[i])).contains(expected[i]);
        }
        assertThat(Cli.snapshotCount(Cli.table(dir.resolve("lake"), "db", "t"))).isEqualTo(1);

        assertThat(Cli.run("create", "--warehouse", wh, "--table", "db.log", "--columns", "k INT").exitCode()).isZero();
        Cli.Result empty = Cli.run("compact", "--warehouse", wh, "--table", "db.log");
        assertThat(empty.exitCode()).isZero();
        assertThat(empty.out()).contains("Table db.log has no snapshot yet: nothing to compact");
        Cli.Result append = Cli.run("compact", "--warehouse", wh, "--table", "db.log", "--policy");
        assertThat(append.exitCode()).isEqualTo(2);
        assertThat(append.err()).contains("Table db.log has no primary key");
        assertThat(Cli.run("compact", "--help").out()).contains("--partition").contains("Exit codes");
    }
}
