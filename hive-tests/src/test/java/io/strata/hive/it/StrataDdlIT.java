package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** CREATE EXTERNAL TABLE over Strata tables: declared columns are checked, a location without a table fails. */
class StrataDdlIT {

    private static EmbeddedHive hive;
    private static Table table;

    @BeforeAll
    static void createTable() {
        hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-ddl");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "items"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("label", DataTypes.VARCHAR(10))
                .column("price", DataTypes.DECIMAL(12, 3))
                .primaryKey("id")
                .option("bucket", "1")
                .build(), false);
    }

    @Test
    void matchingDeclaredColumnsAreAccepted() {
        hive.query("CREATE EXTERNAL TABLE strata_it.items_ok (id BIGINT, label VARCHAR(10), price DECIMAL(12,3))"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'");
        assertThat(hive.query("SELECT count(*) FROM strata_it.items_ok")).containsExactly("0");
    }

    @Test
    void aWrongColumnTypeFailsNamingTheColumnAndBothTypes() {
        assertThatThrownBy(() -> hive.run("CREATE EXTERNAL TABLE strata_it.items_bad (id INT, label VARCHAR(10),"
                + " price DECIMAL(12,3)) STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + table.location() + "'"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("column 'id'").hasMessageContaining("declared as int")
                .hasMessageContaining("BIGINT");
        assertThatThrownBy(() -> hive.run("DESCRIBE strata_it.items_bad")).isInstanceOf(CommandProcessorException.class);
    }

    @Test
    void anUnknownColumnFailsNamingIt() {
        assertThatThrownBy(() -> hive.run("CREATE EXTERNAL TABLE strata_it.items_extra (id BIGINT, colour STRING)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("'colour'").hasMessageContaining("is not in the Strata table");
    }

    @Test
    void droppingAnExternalTableKeepsTheStrataTable() {
        hive.query("CREATE EXTERNAL TABLE strata_it.items_drop STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + table.location() + "'");
        hive.query("DROP TABLE strata_it.items_drop");
        assertThat(Tables.load(FileIO.local(), table.location()).schema().rowType().fieldNames()).containsExactly("id", "label", "price");
    }

    @Test
    void aStructFieldNameHiveCannotReadFailsNamingTheColumnAndItsType() {
        // Hive's type parser reads no '-' in a struct field name: Hive could never query such a table
        // (its own parse of the column types fails), so the CREATE fails saying why.
        java.nio.file.Path warehouse = hive.newDirectory("strata-ddl-names");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Table dashed = catalog.createTable(Identifier.of("db", "dashed"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("r", DataTypes.ROW(DataTypes.FIELD(0, "a-b", DataTypes.INT())))
                .build(), false);
        assertThatThrownBy(() -> hive.run("CREATE EXTERNAL TABLE strata_it.dashed STORED BY"
                + " 'io.strata.hive.StrataStorageHandler' LOCATION '" + dashed.location() + "'"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("column 'r'")
                .hasMessageContaining("Hive cannot read the type ROW<`a-b` INT> (Hive type struct<a-b:int>)");
    }

    @Test
    void aLocationWithoutATableFailsClearly() {
        java.nio.file.Path empty = hive.newDirectory("no-table");
        assertThatThrownBy(() -> hive.run("CREATE EXTERNAL TABLE strata_it.nothing STORED BY"
                + " 'io.strata.hive.StrataStorageHandler' LOCATION '" + empty.toUri() + "'"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("No Strata table")
                .hasMessageContaining(empty.toString());
    }
}
