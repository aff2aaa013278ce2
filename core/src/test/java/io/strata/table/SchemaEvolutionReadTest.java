package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaChange;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Files written before a schema change are read through the new schema by field id. */
class SchemaEvolutionReadTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"orc", "parquet", "avro"})
    void addRenameWidenAndDropColumns(String format) throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Identifier id = Identifier.of("db", "t");
        Table table = catalog.createTable(id, Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("qty", DataTypes.INT())
                .column("gone", DataTypes.STRING())
                .column("note", DataTypes.STRING())
                .primaryKey("id").option("bucket", "1").option("file.format", format).build(), false);
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(1, 10, Utf8String.fromString("x"), Utf8String.fromString("first")));
            w.write(GenericRow.of(2, 20, Utf8String.fromString("y"), Utf8String.fromString("second")));
            w.commit();
        }
        table = catalog.alterTable(id,
                SchemaChange.updateColumnType("qty", DataTypes.BIGINT()),
                SchemaChange.renameColumn("note", "remark"),
                SchemaChange.dropColumn("gone"),
                SchemaChange.addColumn("added", DataTypes.DOUBLE(), null));
        assertThat(table.schema().rowType().fieldNames()).containsExactly("id", "qty", "remark", "added");
        assertThat(TestRows.readAll(table)).containsExactly("[1, 10, first, null]", "[2, 20, second, null]");
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(2, 5_000_000_000L, Utf8String.fromString("updated"), 2.5));
            w.write(GenericRow.of(3, 30L, null, 3.5));
            w.commit();
        }
        assertThat(TestRows.readAll(table))
                .containsExactly("[1, 10, first, null]", "[2, 5000000000, updated, 2.5]", "[3, 30, null, 3.5]");
        table.compactFull();
        assertThat(TestRows.readAll(table))
                .containsExactly("[1, 10, first, null]", "[2, 5000000000, updated, 2.5]", "[3, 30, null, 3.5]");
        // A column dropped and added again under its name is a new column: the old values do not come back
        // (Avro files store no ids: their columns are found under the names their schema version gave them).
        table = catalog.alterTable(id, SchemaChange.dropColumn("remark"));
        table = catalog.alterTable(id, SchemaChange.addColumn("remark", DataTypes.STRING(), null));
        assertThat(table.schema().rowType().fieldNames()).containsExactly("id", "qty", "added", "remark");
        assertThat(TestRows.readAll(table))
                .containsExactly("[1, 10, null, null]", "[2, 5000000000, 2.5, null]", "[3, 30, 3.5, null]");
    }
}
