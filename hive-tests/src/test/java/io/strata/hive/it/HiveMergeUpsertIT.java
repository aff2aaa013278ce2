package io.strata.hive.it;

import static io.strata.hive.it.WrittenTables.dataFiles;
import static io.strata.hive.it.WrittenTables.latestKind;
import static io.strata.hive.it.WrittenTables.local;
import static io.strata.hive.it.WrittenTables.reload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.fs.FileIO;
import io.strata.hive.MergeUpsertHook;
import io.strata.hive.StatementRollbackHook;
import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A MERGE that is an upsert by key, with {@link MergeUpsertHook} registered, on Tez and on MapReduce: it runs as
 * an INSERT of the source rows (one scan, no join with the target) and leaves the rows Hive's MERGE leaves, in
 * one APPEND snapshot that Apache Paimon reads the same; two source rows with one key fail it and change
 * nothing; any other MERGE runs as Hive's.
 */
class HiveMergeUpsertIT {

    private static EmbeddedHive hive;
    private static FileSystemCatalog catalog;

    @BeforeAll
    static void warehouse() {
        hive = EmbeddedHive.get();
        Path warehouse = hive.newDirectory("strata-merge-upsert");
        catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("u", true);
    }

    @BeforeEach
    void registerHooks() {
        hive.query("SET hive.semantic.analyzer.hook=" + MergeUpsertHook.class.getName());
        hive.query("SET hive.query.lifetime.hooks=" + StatementRollbackHook.class.getName());
    }

    @AfterEach
    void unregisterHooks() {
        hive.query("SET hive.semantic.analyzer.hook=");
        hive.query("SET hive.query.lifetime.hooks=");
        hive.query("SET hive.merge.cardinality.check=true");
    }

    private static Table ordersTable(String name, Map<String, String> options) {
        return OrdersTables.create(hive, catalog, "u", name, options);
    }

    /** A source of (id, name, amount, dt) rows. */
    private static String source(String... rows) {
        return "(SELECT inline(array(" + String.join(", ", rows) + "))) s";
    }

    private static String row(int id, String name, String amount, String dt) {
        return "named_struct('id', " + id + ", 'name', '" + name + "', 'amount', CAST(" + amount
                + " AS DECIMAL(10,2)), 'dt', '" + dt + "')";
    }

    /** Updates every column of the matched rows and inserts the others: an upsert by (dt, id). */
    private static String upsert(String table, String source) {
        return "MERGE INTO strata_it." + table + " AS t USING " + source + " ON t.id = s.id AND t.dt = s.dt"
                + " WHEN MATCHED THEN UPDATE SET name = upper(s.name), amount = s.amount"
                + " WHEN NOT MATCHED THEN INSERT VALUES (s.id, upper(s.name), s.amount, s.dt)";
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void anUpsertMergeWritesOnlyTheSourceRowsInOneSnapshot(Engine engine) throws CommandProcessorException {
        String name = "upsert_" + engine.setting();
        Table table = ordersTable(name, Map.of());
        ExecutionMode mode = ExecutionMode.of(engine, true);
        String merge = upsert(name, source(row(2, "b2", "20.00", "2024-01-01"), row(5, "e", "5.00", "2024-01-03")));

        String plan = String.join("\n", hive.run(mode, "EXPLAIN " + merge));
        assertThat(plan).as("no join with the target").doesNotContainIgnoringCase("join")
                .contains("Reduce Output Operator");
        hive.query(mode, merge);
        assertThat(strataScans()).as("the target is not read").isZero();
        assertRows(table, name, "1\ta\t1.00\t2024-01-01", "2\tB2\t20.00\t2024-01-01", "3\tc\t3.00\t2024-01-02",
                "4\td\t4.00\t2024-01-02", "5\tE\t5.00\t2024-01-03");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(latestKind(table)).isEqualTo(CommitKind.APPEND);

        // The same MERGE as Hive runs it (no hook) leaves the same rows.
        String twin = "upsert_hive_" + engine.setting();
        Table hiveMerged = ordersTable(twin, Map.of());
        hive.query("SET hive.semantic.analyzer.hook=");
        hive.query(mode, upsert(twin, source(row(2, "b2", "20.00", "2024-01-01"), row(5, "e", "5.00", "2024-01-03"))));
        assertThat(strataScans()).as("Hive's MERGE reads the target").isPositive();
        assertThat(hive.query("SELECT * FROM strata_it." + twin))
                .containsExactlyInAnyOrderElementsOf(hive.query("SELECT * FROM strata_it." + name));
        assertThat(PaimonReader.rows(hiveMerged)).containsExactlyInAnyOrderElementsOf(PaimonReader.rows(table));
    }

    /**
     * Two source rows with one key, whether it matches a target row (Hive's cardinality violation) or not (one key
     * inserted twice into a primary-key table): the statement fails, no row, snapshot or file is left. With
     * {@code hive.merge.cardinality.check=false} the upsert lands, the key once.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void twoSourceRowsWithOneKeyFailAndChangeNothing(Engine engine) {
        String name = "upsert_twice_" + engine.setting();
        Table table = ordersTable(name, Map.of());
        ExecutionMode mode = ExecutionMode.of(engine, true);
        List<Path> files = dataFiles(table);
        for (int id : new int[] {1, 7}) {
            String merge = upsert(name, source(row(id, "x", "0", "2024-01-01"), row(3, "c2", "3.00", "2024-01-02"),
                    row(id, "y", "0", "2024-01-01")));
            assertThatThrownBy(() -> hive.run(mode, merge)).as("key %d twice", id)
                    .isInstanceOf(CommandProcessorException.class)
                    .satisfies(e -> {
                        if (engine == Engine.TEZ) {
                            // MapReduce tells the client only "return code 2"; Tez passes the task's error on.
                            assertThat(e).hasMessageContaining("two source rows have the primary key id=" + id);
                        }
                    });
            assertRows(table, name, OrdersTables.INITIAL);
            assertThat(reload(table).snapshots().listIds()).containsExactly(1L);
            assertThat(dataFiles(table)).containsExactlyInAnyOrderElementsOf(files);
            assertThat(Files.exists(local(table).resolve(".strata-staging"))).as("staging removed").isFalse();
        }

        hive.query("SET hive.merge.cardinality.check=false");
        hive.query(mode, upsert(name, source(row(7, "x", "0", "2024-01-01"), row(7, "y", "0", "2024-01-01"))));
        assertThat(hive.query("SELECT name FROM strata_it." + name + " WHERE id = 7")).hasSize(1)
                .first().isIn("X", "Y");
        assertThat(reload(table).snapshots().listIds()).containsExactly(1L, 2L);
    }

    /**
     * MERGEs that are not upserts (a value read from the target, a DELETE clause) and an upsert into a table with a
     * sequence field: Hive's MERGE, with its join, and its results.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void otherMergesRunAsHivesMerge(Engine engine) throws CommandProcessorException {
        String name = "not_upsert_" + engine.setting();
        Table table = ordersTable(name, Map.of());
        ExecutionMode mode = ExecutionMode.of(engine, true);
        String readsTarget = "MERGE INTO strata_it." + name + " AS t USING "
                + source(row(2, "b2", "20.00", "2024-01-01"), row(5, "e", "5.00", "2024-01-03"))
                + " ON t.id = s.id AND t.dt = s.dt"
                + " WHEN MATCHED THEN UPDATE SET name = concat(t.name, s.name), amount = s.amount"
                + " WHEN NOT MATCHED THEN INSERT VALUES (s.id, concat(t.name, s.name), s.amount, s.dt)";
        assertThat(String.join("\n", hive.run(mode, "EXPLAIN " + readsTarget))).containsIgnoringCase("join");
        hive.query(mode, readsTarget);
        assertRows(table, name, "1\ta\t1.00\t2024-01-01", "2\tbb2\t20.00\t2024-01-01", "3\tc\t3.00\t2024-01-02",
                "4\td\t4.00\t2024-01-02", "5\tNULL\t5.00\t2024-01-03");

        hive.query(mode, "MERGE INTO strata_it." + name + " AS t USING "
                + source(row(1, "a", "1.00", "2024-01-01"), row(3, "c3", "30.00", "2024-01-02"))
                + " ON t.id = s.id AND t.dt = s.dt WHEN MATCHED AND s.id = 1 THEN DELETE"
                + " WHEN MATCHED THEN UPDATE SET name = s.name, amount = s.amount");
        assertRows(table, name, "2\tbb2\t20.00\t2024-01-01", "3\tc3\t30.00\t2024-01-02", "4\td\t4.00\t2024-01-02",
                "5\tNULL\t5.00\t2024-01-03");

        String sequenced = "upsert_seq_" + engine.setting();
        Table withSequence = ordersTable(sequenced, Map.of("sequence.field", "amount"));
        String merge = upsert(sequenced, source(row(2, "b2", "20.00", "2024-01-01")));
        assertThat(String.join("\n", hive.run(mode, "EXPLAIN " + merge))).containsIgnoringCase("join");
        hive.query(mode, merge);
        assertRows(withSequence, sequenced, "1\ta\t1.00\t2024-01-01", "2\tB2\t20.00\t2024-01-01",
                "3\tc\t3.00\t2024-01-02", "4\td\t4.00\t2024-01-02");
    }

    /** How many map-side scans of the last statement read a Strata table (the source here is not one). */
    private static long strataScans() {
        return hive.lastPlan().scans().stream()
                .filter(scan -> scan.inputFormats().contains("io.strata.hive.StrataInputFormat"))
                .count();
    }

    private static void assertRows(Table table, String name, String... expected) {
        assertThat(hive.query("SELECT * FROM strata_it." + name)).containsExactlyInAnyOrder(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrder(expected);
    }
}
