package io.strata.format.avro;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.format.FieldStats;
import io.strata.format.FormatFiles;
import io.strata.format.FormatWriter;
import io.strata.format.orc.OrcFormatFactory;
import io.strata.oracle.PaimonFormats;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.apache.paimon.format.avro.AvroSchemaConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Apache Paimon 1.4.2's Avro format as the oracle: files either side writes, of every type Avro holds
 * (random values with nulls at every level, nested types, edge values), read by the other with equal
 * values; Strata writes Paimon's schema and codec; stats equal the ORC writer's.
 */
class AvroPaimonOracleTest {

    @TempDir
    Path dir;

    private static List<String> canonical(List<GenericRow> rows, RowType type) {
        List<String> out = new ArrayList<>();
        for (GenericRow row : rows) {
            out.add(Rows.canonical(row, type));
        }
        return out;
    }

    @Test
    void strataReadsWhatPaimonWrites() throws Exception {
        RowType type = AvroFiles.allTypes();
        // Enough rows for several Avro blocks (about 64 KB each), read in batches that cut across them.
        List<GenericRow> rows = new RandomRows(41).nullRate(0.2).rows(type, 700);
        Path file = dir.resolve("paimon.avro");
        PaimonFormats.write("avro", file, type, rows, "zstd");

        List<GenericRow> read = AvroFiles.read(AvroFiles.hadoop(file), type, 128);

        assertThat(canonical(read, type)).isEqualTo(canonical(rows, type));
    }

    @Test
    void paimonReadsWhatStrataWrites() throws Exception {
        RowType type = AvroFiles.allTypes();
        List<GenericRow> rows = new RandomRows(42).nullRate(0.2).rows(type, 700);
        Path file = dir.resolve("strata.avro");
        AvroFiles.write(AvroFiles.hadoop(file), type, rows, "zstd");

        assertThat(canonical(PaimonFormats.read("avro", file, type), type)).isEqualTo(canonical(rows, type));
    }

    @Test
    void paimonReadsAProjectionOfWhatStrataWrites() throws Exception {
        RowType type = AvroFiles.allTypes();
        List<GenericRow> rows = new RandomRows(43).rows(type, 50);
        Path file = dir.resolve("strata.avro");
        AvroFiles.write(AvroFiles.hadoop(file), type, rows, "snappy");
        RowType projection = type.project(List.of("r", "c3", "by_int"));

        List<GenericRow> read = PaimonFormats.read("avro", file, type, projection);

        List<GenericRow> expected = new ArrayList<>();
        for (GenericRow row : rows) {
            expected.add(GenericRow.of(row.get(type.requireIndexOf("r")), row.get(3), row.get(type.requireIndexOf("by_int"))));
        }
        assertThat(canonical(read, projection)).isEqualTo(canonical(expected, projection));
    }

    @Test
    void strataWritesPaimonsSchema() throws Exception {
        RowType type = AvroFiles.allTypes();
        List<GenericRow> rows = new RandomRows(44).rows(type, 5);
        Path paimonFile = dir.resolve("paimon.avro");
        Path strataFile = dir.resolve("strata.avro");
        PaimonFormats.write("avro", paimonFile, type, rows, "zstd");
        AvroFiles.write(AvroFiles.hadoop(strataFile), type, rows, "zstd");

        String paimonSchema = AvroSchemaConverter.convertToSchema(PaimonTypes.toPaimon(type), new HashMap<>()).toString();
        assertThat(AvroSchemas.fileSchema(type).toString()).isEqualTo(paimonSchema);
        assertThat(AvroFiles.header(strataFile)).isEqualTo(AvroFiles.header(paimonFile));
        assertThat(AvroFiles.header(strataFile).schema()).isEqualTo(paimonSchema);
    }

    /** Each codec Paimon's Avro writer takes: the same header codec, each side reads the other's file. */
    @ParameterizedTest
    @ValueSource(strings = {"zstd", "ZSTD", "snappy", "deflate", "bzip2", "zstandard", "null"})
    void everyCodecPaimonTakesBothWays(String compression) throws Exception {
        RowType type = AvroFiles.allTypes();
        List<GenericRow> rows = new RandomRows(45).rows(type, 40);
        Path paimonFile = dir.resolve("paimon.avro");
        Path strataFile = dir.resolve("strata.avro");
        PaimonFormats.write("avro", paimonFile, type, rows, compression);
        AvroFiles.write(AvroFiles.hadoop(strataFile), type, rows, compression);

        assertThat(AvroFiles.header(strataFile).codec()).isEqualTo(AvroFiles.header(paimonFile).codec());
        assertThat(canonical(AvroFiles.read(AvroFiles.hadoop(paimonFile), type, 16), type))
                .isEqualTo(canonical(rows, type));
        assertThat(canonical(PaimonFormats.read("avro", strataFile, type), type)).isEqualTo(canonical(rows, type));
    }

    @Test
    void statsAreTheOrcWritersStats() throws Exception {
        RowType type = AvroFiles.allTypes();
        List<GenericRow> rows = new RandomRows(46).nullRate(0.3).rows(type, 300);
        FormatWriter avro = AvroFiles.write(AvroFiles.hadoop(dir.resolve("s.avro")), type, rows, "zstd");
        FormatWriter orc = FormatFiles.write(new OrcFormatFactory(), AvroFiles.IO, AvroFiles.hadoop(dir.resolve("s.orc")),
                type, rows, "zstd");

        FieldStats[] stats = avro.stats();
        assertThat(stats).containsExactly(orc.stats());
        assertThat(avro.rowCount()).isEqualTo(300);
        assertThat(avro.fileSize()).isEqualTo(java.nio.file.Files.size(dir.resolve("s.avro")));
        // Not vacuous: a string column has a min, max and nulls.
        assertThat(stats[type.requireIndexOf("c18")].min()).isNotNull();
        assertThat(stats[type.requireIndexOf("c18")].nullCount()).isPositive();
    }
}
