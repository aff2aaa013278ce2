package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bloom-filter and bitmap file indexes in HiveQL: a point query on an indexed column whose values are spread so
 * that no file's min/max statistics rule it out plans the one file of 20 that holds the value, on each engine,
 * and returns its rows; IN plans the files of its values; a condition no index answers plans them all.
 */
class FileIndexIT {

    private static final int FILES = 20;

    private static EmbeddedHive hive;
    private static Table table;

    @BeforeAll
    static void writeTwentyFiles() {
        hive = EmbeddedHive.get();
        Path warehouse = hive.newDirectory("strata-file-index");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("w", true);
        table = catalog.createTable(Identifier.of("w", "indexed"), Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .column("code", DataTypes.BIGINT())
                .column("status", DataTypes.STRING())
                .option("file-index.bloom-filter.columns", "name,code")
                .option("file-index.bitmap.columns", "status")
                .option("file-index.bloom-filter.name.items", "20")
                .option("file-index.bloom-filter.name.fpp", "0.001")
                .option("file-index.bloom-filter.code.items", "20")
                .option("file-index.bloom-filter.code.fpp", "0.001")
                .build(), false);
        for (int f = 0; f < FILES; f++) {
            try (BatchWrite write = table.newBatchWrite()) {
                for (int i = 0; i < 10; i++) {
                    // Values in no order across files: statistics keep every file for any single value.
                    write.write(GenericRow.of(f * 10 + i, Utf8String.fromString("n" + ((f * 7919 + i * 104729) % 100_003)),
                            (long) ((i * 37 + f * 101) % 9973), Utf8String.fromString(i % 2 == 0 ? "a-open" : "z-done")));
                }
                // A status between the common ones, in one file only: only its bitmap tells.
                write.write(GenericRow.of(-f, Utf8String.fromString("point-" + f), 5_000_000L + f,
                        Utf8String.fromString("m-rare-" + f)));
                write.commit();
            }
        }
        hive.query("CREATE EXTERNAL TABLE strata_it.file_indexed STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(ExecutionMode.MATRIX)
    void aPointQueryOnAnIndexedColumnReadsOneFile(ExecutionMode mode) throws Exception {
        String point = "SELECT id, code FROM strata_it.file_indexed WHERE name = 'point-17'";
        assertThat(PlannedFiles.count(hive, table, mode, point)).isOne();
        assertThat(PlannedFiles.count(hive, table, mode,
                "SELECT id FROM strata_it.file_indexed WHERE code IN (5000003, 5000013)")).isEqualTo(2);
        assertThat(PlannedFiles.count(hive, table, mode,
                "SELECT id FROM strata_it.file_indexed WHERE name <> 'point-17'")).isEqualTo(FILES);
        assertThat(hive.query(mode, point)).containsExactly("-17\t5000017");
        String rare = "SELECT id FROM strata_it.file_indexed WHERE status = 'm-rare-6'";
        assertThat(PlannedFiles.count(hive, table, mode, rare)).as("by the bitmap index").isOne();
        assertThat(hive.query(mode, rare)).containsExactly("-6");
    }
}
