package io.strata.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Database and table names are one directory below the warehouse: names that would place a table elsewhere
 * (issue 15: {@code db./some/dir/evil}, {@code /some/dir/dbz.t}, {@code db.a/b}) are refused before anything
 * is created, naming the name and the rule.
 */
class IdentifierTest {

    @TempDir
    Path dir;

    @Test
    void lettersDigitsAndUnderscoresAreNames() {
        assertThat(Identifier.parse("Shop_2.orders_2024").table()).isEqualTo("orders_2024");
        assertThat(Identifier.of("d", "t".repeat(Identifier.MAX_NAME_LENGTH)).table()).hasSize(128);
    }

    @ParameterizedTest
    @ValueSource(strings = {"db./some/dir/evil", "/some/dir/dbz.t", "db.a/b", "db.a\\b", "db...", "db.../x",
        "db.a b", "db.t$snapshots", "db.t-1", "db.c:x", "db.\u00e9t\u00e9", "db.a\nb", "d%2Fb.t", "db.~t"})
    void namesThatAreNotOneDirectoryAreRefused(String name) throws Exception {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        assertThatThrownBy(() -> catalog.createTable(Identifier.parse(name), Schema.newBuilder()
                .column("id", DataTypes.INT()).build(), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("name")
                .hasMessageContaining("may hold only ASCII letters, digits and '_'")
                .hasMessageNotContaining("\n");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("nothing created for " + name).isEmpty();
        }
    }

    @Test
    void databaseNamesAreCheckedAsTableNames() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        assertThatThrownBy(() -> catalog.createDatabase("../outside", true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("database name '../outside'");
        assertThatThrownBy(() -> Identifier.of("", "t")).hasMessageContaining("database name (in '.t') must not be empty");
        assertThatThrownBy(() -> Identifier.of("d", "x".repeat(129))).hasMessageContaining("longer than 128");
        assertThat(dir.getParent().resolve("outside")).doesNotExist();
    }
}
