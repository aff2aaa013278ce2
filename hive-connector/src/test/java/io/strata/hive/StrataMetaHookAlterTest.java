package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaManager;
import io.strata.types.DataTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Hive's ALTER TABLE calls on the meta hook do to a real Strata table. */
class StrataMetaHookAlterTest {

    private static final String DERIVED = "<derived from deserializer>";

    @TempDir
    java.nio.file.Path dir;

    private Path location;
    private SchemaManager schemas;
    private final StrataMetaHook hook = new StrataMetaHook(new Configuration());

    @BeforeEach
    void createTable() {
        location = new Path(dir.toUri().toString(), "t");
        schemas = new SchemaManager(FileIO.local(), location);
        schemas.createTable(Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "2")
                .build());
    }

    /** The table as Hive hands it to preAlterTable: columns from the deserializer, parameters as altered. */
    private Table hiveTable(Map<String, String> params, FieldSchema... extraCols) {
        List<FieldSchema> cols = new ArrayList<>(List.of(new FieldSchema("id", DERIVED, "from deserializer"),
                new FieldSchema("v", DERIVED, "from deserializer")));
        cols.addAll(List.of(extraCols));
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(cols);
        sd.setLocation(location.toString());
        Table t = new Table();
        t.setDbName("db");
        t.setTableName("t");
        t.setSd(sd);
        Map<String, String> all = new HashMap<>(params);
        all.put("EXTERNAL", "TRUE");
        all.put(StrataConf.COLUMNS_FROM_TABLE, "true");
        t.setParameters(all);
        return t;
    }

    private static EnvironmentContext context(String type, String key, String... changed) {
        EnvironmentContext c = new EnvironmentContext();
        c.putToProperties(HiveMetaHook.ALTER_TABLE_OPERATION_TYPE, type);
        if (key != null) {
            c.putToProperties(key, String.join(HiveMetaHook.PROPERTIES_SEPARATOR, changed));
        }
        return c;
    }

    private Map<String, String> options() {
        return io.strata.catalog.Tables.load(FileIO.local(), location).schema().options();
    }

    @Test
    void setPropertiesWritesOneSchemaWithOnlyStrataOptions() throws MetaException {
        Table t = hiveTable(Map.of("write-buffer-size", "64mb", "comment", "x", "last_modified_time", "1",
                "strata.columns.from-table", "true"));
        hook.preAlterTable(t, context("ADDPROPS", HiveMetaHook.SET_PROPERTIES, "write-buffer-size", "comment",
                "last_modified_time"));
        hook.commitAlterTable(t, null);
        assertThat(schemas.schemaIds()).containsExactly(0L, 1L);
        assertThat(options()).containsOnly(Map.entry("bucket", "2"), Map.entry("write-buffer-size", "64mb"));
        // The metastore gets the Strata columns with their Hive types, not Hive's placeholder.
        assertThat(t.getSd().getCols()).extracting(FieldSchema::getType).containsExactly("bigint", "string");
    }

    @Test
    void aRejectedOptionWritesNothing() {
        for (String[] kv : new String[][] {{"bucket", "3"}, {"write-buffer-size", "huge"}, {"deletion-vectors.bitmap64", "true"},
            {"partition", "v"}}) {
            Table t = hiveTable(Map.of(kv[0], kv[1]));
            assertThatThrownBy(() -> hook.preAlterTable(t, context("ADDPROPS", HiveMetaHook.SET_PROPERTIES, kv[0])))
                    .isInstanceOf(MetaException.class).hasMessageContaining(kv[0]);
        }
        assertThat(schemas.schemaIds()).containsExactly(0L);
    }

    @Test
    void unsetPropertiesRemovesStrataOptionsOnly() throws MetaException {
        hook.preAlterTable(hiveTable(Map.of("write-buffer-size", "64mb")),
                context("ADDPROPS", HiveMetaHook.SET_PROPERTIES, "write-buffer-size"));
        hook.preAlterTable(hiveTable(Map.of()), context("DROPPROPS", HiveMetaHook.UNSET_PROPERTIES, "write-buffer-size",
                "not-a-strata-option"));
        assertThat(options()).containsOnly(Map.entry("bucket", "2"));
        assertThat(schemas.schemaIds()).containsExactly(0L, 1L, 2L);
    }

    @Test
    void addColumnsAppendsAndARejectedMetastoreAlterUndoesIt() throws MetaException {
        Table t = hiveTable(Map.of(), new FieldSchema("n", "decimal(12,3)", "a number"));
        EnvironmentContext c = context("ADDCOLS", null);
        hook.preAlterTable(t, c);
        io.strata.table.Table evolved = io.strata.catalog.Tables.load(FileIO.local(), location);
        assertThat(evolved.schema().rowType().fieldNames()).containsExactly("id", "v", "n");
        assertThat(evolved.schema().rowType().field(2).type()).isEqualTo(DataTypes.DECIMAL(12, 3));
        assertThat(t.getSd().getCols()).extracting(FieldSchema::getType).containsExactly("bigint", "string", "decimal(12,3)");

        hook.rollbackAlterTable(t, c);
        assertThat(io.strata.catalog.Tables.load(FileIO.local(), location).schema().rowType().fieldNames()).containsExactly("id", "v");
    }

    @Test
    void otherAltersNeitherChangeNorNeedTheStrataTable() throws MetaException {
        hook.preAlterTable(hiveTable(Map.of()), context("RENAME", null));
        assertThat(schemas.schemaIds()).containsExactly(0L);
        Table elsewhere = hiveTable(Map.of());
        elsewhere.getSd().setLocation(new Path(dir.toUri().toString(), "none").toString());
        hook.preAlterTable(elsewhere, context("OWNER", null));
        assertThatThrownBy(() -> hook.preAlterTable(elsewhere, context("ADDCOLS", null)))
                .isInstanceOf(MetaException.class).hasMessageContaining("none");
    }
}
