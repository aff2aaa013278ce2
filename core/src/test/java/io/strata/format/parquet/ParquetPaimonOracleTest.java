package io.strata.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.format.FileFormat;
import org.apache.paimon.format.FormatReaderContext;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.schema.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Apache Paimon as the oracle: files written by either side are read by the other with equal values. */
class ParquetPaimonOracleTest {

    @TempDir
    java.nio.file.Path dir;

    /** Creates a Paimon append table of the test types; its fields get ids assigned by Paimon. */
    private List<java.nio.file.Path> writeWithPaimon(java.nio.file.Path warehouse, List<GenericRow> rows) throws Exception {
        // Small row groups and pages, so that Strata reads many of Paimon's row groups and pages.
        Schema.Builder schema = PaimonOracle.parquetSchema()
                .option("parquet.block.size", "32768")
                .option("parquet.page.size", "2048");
        for (org.apache.paimon.types.DataField f : PaimonValues.toPaimon(AllTypes.TYPE).getFields()) {
            schema.column(f.name(), f.type());
        }
        List<InternalRow> paimonRows = new ArrayList<>();
        for (GenericRow row : rows) {
            paimonRows.add(PaimonValues.toPaimonRow(row));
        }
        return PaimonOracle.writeTable(warehouse, schema.build(), paimonRows);
    }

    @Test
    void strataReadsWhatPaimonWrites() throws Exception {
        List<GenericRow> rows = AllTypes.rows(800, 21);
        java.nio.file.Path warehouse = dir.resolve("warehouse");
        List<java.nio.file.Path> files = writeWithPaimon(warehouse, rows);
        assertThat(files).hasSize(1);
        RowType tableType = PaimonValues.fromPaimon(PaimonOracle.tableRowType(warehouse));

        Path file = new Path(files.get(0).toUri());
        assertThat(ParquetFiles.footer(file).getBlocks()).hasSizeGreaterThan(1);
        List<GenericRow> read = ParquetFiles.readAll(file, tableType, 128);

        assertThat(read).isEqualTo(rows);
    }

    @Test
    void strataWritesThePaimonSchema() throws Exception {
        java.nio.file.Path warehouse = dir.resolve("warehouse");
        List<java.nio.file.Path> files = writeWithPaimon(warehouse, AllTypes.rows(10, 1));
        RowType tableType = PaimonValues.fromPaimon(PaimonOracle.tableRowType(warehouse));
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

        assertThat(readWithPaimon(file, AllTypes.TYPE)).isEqualTo(rows);
    }

    @Test
    void paimonReadsAProjectionOfWhatStrataWrites() throws Exception {
        List<GenericRow> rows = AllTypes.rows(300, 34);
        java.nio.file.Path file = dir.resolve("strata.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), new Path(file.toUri()), AllTypes.TYPE, "snappy", rows);
        List<String> names = List.of("f_strings", "f_ts9", "f_dec38", "f_map");

        List<GenericRow> read = readWithPaimon(file, AllTypes.TYPE.project(names));

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

    /** Reads a Parquet file with Paimon's own format reader. */
    static List<GenericRow> readWithPaimon(java.nio.file.Path file, RowType readType) throws Exception {
        return readWithPaimon(file, readType, readType);
    }

    static List<GenericRow> readWithPaimon(java.nio.file.Path file, RowType dataType, RowType readType) throws Exception {
        FileFormat format = FileFormat.fromIdentifier("parquet", new Options());
        var factory = format.createReaderFactory(PaimonValues.toPaimon(dataType), PaimonValues.toPaimon(readType), List.of());
        List<GenericRow> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = factory.createReader(new FormatReaderContext(
                LocalFileIO.create(), new org.apache.paimon.fs.Path(file.toUri()), Files.size(file)))) {
            reader.forEachRemaining(row -> out.add(PaimonValues.fromPaimonRow(row, readType)));
        }
        return out;
    }
}
