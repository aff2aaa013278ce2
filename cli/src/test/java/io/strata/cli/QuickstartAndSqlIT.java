package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata quickstart} and {@code strata sql} in-process on one warehouse: ONE embedded Hive for the
 * class (the JVM's only one; failsafe gives every IT class its own JVM). The methods run in order: the
 * quickstart creates what the sql tests query.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QuickstartAndSqlIT {

    @TempDir
    static Path dir;

    private static String warehouse() {
        return dir.resolve("wh").toString();
    }

    @Test
    @Order(1)
    void quickstartWritesSyncsAndQueriesThroughHive() {
        Cli.Result first = Cli.run("quickstart", "--warehouse", warehouse());
        System.out.println(first);
        assertThat(first.exitCode()).as(first.toString()).isZero();
        String out = first.out();
        assertThat(out).contains("New warehouse: creating the tables and the metastore (round 1)")
                .contains("orders        quickstart-orders              commit  3 -> snapshot  3:"
                        + " insert order 7, delete order 6")
                .contains("customer_360  quickstart-customer-profiles   commit  2 -> snapshot  4:"
                        + " customer 102 moved to Boston")
                .contains("shop.orders: snapshot 4, shop.customer_360: snapshot 6 (COMPACT)")
                .contains("-> shop.orders: FULL, partitions +3 ~0 -0, snapshot 4 (table entry written)")
                .contains("-> shop.customer_360: FULL, partitions +0 ~0 -0, snapshot 6 (table entry written)")
                .contains("4. Embedded Hive 4.1 on Tez (local mode, in this process)");
        assertThat(out).contains("""
                hive> SELECT dt, order_id, customer_id, amount, status FROM shop.orders ORDER BY order_id;
                +------------+----------+-------------+--------+---------+
                | dt         | order_id | customer_id | amount | status  |
                +------------+----------+-------------+--------+---------+
                | 2026-12-01 | 1        | 101         | 20.00  | new     |
                | 2026-12-01 | 2        | 102         | 39.50  | shipped |
                | 2026-12-02 | 4        | 101         | 80.00  | shipped |
                | 2026-12-02 | 5        | 102         | 15.25  | new     |
                | 2026-12-03 | 7        | 103         | 60.00  | new     |
                +------------+----------+-------------+--------+---------+
                5 rows (""");
        assertThat(out).contains("""
                hive> SELECT count(*) AS orders, sum(amount) AS revenue FROM shop.orders WHERE dt = '2026-12-02';
                +--------+---------+
                | orders | revenue |
                +--------+---------+
                | 2      | 95.25   |
                +--------+---------+
                1 row (""");
        assertThat(out).contains("pruning: Hive reads 1 of 3 partitions of shop.orders: dt=2026-12-02 (");
        assertThat(out).contains("""
                hive> SELECT dt, order_id, amount, status FROM shop.orders FOR SYSTEM_VERSION AS OF 1 ORDER BY order_id;
                +------------+----------+--------+--------+
                | dt         | order_id | amount | status |
                +------------+----------+--------+--------+
                | 2026-12-01 | 1        | 20.00  | new    |
                | 2026-12-01 | 2        | 35.50  | new    |
                | 2026-12-01 | 3        | 12.00  | new    |
                | 2026-12-02 | 4        | 80.00  | new    |
                | 2026-12-02 | 5        | 15.25  | new    |
                | 2026-12-02 | 6        | 42.00  | new    |
                +------------+----------+--------+--------+
                6 rows (""");
        assertThat(out).contains("""
                hive> SELECT * FROM shop.customer_360 ORDER BY customer_id;
                +-------------+-------+----------+--------+-------------+---------------+
                | customer_id | name  | city     | orders | total_spent | last_order_dt |
                +-------------+-------+----------+--------+-------------+---------------+
                | 101         | Ada   | London   | 2      | 100.00      | 2026-12-02    |
                | 102         | Grace | Boston   | 2      | 54.75       | 2026-12-02    |
                | 103         | Linus | Helsinki | 1      | 60.00       | 2026-12-03    |
                +-------------+-------+----------+--------+-------------+---------------+
                3 rows (""");
        assertThat(out).contains("What next:").contains("strata sql --warehouse " + Path.of(warehouse()));
        // Hive's logs went to the warehouse, not to the command's output.
        assertThat(Path.of(warehouse(), ".hive", "logs", "hive.log")).isNotEmptyFile();
        assertThat(first.err()).doesNotContain("INFO").doesNotContain("Hive Session ID");
    }

    @Test
    @Order(2)
    void aSecondRunContinuesWithMoreCommits() {
        Cli.Result again = Cli.run("quickstart", "--warehouse", warehouse());
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.out())
                .contains("Continuing on the existing tables (round 2: more commits); --fresh starts over.")
                .contains("orders        quickstart-orders              commit  4 -> snapshot  5: insert orders 21 and 22")
                .contains("-> shop.orders: INCREMENTAL, partitions +1")
                .contains("| 2026-12-04 | 21       | 101         | 20.00  | shipped |")
                // Time travel to this run's first commit still shows order 22, deleted since.
                .contains("FOR SYSTEM_VERSION AS OF 5 ORDER BY order_id")
                .contains("| 2026-12-04 | 22       | 25.00  | new     |")
                .contains("""
                        | 101         | Ada   | London | 3      | 120.00      | 2026-12-04    |
                        | 102         | Grace | Boston | 2      | 54.75       | 2026-12-02    |
                        | 103         | Linus | Oslo   | 1      | 60.00       | 2026-12-03    |
                        """);
        String merged = again.out().substring(again.out().indexOf("-- Merged read"), again.out().indexOf("-- Partition"));
        assertThat(merged).contains("| 21       |").doesNotContain("| 22       |");
    }

    @Test
    @Order(3)
    void sqlRunsStatementsOfDashE() {
        Cli.Result r = Cli.run("sql", "--warehouse", warehouse(), "-e",
                "SELECT order_id, status FROM shop.orders WHERE dt = '2026-12-04'");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).startsWith("""
                +----------+---------+
                | order_id | status  |
                +----------+---------+
                | 21       | shipped |
                +----------+---------+
                1 row (""");
    }

    @Test
    @Order(4)
    void sqlRunsAFileAndStopsAtTheFailingStatement() throws Exception {
        Path file = dir.resolve("script.sql");
        Files.writeString(file, """
                -- the customers; then a column that does not exist
                USE shop;
                SELECT customer_id, city FROM customer_360 WHERE customer_id = 102;
                SELECT no_such_column FROM orders;
                SELECT 'never run';
                """);
        Cli.Result r = Cli.run("sql", "--warehouse", warehouse(), "-f", file.toString());
        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.out()).contains("> USE shop;\nOK (")
                .contains("""
                        | customer_id | city   |
                        +-------------+--------+
                        | 102         | Boston |
                        """)
                .doesNotContain("never run");
        assertThat(r.err()).contains("FAILED: ").contains("no_such_column")
                .contains("statement: SELECT no_such_column FROM orders");

        Cli.Result bad = Cli.run("sql", "--warehouse", warehouse(), "-e", "SELEC 1");
        assertThat(bad.exitCode()).isEqualTo(1);
        assertThat(bad.err()).contains("ParseException").contains("statement: SELEC 1");
    }

    @Test
    @Order(5)
    void sqlShellReadsStatementsFromStandardInput() {
        Cli.Result r = Cli.runWithStdin("SELECT count(*) AS n\n  FROM shop.customer_360;\nSHOW TABLES IN shop; quit;\n",
                "sql", "--warehouse", warehouse());
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("| n |\n+---+\n| 3 |").contains("| customer_360 |").contains("| orders       |");
    }

    @Test
    @Order(6)
    void sqlRunsOnTezByDefaultAndOnMapReduceWhenAsked() {
        // Hive's full EXPLAIN names the engine's stage ("Tez", "Map Reduce"); Tez's default user format does not.
        String explain = "SET hive.explain.user=false; EXPLAIN SELECT count(*) FROM shop.orders";
        String count = "SELECT count(*) AS n FROM shop.orders";
        Cli.Result tez = Cli.run("sql", "--warehouse", warehouse(), "-e", explain + "; " + count);
        assertThat(tez.exitCode()).as(tez.toString()).isZero();
        assertThat(tez.out()).contains("Tez").doesNotContain("Map Reduce").contains("| n |\n+---+\n| 6 |");

        Cli.Result mr = Cli.run("sql", "--warehouse", warehouse(), "--engine", "mr", "-e", explain + "; " + count);
        assertThat(mr.exitCode()).as(mr.toString()).isZero();
        assertThat(mr.out()).contains("Map Reduce").doesNotContain("Tez").contains("| n |\n+---+\n| 6 |");

        Cli.Result set = Cli.run("sql", "--warehouse", warehouse(), "-e",
                "SET hive.execution.engine=mr; " + explain + "; SET hive.execution.engine=tez; " + explain);
        assertThat(set.exitCode()).as(set.toString()).isZero();
        assertThat(set.out().substring(0, set.out().lastIndexOf("> EXPLAIN"))).contains("Map Reduce").doesNotContain("Tez");
        assertThat(set.out().substring(set.out().lastIndexOf("> EXPLAIN"))).contains("Tez").doesNotContain("Map Reduce");

        Cli.Result bad = Cli.run("sql", "--warehouse", warehouse(), "--engine", "spark", "-e", count);
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("'spark' is not an engine: give tez or mr");
    }

    /** The connector's hooks are on: a MERGE that is an upsert by key runs as an INSERT (no join with the target). */
    @Test
    @Order(7)
    void sqlRunsAnUpsertMergeWithoutReadingTheTarget() {
        String merge = "MERGE INTO shop.latest t USING (SELECT inline(array(named_struct('id', CAST(2 AS BIGINT), 'v', 'b2'),"
                + " named_struct('id', CAST(3 AS BIGINT), 'v', 'c')))) s ON t.id = s.id"
                + " WHEN MATCHED THEN UPDATE SET v = s.v WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.v)";
        Cli.Result r = Cli.run("sql", "--warehouse", warehouse(), "-e", "CREATE TABLE shop.latest (id BIGINT, v STRING)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='id', 'bucket'='1');"
                + " INSERT INTO shop.latest VALUES (1, 'a'), (2, 'b'); EXPLAIN " + merge + "; " + merge
                + "; SELECT * FROM shop.latest ORDER BY id");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        String explain = r.out().substring(r.out().indexOf("> EXPLAIN"), r.out().indexOf("> MERGE"));
        assertThat(explain).contains("Reducer").doesNotContainIgnoringCase("join");
        assertThat(r.out()).contains("| 1  | a  |\n| 2  | b2 |\n| 3  | c  |");
    }

    @Test
    @Order(8)
    void freshStartsOver() {
        Cli.Result fresh = Cli.run("quickstart", "--warehouse", warehouse(), "--fresh");
        assertThat(fresh.exitCode()).as(fresh.toString()).isZero();
        assertThat(fresh.out()).contains("Starting fresh (--fresh): tables and metastore recreated (round 1).")
                .contains("FOR SYSTEM_VERSION AS OF 1 ORDER BY order_id")
                .contains("| 103         | Linus | Helsinki | 1      | 60.00       | 2026-12-03    |")
                .doesNotContain("2026-12-04");
    }

    @Test
    @Order(9)
    void aMetastoreInUseByAnotherProcessIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path other = dir.resolve("busy");
        Path lock = other.resolve(".hive/metastore_db/dbex.lck");
        Files.createDirectories(lock.getParent());
        Files.createFile(lock);
        // Another JVM holds the lock the way a booted Derby does.
        Path locker = dir.resolve("Locker.java");
        Files.writeString(locker, """
                import java.nio.channels.FileChannel;
                import java.nio.file.*;
                public class Locker {
                    public static void main(String[] a) throws Exception {
                        try (FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.WRITE)) {
                            c.lock();
                            System.out.println("locked");
                            System.out.flush();
                            Thread.sleep(120_000);
                        }
                    }
                }
                """);
        Process holder = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), locker.toString(),
                lock.toString()).redirectErrorStream(true).start();
        try {
            java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(holder.getInputStream()));
            assertThat(in.readLine()).isEqualTo("locked");
            Cli.Result r = Cli.run("quickstart", "--warehouse", other.toString());
            assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
            assertThat(r.err()).contains("The metastore of warehouse " + other + " (" + other.resolve(".hive/metastore_db")
                    + ") is in use by another process");
            assertThat(other.resolve("shop.db")).doesNotExist();
        } finally {
            holder.destroyForcibly();
        }
    }
}
