package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TagsCommandTest {

    @TempDir
    Path dir;

    /** A primary-key table partitioned by dt, 2 buckets, with {@code commits} ingests. */
    static String table(Path dir, int commits) throws IOException {
        String wh = dir.resolve("lake").toString();
        Cli.Result created = Cli.run("create", "--warehouse", wh, "--table", "db.t", "--columns",
                "id INT NOT NULL, v STRING, dt STRING NOT NULL", "--primary-key", "dt,id", "--partition-by", "dt",
                "--option", "bucket=2");
        assertThat(created.exitCode()).as(created.toString()).isZero();
        Path in = dir.resolve("in.csv");
        for (int c = 0; c < commits; c++) {
            StringBuilder csv = new StringBuilder("id,v,dt\n");
            for (int id = 0; id < 6; id++) {
                csv.append(id).append(",c").append(c).append(',').append(id % 2 == 0 ? "d1" : "d2").append('\n');
            }
            Files.writeString(in, csv);
            Cli.Result r = Cli.run("ingest", "--warehouse", wh, "--table", "db.t", "--format", "csv", in.toString());
            assertThat(r.exitCode()).as(r.toString()).isZero();
        }
        return wh;
    }

    @Test
    void createsListsAndDeletesTags() throws IOException {
        String wh = table(dir, 3);
        Cli.Result none = Cli.run("tags", "--warehouse", wh, "--table", "db.t");
        assertThat(none.exitCode()).as(none.toString()).isZero();
        assertThat(none.out()).contains("Table db.t has no tags");

        Cli.Result first = Cli.run("tags", "--warehouse", wh, "--table", "db.t", "create", "first", "--snapshot", "1");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).contains("Created tag 'first' of db.t on snapshot 1").contains("kept until deleted");
        Cli.Result latest = Cli.run("tags", "--warehouse", wh, "--table", "db.t", "create", "latest",
                "--time-retained", "7d");
        assertThat(latest.exitCode()).as(latest.toString()).isZero();
        assertThat(latest.out()).contains("on snapshot 3").contains("retained 7d (until ");

        Cli.Result list = Cli.run("tags", "--warehouse", wh, "--table", "db.t", "list");
        assertThat(list.exitCode()).as(list.toString()).isZero();
        String[] lines = list.out().split("\\R");
        assertThat(lines[0]).matches("name +snapshot +committed +created +retained until");
        assertThat(lines[1]).matches("first +1 +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC +- +\\(until deleted\\)");
        assertThat(lines[2]).matches("latest +3 +.* UTC +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +\\d{4}-.*");
        assertThat(lines[3]).isEqualTo("2 tag(s) of db.t");
        assertThat(Cli.table(dir.resolve("lake"), "db", "t").tags().list()).hasSize(2);

        Cli.Result json = Cli.run("tags", "--path", dir.resolve("lake/db.db/t").toString(), "--json");
        assertThat(json.exitCode()).isZero();
        assertThat(json.out()).contains("\"name\" : \"latest\"").contains("\"timeRetained\" : \"7d\"");

        Cli.Result deleted = Cli.run("tags", "--warehouse", wh, "--table", "db.t", "delete", "first");
        assertThat(deleted.exitCode()).as(deleted.toString()).isZero();
        assertThat(deleted.out()).contains("Deleted tag 'first' of db.t (snapshot 1)");
        assertThat(Cli.table(dir.resolve("lake"), "db", "t").tags().list()).extracting(t -> t.name())
                .containsExactly("latest");
    }

    @Test
    void refusesUnknownSnapshotsTagsAndDuplicates() throws IOException {
        String wh = table(dir, 2);
        Cli.Result noSnapshot = Cli.run("tags", "--warehouse", wh, "--table", "db.t", "create", "x", "--snapshot", "9");
        assertThat(noSnapshot.exitCode()).isEqualTo(2);
        assertThat(noSnapshot.err()).contains("Table db.t has no snapshot 9 (its snapshots: 1 to 2)");
        assertThat(Cli.run("tags", "--warehouse", wh, "--table", "db.t", "create", "x").exitCode()).isZero();
        Cli.Result twice = Cli.run("tags", "--warehouse", wh, "--table", "db.t", "create", "x");
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.err()).contains("Tag 'x' already exists in db.t (snapshot 2)");
        Cli.Result unknown = Cli.run("tags", "--warehouse", wh, "--table", "db.t", "delete", "y");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("Table db.t has no tag 'y' (its tags: x)");
        assertThat(unknown.err()).doesNotContain("\tat ");
    }

    @Test
    void badArguments() throws IOException {
        String wh = table(dir, 1);
        String[][] bad = {
            {"create"},
            {"delete"},
            {"list", "x"},
            {"delete", "x", "--snapshot", "1"},
            {"create", "x", "--time-retained", "soon"},
            {"create", "x", "--time-retained", "0s"},
            {"create", "x", "--json"},
            {"rename", "x"},
            {"create", "bad/name"},
        };
        String[] expected = {"'create' needs a tag name", "'delete' needs a tag name", "'list' takes no tag name",
            "--snapshot and --time-retained apply to 'create' only", "Invalid --time-retained 'soon'",
            "Invalid --time-retained '0s'", "--json applies to 'list' only", "rename", "bad/name"};
        for (int i = 0; i < bad.length; i++) {
            String[] args = concat(new String[] {"tags", "--warehouse", wh, "--table", "db.t"}, bad[i]);
            Cli.Result r = Cli.run(args);
            assertThat(r.exitCode()).as(String.join(" ", bad[i]) + "\n" + r).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", bad[i])).contains(expected[i]);
        }
        Cli.Result noTable = Cli.run("tags", "--warehouse", wh, "--table", "db.none");
        assertThat(noTable.exitCode()).isEqualTo(2);
        assertThat(noTable.err()).contains("No table db.none");
        assertThat(Cli.run("tags", "--help").out()).contains("list|create|delete").contains("Exit codes");
    }

    static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
