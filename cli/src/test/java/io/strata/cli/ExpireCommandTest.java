package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.table.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExpireCommandTest {

    @TempDir
    Path dir;

    private Table table() {
        return Cli.table(dir.resolve("lake"), "db", "t");
    }

    /** Daily partitions: the ones older than partition.expiration-time go, with a dry run first. */
    @Test
    void partitionsDryRunThenDrop() throws IOException {
        String wh = dir.resolve("lake").toString();
        Cli.Result created = Cli.run("create", "--warehouse", wh, "--table", "db.daily", "--columns",
                "dt STRING NOT NULL, id INT NOT NULL, v STRING", "--primary-key", "dt,id", "--partition-by", "dt",
                "--option", "bucket=1");
        assertThat(created.exitCode()).as(created.toString()).isZero();
        Path csv = dir.resolve("rows.csv");
        java.time.LocalDate today = java.time.LocalDate.now();
        StringBuilder rows = new StringBuilder("dt,id,v\n");
        for (int d = 0; d < 4; d++) {
            rows.append(today.minusDays(d)).append(",").append(d).append(",x\n");
        }
        Files.writeString(csv, rows.toString());
        assertThat(Cli.run("ingest", "--warehouse", wh, "--table", "db.daily", "--format", "csv", csv.toString())
                .exitCode()).isZero();
        Cli.Result unset = Cli.run("expire", "--warehouse", wh, "--table", "db.daily", "--partitions");
        assertThat(unset.exitCode()).isEqualTo(2);
        assertThat(unset.err()).contains("'partition.expiration-time'");
        io.strata.schema.SchemaManager schemas = new io.strata.schema.SchemaManager(io.strata.fs.FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.resolve("lake").resolve("db.db").resolve("daily").toUri()));
        // Whole days, so the outcome does not depend on the time of day: a partition's time is its day's midnight,
        // and it expires once that lies more than 48 h back (yesterday's never, two days back always).
        schemas.commitChanges(io.strata.schema.SchemaChange.setOption("partition.expiration-time", "48 h"));

        Cli.Result dry = Cli.run("expire", "--warehouse", wh, "--table", "db.daily", "--partitions", "--dry-run");
        assertThat(dry.exitCode()).as(dry.toString()).isZero();
        assertThat(dry.out()).contains("Dry run: would drop 2 partition(s)").contains("dt=" + today.minusDays(3))
                .contains("dt=" + today.minusDays(2));
        Table daily = Cli.table(dir.resolve("lake"), "db", "daily");
        assertThat(Cli.rows(daily)).hasSize(4);
        Cli.Result dropped = Cli.run("expire", "--warehouse", wh, "--table", "db.daily", "--partitions");
        assertThat(dropped.exitCode()).as(dropped.toString()).isZero();
        assertThat(dropped.out()).contains("Dropped 2 partition(s)");
        assertThat(Cli.rows(daily)).containsExactlyInAnyOrder(today + " | 0 | x", today.minusDays(1) + " | 1 | x");
        assertThat(Cli.run("expire", "--warehouse", wh, "--table", "db.daily", "--partitions").out())
                .contains("No partition of db.daily has expired");
        Cli.Result mixed = Cli.run("expire", "--warehouse", wh, "--table", "db.daily", "--partitions", "--orphans");
        assertThat(mixed.exitCode()).isEqualTo(2);
    }

    @Test
    void dryRunThenExpireKeepsTheNewestAndTheRows() throws IOException {
        String wh = TagsCommandTest.table(dir, 5);
        List<String> rows = Cli.rows(table());

        Cli.Result nothing = Cli.run("expire", "--warehouse", wh, "--table", "db.t");
        assertThat(nothing.exitCode()).as(nothing.toString()).isZero();
        assertThat(nothing.out()).contains("(snapshot.time-retained 1h): retain min 10, retain max (none), up to 50")
                .contains("No snapshot expired").contains("Snapshots left: 1 to 5");

        Cli.Result dry = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--retain-min", "1", "--retain-max",
                "2", "--dry-run");
        assertThat(dry.exitCode()).as(dry.toString()).isZero();
        assertThat(dry.out()).contains("Dry run: 3 snapshot(s): 1 to 3 would expire");
        assertThat(Cli.snapshotCount(table())).isEqualTo(5);

        Cli.Result expired = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--retain-min", "1",
                "--retain-max", "2");
        assertThat(expired.exitCode()).as(expired.toString()).isZero();
        assertThat(expired.out()).contains("Expired 3 snapshot(s): 1 to 3").contains("Deleted ")
                .contains("manifest/").contains("Snapshots left: 4 to 5");
        assertThat(table().snapshots().listIds()).containsExactly(4L, 5L);
        assertThat(Cli.rows(table())).isEqualTo(rows);

        // Younger than --older-than: kept, whatever the counts allow.
        Cli.Result young = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--retain-min", "1",
                "--older-than", "1d", "--dry-run");
        assertThat(young.out()).contains("(--older-than 1d)").contains("Dry run: no snapshot would expire");
    }

    @Test
    void orphansDryRunThenRemoval() throws IOException {
        String wh = TagsCommandTest.table(dir, 1);
        Path leftover = dir.resolve("lake/db.db/t/dt=d1/bucket-0/data-leftover.parquet");
        Files.writeString(leftover, "not referenced");
        Files.setLastModifiedTime(leftover, FileTime.from(Instant.now().minusSeconds(3 * 86400)));

        Cli.Result dry = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--orphans", "--dry-run");
        assertThat(dry.exitCode()).as(dry.toString()).isZero();
        assertThat(dry.out()).contains("(default 1d)").contains("Dry run: would delete 1 file(s):")
                .contains("  dt=d1/bucket-0/data-leftover.parquet");
        assertThat(leftover).exists();
        Cli.Result younger = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--orphans", "--older-than", "5d");
        assertThat(younger.out()).contains("Deleted no files");
        assertThat(leftover).exists();

        Cli.Result removed = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--orphans");
        assertThat(removed.exitCode()).as(removed.toString()).isZero();
        assertThat(removed.out()).contains("Deleted 1 file(s):").contains("data-leftover.parquet");
        assertThat(leftover).doesNotExist();
        assertThat(Cli.rows(table())).hasSize(6);
    }

    /** {@code --engine mapreduce}: Hadoop's local job runner lists, reads and deletes as this process does. */
    @Test
    void orphansByAMapReduceJob() throws IOException {
        String wh = TagsCommandTest.table(dir, 2);
        Path leftover = dir.resolve("lake/db.db/t/dt=d2/bucket-1/data-leftover.parquet");
        Files.writeString(leftover, "not referenced");
        Files.setLastModifiedTime(leftover, FileTime.from(Instant.now().minusSeconds(3 * 86400)));
        List<String> rows = Cli.rows(table());

        Cli.Result dry = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--orphans", "--engine", "mapreduce",
                "--tasks", "2", "--dry-run");
        assertThat(dry.exitCode()).as(dry.toString()).isZero();
        assertThat(dry.out()).containsPattern("MapReduce job job_local\\d+_\\d+: 4 map task\\(s\\), \\d+ directories "
                + "listed, \\d+ manifests read").contains("Dry run: would delete 1 file(s):")
                .contains("  dt=d2/bucket-1/data-leftover.parquet");
        assertThat(leftover).exists();

        Cli.Result removed = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--orphans", "--engine",
                "mapreduce");
        assertThat(removed.exitCode()).as(removed.toString()).isZero();
        assertThat(removed.out()).contains("Deleted 1 file(s):").contains("data-leftover.parquet");
        assertThat(leftover).doesNotExist();
        assertThat(Cli.rows(table())).isEqualTo(rows);

        Cli.Result snapshots = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--engine", "mapreduce");
        assertThat(snapshots.exitCode()).isEqualTo(2);
        assertThat(snapshots.err()).contains("--engine mapreduce runs orphan-file removal: give --orphans");
        Cli.Result noTasks = Cli.run("expire", "--warehouse", wh, "--table", "db.t", "--orphans", "--engine",
                "mapreduce", "--tasks", "0");
        assertThat(noTasks.exitCode()).isEqualTo(2);
        assertThat(noTasks.err()).contains("Invalid --tasks 0");
    }

    @Test
    void badArguments() throws IOException {
        String wh = TagsCommandTest.table(dir, 1);
        String[][] bad = {
            {"--retain-min", "0"},
            {"--retain-max", "3"},
            {"--retain-min", "3", "--retain-max", "2"},
            {"--older-than", "soon"},
            {"--max-deletes", "0"},
            {"--orphans", "--retain-min", "2"},
            {"--retain-min", "x"},
        };
        String[] expected = {"Invalid --retain-min 0: must be at least 1",
            "Retain max 3 (--retain-max) is less than retain min 10 (snapshot.num-retained.min): give --retain-min too",
            "Retain max 2 (--retain-max) is less than retain min 3 (--retain-min)", "Invalid --older-than 'soon'",
            "Invalid --max-deletes 0", "do not go with --orphans", "--retain-min"};
        for (int i = 0; i < bad.length; i++) {
            Cli.Result r = Cli.run(TagsCommandTest.concat(new String[] {"expire", "--warehouse", wh, "--table", "db.t"},
                    bad[i]));
            assertThat(r.exitCode()).as(String.join(" ", bad[i]) + "\n" + r).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", bad[i])).contains(expected[i]);
        }
        Cli.Result noTable = Cli.run("expire", "--path", dir.resolve("none").toString());
        assertThat(noTable.exitCode()).isEqualTo(2);
        assertThat(noTable.err()).contains("No table");
        assertThat(Cli.run("expire", "--help").out()).contains("--orphans").contains("Exit codes");
    }
}
