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
import io.strata.schema.SchemaManager;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ALTER TABLE from Hive on Strata tables: table properties that are not Hive's own become Strata table
 * options (checked by the core before anything is written), ADD COLUMNS and CHANGE COLUMN evolve the
 * Strata schema, and every rejected ALTER leaves the Strata table and the metastore as they were.
 */
class AlterTableIT {

    private static EmbeddedHive hive;
    private static FileSystemCatalog catalog;

    @BeforeAll
    static void start() {
        hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-alter");
        catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
    }

    /** A primary-key table (id, v) with one row, registered in Hive without a column list. */
    private static Table table(String name) {
        Table table = catalog.createTable(Identifier.of("db", name), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .column("qty", DataTypes.INT())
                .primaryKey("id")
                .option("bucket", "2")
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1L, Utf8String.fromString("one"), 10));
            w.commit();
        }
        hive.query("CREATE EXTERNAL TABLE strata_it." + name + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
        return table;
    }

    private static Table reload(Table table) {
        return Tables.load(FileIO.local(), table.location());
    }

    private static List<Long> schemaIds(Table table) {
        return new SchemaManager(FileIO.local(), table.location()).schemaIds();
    }

    private static String hiveProperty(String table, String key) {
        for (String line : hive.query("SHOW TBLPROPERTIES strata_it." + table)) {
            String[] kv = line.split("\t", 2);
            if (kv[0].equals(key)) {
                return kv.length > 1 ? kv[1] : "";
            }
        }
        return null;
    }

    @Test
    void setAndUnsetTblPropertiesChangeTheStrataOptions() {
        Table table = table("alter_props");
        hive.query("ALTER TABLE strata_it.alter_props SET TBLPROPERTIES ('snapshot.num-retained.min'='5',"
                + " 'target-file-size'='64mb')");
        Map<String, String> options = reload(table).schema().options();
        assertThat(options).containsEntry("snapshot.num-retained.min", "5").containsEntry("target-file-size", "64mb")
                .containsEntry("bucket", "2");
        assertThat(schemaIds(table)).containsExactly(0L, 1L);

        hive.query("ALTER TABLE strata_it.alter_props UNSET TBLPROPERTIES ('snapshot.num-retained.min')");
        assertThat(reload(table).schema().options()).doesNotContainKey("snapshot.num-retained.min")
                .containsEntry("target-file-size", "64mb");
        assertThat(schemaIds(table)).containsExactly(0L, 1L, 2L);
        assertThat(hive.query("SELECT id, v, qty FROM strata_it.alter_props")).containsExactly("1\tone\t10");
    }

    @Test
    void hiveOwnPropertiesStayInTheMetastore() {
        Table table = table("alter_hive_props");
        hive.query("ALTER TABLE strata_it.alter_hive_props SET TBLPROPERTIES ('comment'='orders',"
                + " 'external.table.purge'='false')");
        assertThat(hiveProperty("alter_hive_props", "comment")).isEqualTo("orders");
        assertThat(schemaIds(table)).containsExactly(0L);
        assertThat(reload(table).schema().options()).doesNotContainKeys("comment", "external.table.purge",
                "transient_lastDdlTime", "EXTERNAL", "last_modified_time");
    }

    @Test
    void anUnsupportedOptionOrValueFailsNamingItAndChangesNothing() {
        Table table = table("alter_bad");
        String[][] rejected = {
            {"target-file-size", "lots"},          // not a size
            {"merge-engine", "partial-update"},    // decides how stored rows merge
            {"bucket", "4"},                       // decides where stored rows live
            {"file.format", "csv"},                // a format Strata cannot read
            {"deletion-vectors.bitmap64", "true"}, // 64-bit vectors: Strata neither reads nor writes them
            {"primary-key", "v"},                  // fixed at CREATE
        };
        for (String[] option : rejected) {
            assertThatThrownBy(() -> hive.run("ALTER TABLE strata_it.alter_bad SET TBLPROPERTIES ('" + option[0] + "'='"
                    + option[1] + "')"))
                    .as(option[0]).isInstanceOf(CommandProcessorException.class).hasMessageContaining(option[0]);
            assertThat(hiveProperty("alter_bad", option[0])).as("metastore copy of " + option[0]).isNull();
        }
        assertThat(schemaIds(table)).containsExactly(0L);
        assertThat(reload(table).schema().options()).containsOnlyKeys("bucket");
    }

    @Test
    void addColumnsAppendsNullableStrataColumns() {
        Table table = table("alter_add");
        hive.query("ALTER TABLE strata_it.alter_add ADD COLUMNS (note STRING COMMENT 'free text', price DECIMAL(10,2))");
        Table evolved = reload(table);
        assertThat(evolved.schema().rowType().fieldNames()).containsExactly("id", "v", "qty", "note", "price");
        assertThat(evolved.schema().rowType().field(3).type()).isEqualTo(DataTypes.STRING());
        assertThat(evolved.schema().rowType().field(3).description()).isEqualTo("free text");
        assertThat(evolved.schema().rowType().field(4).type()).isEqualTo(DataTypes.DECIMAL(10, 2));
        try (BatchWrite w = evolved.newBatchWrite()) {
            w.write(GenericRow.of(2L, Utf8String.fromString("two"), 20, Utf8String.fromString("new"),
                    io.strata.data.Decimal.fromBigDecimal(new java.math.BigDecimal("2.50"), 10, 2)));
            w.commit();
        }
        assertThat(hive.query("SELECT * FROM strata_it.alter_add ORDER BY id"))
                .containsExactly("1\tone\t10\tNULL\tNULL", "2\ttwo\t20\tnew\t2.50");
        assertThat(hive.query("SELECT id FROM strata_it.alter_add WHERE note IS NULL")).containsExactly("1");
    }

    @Test
    void otherColumnChangesFailInHiveAndChangeNothing() {
        Table table = table("alter_other");
        // Hive allows only SET/UNSET TBLPROPERTIES and ADD COLUMNS on storage-handler tables; renames and
        // widenings are made in Strata (SchemaEvolutionIT shows Hive following them).
        for (String change : new String[] {"CHANGE COLUMN qty quantity INT", "CHANGE COLUMN qty qty BIGINT",
            "REPLACE COLUMNS (id BIGINT)", "DROP COLUMN qty"}) {
            assertThatThrownBy(() -> hive.run("ALTER TABLE strata_it.alter_other " + change))
                    .as(change).isInstanceOf(CommandProcessorException.class);
        }
        assertThat(schemaIds(table)).containsExactly(0L);
        assertThat(hive.query("SELECT * FROM strata_it.alter_other")).containsExactly("1\tone\t10");
    }

    @Test
    void addColumnsOnATableWithDeclaredColumns() {
        Table table = catalog.createTable(Identifier.of("db", "alter_declared"), Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "1")
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1L, Utf8String.fromString("one")));
            w.commit();
        }
        hive.query("CREATE EXTERNAL TABLE strata_it.alter_declared (id BIGINT, v STRING)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '" + table.location() + "'");
        hive.query("ALTER TABLE strata_it.alter_declared ADD COLUMNS (n INT)");
        assertThat(reload(table).schema().rowType().fieldNames()).containsExactly("id", "v", "n");
        assertThat(hive.query("SELECT * FROM strata_it.alter_declared")).containsExactly("1\tone\tNULL");
    }
}
