package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaChange;
import io.strata.schema.SchemaManager;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Schema changes made in Strata (add, rename, widen) after the Hive table was created: a Hive table created
 * without a column list follows them (old rows read NULL for an added column); one created with a column
 * list keeps reading its columns while they are unchanged and fails, naming the column, once one is
 * renamed or its type changed, never reading values as a wrong type. Every read runs on each mode of
 * {@link ExecutionMode#matrix()} with the same rows; the failures on both engines.
 */
class SchemaEvolutionIT {

    private static EmbeddedHive hive;
    private static FileSystemCatalog catalog;

    @BeforeAll
    static void start() {
        hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-evolution");
        catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
    }

    private static Table table(String name) {
        Table table = catalog.createTable(Identifier.of("db", name), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("name", DataTypes.STRING())
                .column("price", DataTypes.INT())
                .primaryKey("id")
                .option("bucket", "1")
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1L, Utf8String.fromString("one"), 10));
            w.write(GenericRow.of(2L, Utf8String.fromString("two"), 20));
            w.commit();
        }
        return table;
    }

    private static Table evolve(Table table, SchemaChange... changes) {
        new SchemaManager(FileIO.local(), table.location()).commitChanges(changes);
        return Tables.load(FileIO.local(), table.location());
    }

    @Test
    void aTableCreatedWithoutColumnsFollowsTheStrataSchema() throws Exception {
        Table table = table("evolve_auto");
        hive.query("CREATE EXTERNAL TABLE strata_it.evolve_auto STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        assertThat(hive.queryOnEachMode("SELECT * FROM strata_it.evolve_auto ORDER BY id")).containsExactly("1\tone\t10", "2\ttwo\t20");

        Table evolved = evolve(table, SchemaChange.addColumn("note", DataTypes.STRING()),
                SchemaChange.renameColumn("name", "title"), SchemaChange.updateColumnType("price", DataTypes.BIGINT()));
        try (BatchWrite w = evolved.newBatchWrite()) {
            w.write(GenericRow.of(3L, Utf8String.fromString("three"), 5_000_000_000L, Utf8String.fromString("added")));
            w.write(GenericRow.of(1L, Utf8String.fromString("one again"), 11L, null));
            w.commit();
        }
        assertThat(hive.query("DESCRIBE strata_it.evolve_auto")).extracting(l -> l.split("\\s+")[0] + " " + l.split("\\s+")[1])
                .containsExactly("id bigint", "title string", "price bigint", "note string");
        List<String> rows = hive.queryOnEachMode("SELECT * FROM strata_it.evolve_auto ORDER BY id");
        assertThat(rows).containsExactly("1\tone again\t11\tNULL", "2\ttwo\t20\tNULL", "3\tthree\t5000000000\tadded");
        assertThat(rows).containsExactlyInAnyOrderElementsOf(HiveText.lines(evolved));
        assertThat(hive.queryOnEachMode("SELECT id, note FROM strata_it.evolve_auto WHERE note IS NOT NULL")).containsExactly("3\tadded");
        assertThat(hive.queryOnEachMode("SELECT title FROM strata_it.evolve_auto WHERE price > 4000000000")).containsExactly("three");
        assertThat(hive.queryOnEachMode("SELECT count(note), sum(price) FROM strata_it.evolve_auto")).containsExactly("1\t5000000031");
    }

    @Test
    void declaredColumnsKeepWorkingUntilOneOfThemChanges() throws Exception {
        Table table = table("evolve_declared");
        hive.query("CREATE EXTERNAL TABLE strata_it.evolve_declared (id BIGINT, name STRING, price INT)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'");

        // A column added in Strata is not one of the declared columns: they read on.
        Table added = evolve(table, SchemaChange.addColumn("note", DataTypes.STRING()));
        try (BatchWrite w = added.newBatchWrite()) {
            w.write(GenericRow.of(3L, Utf8String.fromString("three"), 30, Utf8String.fromString("added")));
            w.commit();
        }
        assertThat(hive.queryOnEachMode("SELECT * FROM strata_it.evolve_declared ORDER BY id"))
                .containsExactly("1\tone\t10", "2\ttwo\t20", "3\tthree\t30");

        // A declared column widened in Strata would read BIGINT values as INT: the query fails naming it.
        evolve(table, SchemaChange.updateColumnType("price", DataTypes.BIGINT()));
        for (ExecutionMode mode : ExecutionMode.matrix()) {
            assertThatThrownBy(() -> hive.run(mode, "SELECT id FROM strata_it.evolve_declared"))
                    .as(mode.toString()).isInstanceOf(CommandProcessorException.class)
                    .hasMessageContaining("'price'").hasMessageContaining("declared as int").hasMessageContaining("BIGINT");
        }

        // Marking the table makes it follow the Strata schema instead.
        hive.query("ALTER TABLE strata_it.evolve_declared SET TBLPROPERTIES ('strata.columns.from-table'='true')");
        assertThat(hive.queryOnEachMode("SELECT * FROM strata_it.evolve_declared ORDER BY id"))
                .containsExactly("1\tone\t10\tNULL", "2\ttwo\t20\tNULL", "3\tthree\t30\tadded");
        assertThat(Tables.load(FileIO.local(), table.location()).schema().options()).containsOnlyKeys("bucket");

        // A declared column renamed in Strata fails the same way.
        evolve(table, SchemaChange.renameColumn("name", "title"));
        hive.query("DROP TABLE strata_it.evolve_declared");
        hive.query("CREATE EXTERNAL TABLE strata_it.evolve_declared2 (id BIGINT, title STRING, price BIGINT)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'");
        evolve(table, SchemaChange.renameColumn("title", "label"));
        for (ExecutionMode mode : ExecutionMode.matrix()) {
            assertThatThrownBy(() -> hive.run(mode, "SELECT * FROM strata_it.evolve_declared2"))
                    .as(mode.toString()).isInstanceOf(CommandProcessorException.class)
                    .hasMessageContaining("'title'").hasMessageContaining("renamed or dropped");
        }

        // Recreating the Hive table (metadata only: the Strata table stays) reads the new schema.
        hive.query("DROP TABLE strata_it.evolve_declared2");
        hive.query("CREATE EXTERNAL TABLE strata_it.evolve_declared3 STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        assertThat(hive.queryOnEachMode("SELECT id, label, price, note FROM strata_it.evolve_declared3 ORDER BY id"))
                .containsExactly("1\tone\t10\tNULL", "2\ttwo\t20\tNULL", "3\tthree\t30\tadded");
    }
}
