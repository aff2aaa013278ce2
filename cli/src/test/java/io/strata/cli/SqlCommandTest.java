package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.cli.hive.QueryResult;
import io.strata.cli.hive.ResultTable;
import io.strata.cli.hive.SqlScript;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata sql} and {@code strata quickstart} without Hive: arguments, statement splitting, tables, JDBC. */
class SqlCommandTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void derbyLogUnderTarget() {
        // Else Derby writes derby.log into the module directory.
        System.setProperty("derby.stream.error.file", Path.of("target", "derby-sqlcommand.log").toAbsolutePath().toString());
    }

    @Test
    void badArgumentsExitWithTwo() {
        Cli.Result both = Cli.run("sql", "--warehouse", dir.toString(), "-e", "SELECT 1", "-f", "x.sql");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("-e").contains("-f");
        Cli.Result missing = Cli.run("sql", "--warehouse", dir.resolve("nothing").toString(), "-e", "SELECT 1");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("Warehouse " + dir.resolve("nothing") + " is not a directory");
        Cli.Result noFile = Cli.run("sql", "--warehouse", dir.toString(), "-f", dir.resolve("none.sql").toString());
        assertThat(noFile.exitCode()).isEqualTo(2);
        assertThat(noFile.err()).contains("Cannot read -f " + dir.resolve("none.sql"));
        Cli.Result empty = Cli.run("sql", "--warehouse", dir.toString(), "-e", " ; -- nothing");
        assertThat(empty.exitCode()).isEqualTo(2);
        assertThat(empty.err()).contains("No statement in -e");
        Cli.Result jdbc = Cli.run("sql", "--jdbc", "hive2://host:10000", "-e", "SELECT 1");
        assertThat(jdbc.exitCode()).isEqualTo(2);
        assertThat(jdbc.err()).contains("Invalid --jdbc 'hive2://host:10000'");
        Cli.Result userWithoutJdbc = Cli.run("sql", "--warehouse", dir.toString(), "--user", "me", "-e", "SELECT 1");
        assertThat(userWithoutJdbc.exitCode()).isEqualTo(2);
        assertThat(userWithoutJdbc.err()).contains("need --jdbc");
        Cli.Result quickstart = Cli.run("quickstart", "--no-such-option");
        assertThat(quickstart.exitCode()).isEqualTo(2);
        assertThat(quickstart.err()).contains("--no-such-option");
        assertThat(Cli.run("sql", "--help").out()).contains("--warehouse").contains("--jdbc").contains("-f");
        assertThat(Cli.run("quickstart", "--help").out()).contains("--fresh");
    }

    @Test
    void splitsStatementsOutsideQuotesAndComments() {
        assertThat(SqlScript.split("SELECT 'a;b' FROM t; -- c;d\nSELECT \"x;\" ;;\n SHOW TABLES"))
                .containsExactly("SELECT 'a;b' FROM t", "SELECT \"x;\"", "SHOW TABLES");
        assertThat(SqlScript.split("SELECT 'it\\'s;' FROM `a;b`")).containsExactly("SELECT 'it\\'s;' FROM `a;b`");
        assertThat(SqlScript.isComplete("SELECT 1;  \n")).isTrue();
        assertThat(SqlScript.isComplete("SELECT ';'")).isFalse();
        assertThat(SqlScript.isComplete("SELECT 1 -- ;")).isFalse();
        assertThat(SqlScript.isComplete("SELECT 1; -- done")).isTrue();
    }

    @Test
    void formatsResultsAsTables() {
        QueryResult r = new QueryResult("q", List.of("id", "name"), List.of(List.of("1", "Ada"), List.of("22", "NULL")), 5);
        assertThat(ResultTable.format(r)).containsExactly(
                "+----+------+",
                "| id | name |",
                "+----+------+",
                "| 1  | Ada  |",
                "| 22 | NULL |",
                "+----+------+",
                "2 rows");
        assertThat(ResultTable.format(new QueryResult("USE x", List.of(), List.of(), 1))).containsExactly("OK");
    }

    @Test
    void runsOverJdbcWithTheDriverOnTheClassPath() {
        // Derby's embedded driver stands in for HiveServer2's: the JDBC path of strata sql is the same.
        String url = "jdbc:derby:memory:sqlcommand;create=true";
        Cli.Result r = Cli.run("sql", "--jdbc", url, "-e",
                "CREATE TABLE t (id INT, name VARCHAR(10)); INSERT INTO t VALUES (1, 'Ada'), (2, NULL);"
                        + " SELECT id, name FROM t ORDER BY id");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("""
                > SELECT id, name FROM t ORDER BY id;
                +----+------+
                | ID | NAME |
                +----+------+
                | 1  | Ada  |
                | 2  | NULL |
                +----+------+
                2 rows (""");
        Cli.Result failed = Cli.run("sql", "--jdbc", url, "-e", "SELECT * FROM missing_table");
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.err()).contains("MISSING_TABLE").contains("statement: SELECT * FROM missing_table");
        Cli.Result noDriver = Cli.run("sql", "--jdbc", "jdbc:nosuch://x", "-e", "SELECT 1");
        assertThat(noDriver.exitCode()).isEqualTo(1);
        assertThat(noDriver.err()).contains("cannot connect to jdbc:nosuch://x").contains("--driver-jar");
        Cli.Result badJar = Cli.run("sql", "--jdbc", "jdbc:hive2://h:1/d", "--driver-jar",
                dir.resolve("missing.jar").toString(), "-e", "SELECT 1");
        assertThat(badJar.exitCode()).isEqualTo(1);
        assertThat(badJar.err()).contains("JDBC driver jar " + dir.resolve("missing.jar") + " does not exist");
    }
}
