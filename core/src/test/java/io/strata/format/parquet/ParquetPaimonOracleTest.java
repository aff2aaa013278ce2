package io.strata.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.oracle.PaimonFormats;
import io.strata.oracle.PaimonOracle;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Apache Paimon as the oracle: files written by either side are read by the other with equal values. */
class ParquetPaimonOracleTest {

    @TempDir
    java.nio.file.Path dir;

    /** Creates Paimon append table {@code db.t} of the test types, writes the rows and returns its data files. */
    private static List<java.nio.file.Path> writeWithPaimon(PaimonOracle paimon, List<GenericRow> rows) {
        // Small row groups and pages, so that Strata reads many of Paimon's row groups and pages.
        paimon.createTable("db", "t", AllTypes.TYPE, List.of(), List.of(), Map.of(
                "file.format", "parquet",
                "bucket", "-1",
                "parquet.block.size", "32768",
                "parquet.page.size", "2048"));
        paimon.write("db", "t", rows);
        return paimon.dataFiles("db", "t");
    }

    @Test
    void strataReadsWhatPaimonWrites() throws Exception {
        List<GenericRow> rows = AllTypes.rows(800, 21);
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("warehouse"))) {
            List<java.nio.file.Path> files = writeWithPaimon(paimon, rows);
            assertThat(files).hasSize(1);
            RowType tableType = paimon.rowType("db", "t");

            Path file = new Path(files.get(0).toUri());
            assertThat(ParquetFiles.footer(file).getBlocks()).hasSizeGreaterThan(1);
            List<GenericRow> read = ParquetFiles.readAll(file, tableType, 128);

            assertThat(read).isEqualTo(rows);
        }
    }

    @Test
    void strataWritesThePaimonSchema() throws Exception {
        List<java.nio.file.Path> files;
        RowType tableType;
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("warehouse"))) {
            files = writeWithPaimon(paimon, AllTypes.rows(10, 1));
            tableType = paimon.rowType("db", "t");
        }
        Path strataFile = new Path(dir.resolve("strata.parquet").toUri());
        ParquetFiles.write(new ParquetFormatFactory(), strataFile, tableType, "zstd", AllTypes.rows(10, 1));

        assertThat(ParquetFiles.footer(strataFile).getFileMetaData().getSchema())
                .isEqualTo(ParquetFiles.footer(new Path(files.get(0).toUri())).getFileMetaData().getSchema());
        assertThat(ParquetFiles.footer(strataFile).getFileMetaData().getSchema().toString())
                .isEqualTo(ParquetFiles.footer(new Path(files.get(0).toUri())).getFileMetaData().getSchema().toString());
    }

    @Test
    void paimonReadsWhatStrataWrites() throws Exception {
        List<GenericRow> rows = AllTypes.rows(1500, 33);
        java.nio.file.Path file = dir.resolve("strata.parquet");
        ParquetFiles.write(new ParquetFormatFactory(new ParquetWriteOptions(64 * 1024, 4096)), new Path(file.toUri()),
                AllTypes.TYPE, "zstd", rows);

        assertThat(PaimonFormats.read("parquet", file, AllTypes.TYPE)).isEqualTo(rows);
    }

    @Test
    void paimonReadsAProjectionOfWhatStrataWrites() throws Exception {
        List<GenericRow> rows = AllTypes.rows(300, 34);
        java.nio.file.Path file = dir.resolve("strata.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), new Path(file.toUri()), AllTypes.TYPE, "snappy", rows);
        List<String> names = List.of("f_strings", "f_ts9", "f_dec38", "f_map");

        List<GenericRow> read = PaimonFormats.read("parquet", file, AllTypes.TYPE.project(names));

        List<GenericRow> expected = new ArrayList<>();
        for (GenericRow row : rows) {
            Object[] values = new Object[names.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = row.get(AllTypes.TYPE.requireIndexOf(names.get(i)));
            }
            expected.add(GenericRow.of(values));
        }
        assertThat(read).isEqualTo(expected);
    }
}
