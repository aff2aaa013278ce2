package io.strata.hive.it;

import static io.strata.hive.it.WrittenTables.coreRows;
import static io.strata.hive.it.WrittenTables.local;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.snapshot.CommitKind;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code CREATE TABLE ... STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES (...) AS SELECT} on Tez
 * and on MapReduce: a new Strata table with the query's columns and the properties' key, partitioning and
 * options, holding the query's rows as ONE APPEND snapshot that Hive, Strata's core and Apache Paimon read
 * alike. A CTAS that fails (a task, an option, a session without the rollback hook) leaves no table in the
 * metastore and no directory.
 */
class HiveCtasIT {

    private static final String HOOK = "io.strata.hive.StatementRollbackHook";

    private static EmbeddedHive hive;
    private static Path externalWarehouse;

    @BeforeAll
    static void source() {
        hive = EmbeddedHive.get();
        hive.query("CREATE TABLE IF NOT EXISTS strata_it.ctas_source (id INT, name STRING, amount DECIMAL(10,2),"
                + " dt STRING) STORED AS ORC");
        hive.query("INSERT OVERWRITE TABLE strata_it.ctas_source VALUES (1, 'a', 1.50, '2024-01-01'),"
                + " (2, 'b', 2.25, '2024-01-01'), (3, 'c', NULL, '2024-01-02'), (4, NULL, 4.00, '2024-01-02')");
    }

    @BeforeEach
    void rollbackHook() {
        hive.query("SET hive.query.lifetime.hooks=" + HOOK);
    }

    @AfterEach
    void noHook() {
        hive.query("SET hive.query.lifetime.hooks=");
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void ctasCreatesAPrimaryKeyTableWithOneAppendSnapshot(Engine engine) {
        String name = "ctas_pk_" + engine.setting();
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "CREATE TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " TBLPROPERTIES ('primary-key'='id', 'bucket'='2', 'file.format'='parquet')"
                + " AS SELECT id, name, amount, dt FROM strata_it.ctas_source WHERE id IS NOT NULL");
        Table table = table("strata_it." + name);
        assertThat(table.schema().primaryKeys()).containsExactly("id");
        assertThat(table.schema().options()).containsEntry("bucket", "2").containsEntry("file.format", "parquet");
        assertThat(table.schema().rowType().fieldNames()).containsExactly("id", "name", "amount", "dt");
        assertThat(table.schema().rowType().field(2).type()).isEqualTo(DataTypes.DECIMAL(10, 2));

        List<String> expected = List.of("1\ta\t1.50\t2024-01-01", "2\tb\t2.25\t2024-01-01", "3\tc\tNULL\t2024-01-02",
                "4\tNULL\t4.00\t2024-01-02");
        assertThat(hive.query(mode, "SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("APPEND");
        assertThat(table.snapshots().listIds()).containsExactly(1L);
        assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.APPEND);
        assertThat(leftovers(table)).isEmpty();

        // The table takes writes like any other: an upsert by key.
        hive.query(mode, "INSERT INTO strata_it." + name + " VALUES (2, 'b2', 20.00, '2024-01-01')");
        assertThat(hive.query(mode, "SELECT name FROM strata_it." + name + " WHERE id = 2")).containsExactly("b2");
        hive.query("DROP TABLE strata_it." + name);
        assertThat(Files.exists(local(table))).as("DROP deletes a table CTAS created").isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void ctasWithAPartitionPropertyPartitionsTheStrataTable(Engine engine) {
        String name = "ctas_parts_" + engine.setting();
        ExecutionMode mode = ExecutionMode.of(engine, true);
        hive.query(mode, "CREATE TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " TBLPROPERTIES ('partition'='dt', 'bucket'='-1')"
                + " AS SELECT id, name, dt FROM strata_it.ctas_source");
        Table table = table("strata_it." + name);
        assertThat(table.schema().partitionKeys()).containsExactly("dt");
        List<String> expected = List.of("1\ta\t2024-01-01", "2\tb\t2024-01-01", "3\tc\t2024-01-02", "4\tNULL\t2024-01-02");
        assertThat(hive.query(mode, "SELECT * FROM strata_it." + name)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(coreRows(table)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(table.snapshots().listIds()).containsExactly(1L);
        assertThat(PaimonReader.latestKind(table)).isEqualTo("APPEND");
        assertThat(Files.isDirectory(local(table).resolve("dt=2024-01-02"))).isTrue();
        assertThat(leftovers(table)).isEmpty();
        hive.query("DROP TABLE strata_it." + name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void partitionedByIsRefusedBeforeAnythingIsCreatedNamingThePartitionProperty(Engine engine) {
        // Hive 4.1 plans it as a write into metastore partitions, which a Strata table does not have.
        String name = "ctas_partby_" + engine.setting();
        assertThatThrownBy(() -> hive.run(ExecutionMode.of(engine, true), "CREATE TABLE strata_it." + name
                + " PARTITIONED BY (dt) STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " AS SELECT id, name, dt FROM strata_it.ctas_source"))
                .isInstanceOf(CommandProcessorException.class)
                .hasStackTraceContaining("TBLPROPERTIES ('partition'='dt')");
        assertNoTable(name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void ctasOfNoRowCreatesAnEmptyTable(Engine engine) {
        String name = "ctas_empty_" + engine.setting();
        hive.query(ExecutionMode.of(engine, true), "CREATE TABLE strata_it." + name
                + " STORED BY 'io.strata.hive.StrataStorageHandler' AS SELECT id, name FROM strata_it.ctas_source"
                + " WHERE id > 100");
        Table table = table("strata_it." + name);
        assertThat(table.latestSnapshot()).isEmpty();
        assertThat(hive.query("SELECT * FROM strata_it." + name)).isEmpty();
        assertThat(PaimonReader.rows(table)).isEmpty();
        hive.query("DROP TABLE strata_it." + name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void aCtasWhoseTaskFailsLeavesNoTableAndNoFiles(Engine engine) {
        String name = "ctas_fail_" + engine.setting();
        // A NULL id in the primary key: the task fails after writing the rows before it.
        assertThatThrownBy(() -> hive.run(ExecutionMode.of(engine, true), "CREATE TABLE strata_it." + name
                + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='id', 'bucket'='1')"
                + " AS SELECT id, name FROM (SELECT 7 AS id, 'x' AS name UNION ALL SELECT CAST(NULL AS INT), 'y') s"))
                .isInstanceOf(CommandProcessorException.class);
        assertNoTable(name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void anInvalidOptionFailsNamingItAndLeavesNothing(Engine engine) {
        String name = "ctas_bad_" + engine.setting();
        assertThatThrownBy(() -> hive.run(ExecutionMode.of(engine, true), "CREATE TABLE strata_it." + name
                + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('bucket'='zero')"
                + " AS SELECT id, name FROM strata_it.ctas_source"))
                .isInstanceOf(CommandProcessorException.class)
                .hasStackTraceContaining("strata_it." + name)
                .hasStackTraceContaining("bucket");
        assertNoTable(name);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Engine.class)
    void aSessionWithoutTheRollbackHookIsRefusedBeforeAnythingIsCreated(Engine engine) {
        String name = "ctas_nohook_" + engine.setting();
        hive.query("SET hive.query.lifetime.hooks=");
        assertThatThrownBy(() -> hive.run(ExecutionMode.of(engine, true), "CREATE TABLE strata_it." + name
                + " STORED BY 'io.strata.hive.StrataStorageHandler' AS SELECT id, name FROM strata_it.ctas_source"))
                .isInstanceOf(CommandProcessorException.class)
                .hasStackTraceContaining(HOOK)
                .hasStackTraceContaining("hive.query.lifetime.hooks");
        assertNoTable(name);
    }

    /** Neither a metastore entry nor a directory under the external warehouse. */
    private void assertNoTable(String name) {
        assertThatThrownBy(() -> hive.run("DESCRIBE strata_it." + name)).isInstanceOf(CommandProcessorException.class);
        try (Stream<Path> all = Files.walk(externalWarehouse())) {
            assertThat(all.filter(p -> p.getFileName().toString().equals(name)).toList())
                    .as("no directory of " + name).isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path externalWarehouse() {
        if (externalWarehouse == null) {
            hive.query("CREATE TABLE IF NOT EXISTS strata_it.ctas_probe (id INT) STORED BY"
                    + " 'io.strata.hive.StrataStorageHandler'");
            externalWarehouse = local(table("strata_it.ctas_probe")).getParent().getParent();
        }
        return externalWarehouse;
    }

    private static Table table(String hiveTable) {
        for (String line : hive.query("DESCRIBE FORMATTED " + hiveTable)) {
            if (line.startsWith("Location:")) {
                String location = line.substring("Location:".length()).trim();
                return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(location));
            }
        }
        throw new AssertionError("No Location in DESCRIBE FORMATTED " + hiveTable);
    }

    /** What the statement may have left in the table directory besides the table: staging of Strata or Hive. */
    private static List<Path> leftovers(Table table) {
        try (Stream<Path> files = Files.walk(local(table))) {
            return files.filter(p -> p.getFileName().toString().startsWith("."))
                    .filter(p -> !p.getFileName().toString().endsWith(".crc")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
