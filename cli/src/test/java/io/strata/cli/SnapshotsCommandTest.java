package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotsCommandTest {

    @TempDir
    Path dir;

    @Test
    void listsSnapshotsWithCountsAndLimit() throws IOException {
        String wh = dir.resolve("lake").toString();
        assertThat(Cli.run("create", "--warehouse", wh, "--table", "db.t", "--columns", "k INT NOT NULL, v STRING",
                "--primary-key", "k", "--option", "bucket=1").exitCode()).isZero();
        Cli.Result empty = Cli.run("snapshots", "--warehouse", wh, "--table", "db.t");
        assertThat(empty.exitCode()).isZero();
        assertThat(empty.out()).contains("Table db.t has no snapshot yet");

        Path in = dir.resolve("in.csv");
        for (int i = 0; i < 3; i++) {
            Files.writeString(in, "k,v\n" + i + ",x\n" + (i + 10) + ",y\n");
            assertThat(Cli.run("ingest", "--warehouse", wh, "--table", "db.t", "--format", "csv", in.toString())
                    .exitCode()).isZero();
        }
        Cli.table(dir.resolve("lake"), "db", "t").compactFull();

        Cli.Result all = Cli.run("snapshots", "--warehouse", wh, "--table", "db.t");
        assertThat(all.exitCode()).as(all.toString()).isZero();
        String[] lines = all.out().split("\\R");
        assertThat(lines[0]).matches("id +kind +committed +user +schema +delta records +total records");
        assertThat(lines[1]).matches("1 +APPEND +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC +\\S{1,8} +0 +2 +2");
        assertThat(lines[3]).matches("3 +APPEND .* +2 +6");
        assertThat(lines[4]).matches("4 +COMPACT .*");
        assertThat(lines[5]).isEqualTo("4 of 4 snapshot(s) of db.t");

        Cli.Result last = Cli.run("snapshots", "--path", dir.resolve("lake/db.db/t").toString(), "--limit", "2");
        assertThat(last.out().split("\\R")).hasSize(4);
        assertThat(last.out()).contains("2 of 4 snapshot(s)").doesNotContain("\n1 ");
    }

    @Test
    void unreadableSnapshotIsFailureNotStackTrace() throws IOException {
        String wh = dir.resolve("lake").toString();
        assertThat(Cli.run("create", "--warehouse", wh, "--table", "db.t", "--columns", "k INT").exitCode()).isZero();
        Path in = dir.resolve("in.csv");
        Files.writeString(in, "k\n1\n");
        assertThat(Cli.run("ingest", "--warehouse", wh, "--table", "db.t", "--format", "csv", in.toString())
                .exitCode()).isZero();
        Files.writeString(dir.resolve("lake/db.db/t/snapshot/snapshot-1"), "{ not json");
        for (String command : new String[] {"snapshots", "describe"}) {
            Cli.Result r = Cli.run(command, "--warehouse", wh, "--table", "db.t");
            assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
            assertThat(r.err()).as(command).contains("snapshot-1").doesNotContain("\tat ");
        }
    }

    @Test
    void badArguments() {
        Cli.Result limit = Cli.run("snapshots", "--path", dir.toString(), "--limit", "0");
        assertThat(limit.exitCode()).isEqualTo(2);
        assertThat(limit.err()).contains("Invalid --limit 0");
        Cli.Result notANumber = Cli.run("snapshots", "--path", dir.toString(), "--limit", "x");
        assertThat(notANumber.exitCode()).isEqualTo(2);
        Cli.Result noTable = Cli.run("snapshots", "--path", dir.resolve("none").toString());
        assertThat(noTable.exitCode()).isEqualTo(2);
        assertThat(noTable.err()).contains("No table").contains("none");
    }
}
