package io.strata.hive.it;

import static io.strata.hive.it.WrittenTables.dataFiles;
import static io.strata.hive.it.WrittenTables.latestKind;
import static io.strata.hive.it.WrittenTables.local;
import static io.strata.hive.it.WrittenTables.reload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.fs.FileIO;
import io.strata.hive.StatementRollbackHook;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code UPDATE}, {@code DELETE} and {@code MERGE INTO} on Strata primary-key tables from HiveQL, on Tez and on
 * MapReduce: Hive rewrites each into inserts of new rows and of rows to delete, Strata writes them by key, and
 * the statement commits once. Each statement is checked against the rows Hive reads back, the rows Strata's
 * core reads and the rows Apache Paimon reads, and the snapshots it made.
 */
class HiveRowLevelIT {

    private static EmbeddedHive hive;
    private static FileSystemCatalog catalog;

    @BeforeAll
    static void warehouse() {
        hive = EmbeddedHive.get();
        Path warehouse = hive.newDirectory("strata-row-level");
        catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("r", true);
    }

    private static Table ordersTable(String name) {
        return OrdersTables.create(hive, catalog, "r", name, java.util.Map.of());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void deleteRemovesRowsByKeyInOneSnapshot(Engine engine) {
        String name = "del_" + engine.setting();
        Table table = ordersTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "DELETE FROM strata_it." + name + " WHERE id = 2 OR amount > 3.50");
        List<String> expected = List.of("1\ta\t1.00\t2024-01-01", "3\tc\t3.00\t2024-01-02");
        assertRows(table, name, expected);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(latestKind(table)).isEqualTo(CommitKind.APPEND);

        // A whole partition, then a statement that matches nothing (no snapshot).
        hive.query(mode, "DELETE FROM strata_it." + name + " WHERE dt = '2024-01-02'");
        assertRows(table, name, List.of("1\ta\t1.00\t2024-01-01"));
        hive.query(mode, "DELETE FROM strata_it." + name + " WHERE id > 100");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void updateWritesTheNewRowsByKeyInOneSnapshot(Engine engine) {
        String name = "upd_" + engine.setting();
        Table table = ordersTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "UPDATE strata_it." + name + " SET name = upper(name), amount = amount * 10 WHERE id = 2");
        assertRows(table, name, List.of("1\ta\t1.00\t2024-01-01", "2\tB\t20.00\t2024-01-01",
                "3\tc\t3.00\t2024-01-02", "4\td\t4.00\t2024-01-02"));
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(latestKind(table)).isEqualTo(CommitKind.APPEND);

        hive.query(mode, "UPDATE strata_it." + name + " SET amount = NULL WHERE dt = '2024-01-02'");
        assertRows(table, name, List.of("1\ta\t1.00\t2024-01-01", "2\tB\t20.00\t2024-01-01",
                "3\tc\tNULL\t2024-01-02", "4\td\tNULL\t2024-01-02"));
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L, 3L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void anUpdateOfAKeyOrPartitionColumnIsRefusedAndChangesNothing(Engine engine) {
        String name = "upd_key_" + engine.setting();
        Table table = ordersTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        for (String set : List.of("id = id + 100", "`dt` = '2024-02-01', name = 'x'")) {
            assertThatThrownBy(() -> hive.run(mode, "UPDATE strata_it." + name + " SET " + set + " WHERE id = 1"))
                    .as(set)
                    .isInstanceOf(CommandProcessorException.class)
                    .hasMessageContaining("cannot SET column").hasMessageContaining("nothing was written");
        }
        assertRows(table, name, List.of("1\ta\t1.00\t2024-01-01", "2\tb\t2.00\t2024-01-01",
                "3\tc\t3.00\t2024-01-02", "4\td\t4.00\t2024-01-02"));
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void mergeDeletesUpdatesAndInsertsInOneSnapshot(Engine engine) {
        String name = "merge_" + engine.setting();
        Table table = ordersTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        String source = "SELECT inline(array("
                + "named_struct('id', 2, 'name', 'b2', 'amount', CAST(20.00 AS DECIMAL(10,2)), 'dt', '2024-01-01', 'op', 'U'),"
                + "named_struct('id', 3, 'name', CAST(NULL AS STRING), 'amount', CAST(NULL AS DECIMAL(10,2)),"
                + " 'dt', '2024-01-02', 'op', 'D'),"
                + "named_struct('id', 5, 'name', 'e', 'amount', CAST(5.00 AS DECIMAL(10,2)), 'dt', '2024-01-03', 'op', 'I')))";
        String merge = merge(name, source);
        hive.query(mode, merge);
        List<String> expected = List.of("1\ta\t1.00\t2024-01-01", "2\tb2\t20.00\t2024-01-01",
                "4\td\t4.00\t2024-01-02", "5\te\t5.00\t2024-01-03");
        assertRows(table, name, expected);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(latestKind(table)).isEqualTo(CommitKind.APPEND);

        // Two source rows for one target row: Hive's cardinality check fails the statement, nothing changes.
        String twice = "SELECT inline(array("
                + "named_struct('id', 1, 'name', 'x', 'amount', CAST(0 AS DECIMAL(10,2)), 'dt', '2024-01-01', 'op', 'U'),"
                + "named_struct('id', 1, 'name', 'y', 'amount', CAST(0 AS DECIMAL(10,2)), 'dt', '2024-01-01', 'op', 'U')))";
        // With the statement hook, what the finished branches wrote is removed too (on MapReduce the MERGE runs
        // one job per branch, and the cardinality check's job fails after the others succeeded).
        List<java.nio.file.Path> files = dataFiles(table);
        hive.query("SET hive.query.lifetime.hooks=" + StatementRollbackHook.class.getName());
        try {
            assertThatThrownBy(() -> hive.run(mode, merge(name, twice)))
                    .isInstanceOf(CommandProcessorException.class);
        } finally {
            hive.query("SET hive.query.lifetime.hooks=");
        }
        assertRows(table, name, expected);
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(files);
        assertThat(java.nio.file.Files.exists(local(table).resolve(".strata-staging"))).as("staging removed").isFalse();
    }

    /**
     * What a statement leaves when nothing runs after its tasks (the process killed after its writing jobs, or,
     * here, a MERGE on MapReduce whose cardinality job fails after the writing jobs succeeded, without
     * {@link StatementRollbackHook}): data files and staged messages that no snapshot references, the table as
     * it was. Orphan-file removal deletes them all, and the table reads the same.
     */
    @org.junit.jupiter.api.Test
    void whatAStatementLeftWithoutItsCommitIsRemovedAsOrphanFiles() throws Exception {
        String name = "merge_orphans";
        Table table = ordersTable(name);
        List<java.nio.file.Path> files = dataFiles(table);
        String twice = "SELECT inline(array("
                + "named_struct('id', 1, 'name', 'x', 'amount', CAST(0 AS DECIMAL(10,2)), 'dt', '2024-01-01', 'op', 'U'),"
                + "named_struct('id', 1, 'name', 'y', 'amount', CAST(0 AS DECIMAL(10,2)), 'dt', '2024-01-01', 'op', 'U')))";
        assertThatThrownBy(() -> hive.run(ExecutionMode.of(Engine.MR, true), merge(name, twice)))
                .isInstanceOf(CommandProcessorException.class);
        java.nio.file.Path staging = local(table).resolve(io.strata.table.TablePaths.STAGING_DIRECTORY);
        assertThat(dataFiles(table)).as("the writing jobs' files stay").hasSizeGreaterThan(files.size());
        assertThat(staging).as("and their staged messages").isNotEmptyDirectory();
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L);

        Thread.sleep(20);
        List<org.apache.hadoop.fs.Path> removed = reload(table).removeOrphanFiles()
                .olderThan(java.time.Instant.now().minusMillis(5)).execute();
        assertThat(removed).isNotEmpty();
        assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(files);
        assertThat(staging).doesNotExist();
        assertRows(table, name, List.of("1\ta\t1.00\t2024-01-01", "2\tb\t2.00\t2024-01-01",
                "3\tc\t3.00\t2024-01-02", "4\td\t4.00\t2024-01-02"));
    }

    /**
     * The rows a DELETE (or the delete half of an UPDATE or MERGE) hands the writer carry only the key where a
     * delete by key is all the table needs, so Hive reads only the key columns of the rows to delete; a table
     * whose merge reads the old row (here a sequence field, which orders the delete against the row it
     * deletes) gets the whole row, and its deletes still win.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void rowsToDeleteCarryOnlyTheKeyWhereTheMergeNeedsNoMore(Engine engine) throws CommandProcessorException {
        String name = "del_key_" + engine.setting();
        Table table = ordersTable(name);
        ExecutionMode mode = ExecutionMode.of(engine, true);
        String delete = "DELETE FROM strata_it." + name + " WHERE id = 2";
        String plan = String.join("\n", hive.run(mode, "EXPLAIN " + delete));
        assertThat(plan).contains("dt (type: string)").doesNotContain("name (type").doesNotContain("amount (type");
        hive.query(mode, delete);
        assertRows(table, name, List.of("1\ta\t1.00\t2024-01-01", "3\tc\t3.00\t2024-01-02",
                "4\td\t4.00\t2024-01-02"));

        String versioned = "del_seq_" + engine.setting();
        Table sequenced = catalog.createTable(Identifier.of("r", versioned), Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("ver", DataTypes.BIGINT())
                .column("name", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .option("sequence.field", "ver")
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + versioned + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + sequenced.location() + "'");
        hive.query(mode, "INSERT INTO strata_it." + versioned + " VALUES (1, 5, 'a'), (2, 7, 'b'), (3, 9, 'c')");
        String deleteVersioned = "DELETE FROM strata_it." + versioned + " WHERE id = 1";
        assertThat(String.join("\n", hive.run(mode, "EXPLAIN " + deleteVersioned)))
                .contains("ver (type: bigint)").contains("name (type: string)");
        hive.query(mode, deleteVersioned);
        assertThat(hive.query("SELECT * FROM strata_it." + versioned)).containsExactlyInAnyOrder("2\t7\tb", "3\t9\tc");
        assertThat(PaimonReader.rows(sequenced)).containsExactlyInAnyOrder("2\t7\tb", "3\t9\tc");
        hive.query(mode, "MERGE INTO strata_it." + versioned + " t USING (SELECT inline(array(named_struct('id', 2)))) s"
                + " ON t.id = s.id"
                + " WHEN MATCHED THEN DELETE");
        assertThat(hive.query("SELECT * FROM strata_it." + versioned)).containsExactly("3\t9\tc");
        assertThat(PaimonReader.rows(sequenced)).containsExactly("3\t9\tc");
    }

    /**
     * A Tez write right after a MapReduce statement that no fetch task followed (here an EXPLAIN): MapReduce's
     * mapper leaves a static "done" flag that Hive's record reader obeys, and in this JVM the Tez task read no
     * row and the INSERT committed nothing, successfully, until {@link EmbeddedHive} reset it per statement.
     */
    @org.junit.jupiter.api.Test
    void aTezWriteAfterAMapReduceExplainWritesItsRows() throws CommandProcessorException {
        Table first = ordersTable("after_mr_1");
        Table second = ordersTable("after_mr_2");
        hive.run(ExecutionMode.of(Engine.MR, true), "EXPLAIN DELETE FROM strata_it.after_mr_1 WHERE id = 2");
        hive.query(ExecutionMode.of(Engine.TEZ, true), "INSERT INTO strata_it.after_mr_2 VALUES (5, 'e', 5.00, '2024-01-03')");
        List<String> initial = List.of("1\ta\t1.00\t2024-01-01", "2\tb\t2.00\t2024-01-01",
                "3\tc\t3.00\t2024-01-02", "4\td\t4.00\t2024-01-02");
        List<String> inserted = new java.util.ArrayList<>(initial);
        inserted.add("5\te\t5.00\t2024-01-03");
        assertRows(second, "after_mr_2", inserted);
        assertRows(first, "after_mr_1", initial);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void rowLevelStatementsOnAnAppendTableAreRefusedSayingWhy(Engine engine) {
        String name = "del_append_" + engine.setting();
        Table table = catalog.createTable(Identifier.of("r", name), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (1, 'a')");
        for (String statement : List.of("DELETE FROM strata_it." + name + " WHERE id = 1",
                "UPDATE strata_it." + name + " SET name = 'b' WHERE id = 1")) {
            assertThatThrownBy(() -> hive.run(mode, statement))
                    .as(statement)
                    .isInstanceOf(CommandProcessorException.class)
                    .hasMessageContaining("has no primary key").hasMessageContaining("nothing was written");
        }
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L);
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactly("1\ta");
        // The refused statements leave nothing behind in the session: the next write lands.
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (2, 'b')");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrder("1\ta", "2\tb");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
    }

    /**
     * Deletion-vector tables, whose reads skip level 0: an UPDATE or MERGE writes each bucket from two tasks
     * (its delete and insert halves) without compacting, and its commit compacts their level 0 once, so the
     * statement is an APPEND snapshot followed by a COMPACT one; a DELETE (one task per bucket) compacts in
     * its task, as an INSERT does.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void deletionVectorTablesTakeDeleteUpdateAndMerge(Engine engine) {
        String name = "dv_" + engine.setting();
        Table table = catalog.createTable(Identifier.of("r", name), Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .option("deletion-vectors.enabled", "true")
                .build(), false);
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd')");
        hive.query(mode, "DELETE FROM strata_it." + name + " WHERE id = 2");
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrder("1\ta", "3\tc", "4\td");
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrder("1\ta", "3\tc", "4\td");

        long before = reload(table).snapshots().latestSnapshotId();
        hive.query(mode, "UPDATE strata_it." + name + " SET name = upper(name) WHERE id IN (1, 3)");
        assertRowsOf(table, name, "1\tA", "3\tC", "4\td");
        assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(before + 2);
        assertThat(reload(table).snapshots().snapshot(before + 1).commitKind()).isEqualTo(CommitKind.APPEND);
        assertThat(latestKind(table)).isEqualTo(CommitKind.COMPACT);

        hive.query(mode, "MERGE INTO strata_it." + name + " t USING (SELECT inline(array("
                + "named_struct('id', 1, 'name', 'a2', 'op', 'U'), named_struct('id', 4, 'name', CAST(NULL AS STRING),"
                + " 'op', 'D'), named_struct('id', 5, 'name', 'e', 'op', 'I')))) s ON t.id = s.id"
                + " WHEN MATCHED AND s.op = 'D' THEN DELETE WHEN MATCHED THEN UPDATE SET name = s.name"
                + " WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.name)");
        assertRowsOf(table, name, "1\ta2", "3\tC", "5\te");
        assertThat(latestKind(table)).isEqualTo(CommitKind.COMPACT);
    }

    private static void assertRowsOf(Table table, String name, String... expected) {
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrder(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrder(expected);
    }

    /** Deletes the rows marked 'D', updates the other matches, inserts the rest. */
    private static String merge(String table, String source) {
        return "MERGE INTO strata_it." + table + " t USING (" + source + ") s"
                + " ON t.id = s.id AND t.dt = s.dt"
                + " WHEN MATCHED AND s.op = 'D' THEN DELETE"
                + " WHEN MATCHED THEN UPDATE SET name = s.name, amount = s.amount"
                + " WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.name, s.amount, s.dt)";
    }

    private static void assertRows(Table table, String name, List<String> expected) {
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
    }
}
