package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.io.File;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.Test;

/**
 * CREATE TABLE (without EXTERNAL) creates a new Strata table where Hive stores the table; DROP removes it.
 * The created tables are read on each mode of {@link ExecutionMode#matrix()}.
 */
class ManagedTableIT {

    private final EmbeddedHive hive = EmbeddedHive.get();

    @Test
    void createdTableIsWrittenByCoreReadByHiveAndDroppedWithItsData() {
        hive.query("CREATE TABLE strata_it.managed_kv (id BIGINT, v STRING, dt STRING)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " TBLPROPERTIES ('primary-key'='dt,id', 'partition'='dt', 'bucket'='4', 'merge-engine'='deduplicate')");
        String location = location("strata_it.managed_kv");
        assertThat(location).contains("external");
        Table table = Tables.load(FileIO.local(), new Path(location));
        assertThat(table.schema().primaryKeys()).containsExactly("dt", "id");
        assertThat(table.schema().partitionKeys()).containsExactly("dt");
        assertThat(table.schema().options()).containsEntry("bucket", "4").containsEntry("merge-engine", "deduplicate")
                .doesNotContainKeys("primary-key", "partition", "external.table.purge");
        assertThat(table.schema().rowType().field(0).type()).isEqualTo(DataTypes.BIGINT().withNullable(false));
        assertThat(table.schema().rowType().field(1).type()).isEqualTo(DataTypes.STRING());
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1L, Utf8String.fromString("a"), Utf8String.fromString("2024-01-01")));
            w.write(GenericRow.of(2L, Utf8String.fromString("b"), Utf8String.fromString("2024-01-02")));
            w.write(GenericRow.of(1L, Utf8String.fromString("c"), Utf8String.fromString("2024-01-02")));
            w.commit();
        }
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(2L, Utf8String.fromString("b2"), Utf8String.fromString("2024-01-02")));
            w.commit();
        }
        assertThat(hive.queryOnEachMode("SELECT id, v, dt FROM strata_it.managed_kv ORDER BY dt, id"))
                .containsExactly("1\ta\t2024-01-01", "1\tc\t2024-01-02", "2\tb2\t2024-01-02");
        assertThat(new File(URI.create(location))).isDirectory();

        hive.query("DROP TABLE strata_it.managed_kv");
        assertThat(new File(URI.create(location))).doesNotExist();
    }

    @Test
    void droppingAnExternalTableKeepsItsFiles() {
        hive.query("CREATE TABLE strata_it.managed_src (id INT, name VARCHAR(20))"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('bucket'='-1')");
        String location = location("strata_it.managed_src");
        Table table = Tables.load(FileIO.local(), new Path(location));
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(7, Utf8String.fromString("seven")));
            w.commit();
        }
        hive.query("CREATE EXTERNAL TABLE strata_it.managed_ext STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + location + "'");
        assertThat(hive.query("SELECT * FROM strata_it.managed_ext")).containsExactly("7\tseven");
        hive.query("DROP TABLE strata_it.managed_ext");
        assertThat(Tables.load(FileIO.local(), new Path(location)).schema().rowType().fieldNames())
                .containsExactly("id", "name");
        assertThat(hive.query("SELECT * FROM strata_it.managed_src")).containsExactly("7\tseven");
        hive.query("DROP TABLE strata_it.managed_src");
        assertThat(new File(URI.create(location))).doesNotExist();
    }

    @Test
    void partitionedByBecomesTheStrataTablesPartitioning() {
        hive.query("CREATE TABLE strata_it.managed_parts (id BIGINT, v STRING) PARTITIONED BY (dt STRING)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='dt,id', 'bucket'='2')");
        String location = location("strata_it.managed_parts");
        Table table = Tables.load(FileIO.local(), new Path(location));
        assertThat(table.schema().rowType().fieldNames()).containsExactly("id", "v", "dt");
        assertThat(table.schema().partitionKeys()).containsExactly("dt");
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1L, Utf8String.fromString("a"), Utf8String.fromString("2024-01-01")));
            w.write(GenericRow.of(2L, Utf8String.fromString("b"), Utf8String.fromString("2024-01-02")));
            w.commit();
        }
        assertThat(hive.queryOnEachMode("SELECT v FROM strata_it.managed_parts WHERE dt = '2024-01-02'")).containsExactly("b");
        assertThat(hive.queryOnEachMode("SELECT count(*) FROM strata_it.managed_parts")).containsExactly("2");
        hive.query("DROP TABLE strata_it.managed_parts");
        assertThat(new File(URI.create(location))).doesNotExist();
    }

    @Test
    void anUnsupportedOptionFailsNamingItAndLeavesNoTable() {
        assertThatThrownBy(() -> hive.run("CREATE TABLE strata_it.managed_bad (id BIGINT, v STRING)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " TBLPROPERTIES ('primary-key'='id', 'bucket'='2', 'deletion-vectors.bitmap64'='true')"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("deletion-vectors.bitmap64");
        assertThatThrownBy(() -> hive.run("DESCRIBE strata_it.managed_bad")).isInstanceOf(CommandProcessorException.class);
    }

    /**
     * A table name Hive takes (its special characters, in backquotes) that is not a Strata name would put the
     * table's directory elsewhere than {@code <db>.db/<table>}: refused, no table, no directory (issue 15).
     */
    @Test
    void aNameThatIsNotAStrataNameIsRefused() {
        for (String name : List.of("`managed-dash`", "`managed/slash`", "`managed..dots`")) {
            assertThatThrownBy(() -> hive.run("CREATE TABLE strata_it." + name + " (id BIGINT, v STRING)"
                    + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='id')"))
                    .as(name)
                    .isInstanceOf(CommandProcessorException.class);
            assertThatThrownBy(() -> hive.run("DESCRIBE strata_it." + name)).as(name)
                    .isInstanceOf(CommandProcessorException.class);
        }
        try {
            hive.run("CREATE TABLE strata_it.`managed-dash` (id BIGINT, v STRING)"
                    + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='id')");
        } catch (CommandProcessorException e) {
            System.out.println("[ManagedTableIT] refusal: " + e.getMessage());
        }
    }

    @Test
    void anUnknownKeyColumnFailsNamingIt() {
        assertThatThrownBy(() -> hive.run("CREATE TABLE strata_it.managed_badkey (id BIGINT, v STRING)"
                + " STORED BY 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='nope')"))
                .isInstanceOf(CommandProcessorException.class)
                .hasMessageContaining("nope");
    }

    private String location(String table) {
        List<String> lines = hive.query("DESCRIBE FORMATTED " + table);
        for (String line : lines) {
            if (line.startsWith("Location:")) {
                return line.substring("Location:".length()).trim();
            }
        }
        throw new AssertionError("No Location in DESCRIBE FORMATTED " + table + ": " + lines);
    }
}
