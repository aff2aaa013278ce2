package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.TableSchema;
import io.strata.types.DataTypes;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which columns a row to delete carries ({@link RowLevelChanges#deleteRowColumns}): the key where a delete by
 * key is all the table's merge needs, every column where the merge reads the old row.
 */
class RowLevelChangesTest {

    /** The Hive table's columns, in its order (the partition column last, as Hive shows it). */
    private static final List<String> HIVE_COLUMNS = List.of("ID", "name", "amount", "dt");

    @TempDir
    java.nio.file.Path dir;

    private FileSystemCatalog catalog;

    @BeforeEach
    void catalog() {
        catalog = new FileSystemCatalog(FileIO.local(), new Path(dir.toUri()));
        catalog.createDatabase("db", true);
    }

    private TableSchema table(String name, boolean amountNullable, Map<String, String> options) {
        Schema.Builder builder = Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("amount", amountNullable ? DataTypes.BIGINT() : DataTypes.BIGINT().withNullable(false))
                .column("dt", DataTypes.STRING().withNullable(false))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2");
        options.forEach(builder::option);
        return catalog.createTable(Identifier.of("db", name), builder.build(), false).schema();
    }

    @Test
    void aDeduplicatingTableDeletesByKeyAndPartitionInTheHiveTablesOrder() {
        assertThat(RowLevelChanges.deleteRowColumns(table("dedup", true, Map.of()), HIVE_COLUMNS))
                .containsExactly(0, 3);
        assertThat(RowLevelChanges.deleteRowColumns(
                table("dedup_lookup", true, Map.of("changelog-producer", "lookup")), HIVE_COLUMNS))
                .containsExactly(0, 3);
    }

    @Test
    void tablesWhoseMergeReadsTheOldRowGetEveryColumn() {
        int[] every = {0, 1, 2, 3};
        assertThat(RowLevelChanges.deleteRowColumns(
                table("sequenced", true, Map.of("sequence.field", "amount")), HIVE_COLUMNS)).containsExactly(every);
        assertThat(RowLevelChanges.deleteRowColumns(
                table("partial", true, Map.of("merge-engine", "partial-update")), HIVE_COLUMNS)).containsExactly(every);
        assertThat(RowLevelChanges.deleteRowColumns(
                table("aggregated", true, Map.of("merge-engine", "aggregation")), HIVE_COLUMNS)).containsExactly(every);
        assertThat(RowLevelChanges.deleteRowColumns(
                table("input_changelog", true, Map.of("changelog-producer", "input")), HIVE_COLUMNS))
                .containsExactly(every);
        assertThat(RowLevelChanges.deleteRowColumns(table("not_null", false, Map.of()), HIVE_COLUMNS))
                .containsExactly(every);
    }
}
