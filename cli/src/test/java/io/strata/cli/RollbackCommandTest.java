package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.table.Table;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RollbackCommandTest {

    @TempDir
    Path dir;

    private Table table() {
        return Cli.table(dir.resolve("lake"), "db", "t");
    }

    @Test
    void rollsBackToATagThenToASnapshot() throws IOException {
        String wh = TagsCommandTest.table(dir, 2);
        Table table = table();
        table.tags().create("two", 2);
        java.util.List<String> rowsAtTwo = Cli.rows(table);
        for (int c = 0; c < 2; c++) {
            Cli.Result r = Cli.run("ingest", "--warehouse", wh, "--table", "db.t", "--format", "csv",
                    dir.resolve("in.csv").toString());
            assertThat(r.exitCode()).isZero();
        }
        table.tags().create("four", 4);

        Cli.Result toTag = Cli.run("rollback", "--warehouse", wh, "--table", "db.t", "--to-tag", "two");
        assertThat(toTag.exitCode()).as(toTag.toString()).isZero();
        String[] lines = toTag.out().split("\\R");
        assertThat(lines[0]).isEqualTo("Rolled back db.t to tag 'two' (snapshot 2)");
        assertThat(lines[1]).matches("  latest snapshot  2, APPEND, committed .* UTC");
        assertThat(lines[2]).isEqualTo("  removed          2 snapshot(s): 3 to 4");
        assertThat(lines[3]).isEqualTo("  tags removed     four (snapshot 4)");
        assertThat(table().latestSnapshot().orElseThrow().id()).isEqualTo(2);
        assertThat(Cli.rows(table())).isEqualTo(rowsAtTwo);

        Cli.Result same = Cli.run("rollback", "--warehouse", wh, "--table", "db.t", "--to-snapshot", "2");
        assertThat(same.exitCode()).isZero();
        assertThat(same.out()).contains("Table db.t is already at snapshot 2: nothing to roll back");

        Cli.Result toSnapshot = Cli.run("rollback", "--path", dir.resolve("lake/db.db/t").toString(),
                "--to-snapshot", "1");
        assertThat(toSnapshot.exitCode()).as(toSnapshot.toString()).isZero();
        assertThat(toSnapshot.out()).contains("to snapshot 1").contains("removed          1 snapshot(s): 2")
                .contains("tags removed     two (snapshot 2)");
        assertThat(Cli.snapshotCount(table())).isEqualTo(1);
    }

    @Test
    void refusesUnknownTargetsAndBadArguments() throws IOException {
        String wh = TagsCommandTest.table(dir, 2);
        Cli.Result snapshot = Cli.run("rollback", "--warehouse", wh, "--table", "db.t", "--to-snapshot", "7");
        assertThat(snapshot.exitCode()).isEqualTo(2);
        assertThat(snapshot.err()).contains("Table db.t has no snapshot 7 (its snapshots: 1 to 2) and no tag holds it");
        Cli.Result tag = Cli.run("rollback", "--warehouse", wh, "--table", "db.t", "--to-tag", "v1");
        assertThat(tag.exitCode()).isEqualTo(2);
        assertThat(tag.err()).contains("Table db.t has no tag 'v1' (it has no tags)");
        Cli.Result none = Cli.run("rollback", "--warehouse", wh, "--table", "db.t");
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("--to-snapshot").contains("--to-tag");
        Cli.Result both = Cli.run("rollback", "--warehouse", wh, "--table", "db.t", "--to-snapshot", "1",
                "--to-tag", "x");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("mutually exclusive");
        Cli.Result noTable = Cli.run("rollback", "--warehouse", wh, "--table", "db.x", "--to-snapshot", "1");
        assertThat(noTable.exitCode()).isEqualTo(2);
        assertThat(noTable.err()).contains("No table db.x");
        assertThat(Cli.snapshotCount(table())).isEqualTo(2);
        assertThat(Cli.run("rollback", "--help").out()).contains("--to-tag").contains("Exit codes");
    }
}
