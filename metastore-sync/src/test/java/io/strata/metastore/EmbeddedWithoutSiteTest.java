package io.strata.metastore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code metastore.sync.uri=embedded} in a JVM where nothing names the metastore database: refused with a
 * message saying what to add, instead of Hive creating {@code ./metastore_db} in the working directory.
 * (Unit-test JVM: no test here sets a site file; the ITs that do run under failsafe.)
 */
class EmbeddedWithoutSiteTest {

    @TempDir
    Path dir;

    @Test
    void anEmbeddedClientWithoutASiteFileIsRefusedAndCreatesNoDatabase() {
        assumeThat(EmbeddedMetastoreSettings.siteFile()).as("this JVM has no hive-site.xml").isNull();
        boolean before = Files.exists(Path.of("metastore_db"));
        assertThatThrownBy(() -> MetastoreClients.open("embedded", new Configuration()))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("metastore.sync.uri=embedded")
                .hasMessageContaining("hive-site.xml")
                .hasMessageContaining("thrift://");
        assertThat(Files.exists(Path.of("metastore_db"))).as("no Derby database in the working directory")
                .isEqualTo(before);
    }

    @Test
    void aStrictCommitSaysItLandedButWasNotSyncedAndALenientOneJustLands() throws Exception {
        assumeThat(EmbeddedMetastoreSettings.siteFile()).as("this JVM has no hive-site.xml").isNull();
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Table strict = table(catalog, "strict", Map.of("metastore.sync.uri", "embedded",
                "metastore.sync.strict", "true"));
        assertThatThrownBy(() -> write(strict, 1)).hasStackTraceContaining("was committed but not synced")
                .hasStackTraceContaining("needs the metastore database named");
        assertThat(strict.latestSnapshot()).as("the snapshot landed").isPresent();

        Table lenient = table(catalog, "lenient", Map.of("metastore.sync.uri", "embedded"));
        write(lenient, 1);
        write(lenient, 2);
        assertThat(lenient.latestSnapshot().orElseThrow().id()).isEqualTo(2);
    }

    private static Table table(FileSystemCatalog catalog, String name, Map<String, String> options) {
        Schema.Builder b = Schema.newBuilder().column("id", DataTypes.INT().withNullable(false))
                .column("v", DataTypes.STRING()).primaryKey("id").option("bucket", "1");
        options.forEach(b::option);
        return catalog.createTable(Identifier.of("db", name), b.build(), false);
    }

    private static void write(Table table, int id) throws Exception {
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(GenericRow.of(id, Utf8String.fromString("v" + id)));
            w.commit();
        }
    }
}
