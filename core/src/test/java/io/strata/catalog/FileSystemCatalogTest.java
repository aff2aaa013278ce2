package io.strata.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaChange;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemCatalogTest {

    @TempDir
    Path dir;

    private Schema schema() {
        return Schema.newBuilder().column("id", DataTypes.INT()).column("v", DataTypes.STRING())
                .primaryKey("id").option("bucket", "1").build();
    }

    @Test
    void databasesAndTablesLifecycle() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("a", false);
        catalog.createDatabase("b", false);
        catalog.createDatabase("a", true);
        assertThat(catalog.listDatabases()).containsExactly("a", "b");
        assertThatThrownBy(() -> catalog.createDatabase("a", false)).hasMessageContaining("'a' already exists");

        catalog.createTable(Identifier.of("a", "t1"), schema(), false);
        catalog.createTable(Identifier.of("a", "t2"), schema(), false);
        assertThat(catalog.listTables("a")).containsExactly("t1", "t2");
        assertThatThrownBy(() -> catalog.createTable(Identifier.of("a", "t1"), schema(), false))
                .hasMessageContaining("a.t1 already exists");
        assertThat(catalog.tablePath(Identifier.of("a", "t1")).toString()).endsWith("a.db/t1");

        catalog.alterTable(Identifier.of("a", "t1"), SchemaChange.addColumn("extra", DataTypes.BIGINT(), null));
        assertThat(catalog.loadTable(Identifier.of("a", "t1")).schema().rowType().fieldNames()).containsExactly("id", "v", "extra");

        assertThatThrownBy(() -> catalog.dropDatabase("a", false)).hasMessageContaining("not empty");
        catalog.dropTable(Identifier.of("a", "t2"));
        assertThat(catalog.listTables("a")).containsExactly("t1");
        assertThatThrownBy(() -> catalog.loadTable(Identifier.of("a", "t2"))).hasMessageContaining("a.t2 does not exist");
        assertThatThrownBy(() -> catalog.listTables("zzz")).hasMessageContaining("Database 'zzz' does not exist");
        catalog.dropDatabase("a", true);
        assertThat(catalog.listDatabases()).containsExactly("b");
    }

    @Test
    void identifiersParse() {
        assertThat(Identifier.parse("db.t")).isEqualTo(Identifier.of("db", "t"));
        assertThatThrownBy(() -> Identifier.parse("nodot")).hasMessageContaining("<database>.<table>");
    }
}
