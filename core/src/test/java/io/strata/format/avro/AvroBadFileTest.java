package io.strata.format.avro;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TIME;
import static io.strata.types.DataTypes.TIMESTAMP;
import static io.strata.types.DataTypes.TIMESTAMP_LTZ;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.format.FormatWriter;
import io.strata.oracle.PaimonTypes;
import io.strata.oracle.RandomRows;
import io.strata.types.DataType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.paimon.format.avro.AvroSchemaConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input fails with a message that names what is wrong: truncated and corrupt files (naming the file),
 * compressions Paimon's Avro writer rejects (naming the option), types Avro files cannot hold (naming the
 * column and the type), a null in a NOT NULL column.
 */
class AvroBadFileTest {

    @TempDir
    Path dir;

    private static final RowType ONE_STRING = new RowType(List.of(FIELD(0, "s", STRING().withNullable(false))));

    /** The offsets where the file's blocks end (each just after its sync marker), the header's end first. */
    private static List<Long> blockEnds(Path file) throws Exception {
        List<Long> ends = new ArrayList<>();
        try (DataFileReader<Object> reader = new DataFileReader<>(file.toFile(), new GenericDatumReader<>())) {
            ends.add(reader.previousSync());
            while (reader.hasNext()) {
                reader.next();
                if (reader.previousSync() != ends.get(ends.size() - 1)) {
                    ends.add(reader.previousSync());
                }
            }
        }
        return ends;
    }

    @Test
    void aTruncatedFileFailsNamingItInsteadOfLosingRows() throws Exception {
        RowType type = AvroFiles.allTypes();
        Path file = dir.resolve("whole.avro");
        AvroFiles.write(AvroFiles.hadoop(file), type, new RandomRows(61).rows(type, 400), "zstd");
        byte[] bytes = Files.readAllBytes(file);
        List<Long> ends = blockEnds(file);
        assertThat(ends).as("the header and several blocks").hasSizeGreaterThan(3);
        long middleOfSecondBlock = (ends.get(1) + ends.get(2)) / 2;
        for (long cut : new long[] {bytes.length - 1, bytes.length - 17, middleOfSecondBlock, ends.get(0) - 3, 3}) {
            Path truncated = dir.resolve("cut-" + cut + ".avro");
            Files.write(truncated, java.util.Arrays.copyOf(bytes, (int) cut));
            assertThatThrownBy(() -> AvroFiles.read(AvroFiles.hadoop(truncated), type, 64)).as("cut at %d", cut)
                    .hasMessageContaining(truncated.toString());
        }
        // A cut just after a block is a shorter file that Avro cannot tell from a whole one: no footer, no count.
        Path atBoundary = dir.resolve("boundary.avro");
        Files.write(atBoundary, java.util.Arrays.copyOf(bytes, (int) (long) ends.get(1)));
        assertThatCode(() -> AvroFiles.read(AvroFiles.hadoop(atBoundary), type, 64)).doesNotThrowAnyException();
    }

    @Test
    void corruptFilesFailNamingThem() throws Exception {
        Path file = dir.resolve("strata.avro");
        AvroFiles.write(AvroFiles.hadoop(file), ONE_STRING, List.of(GenericRow.of(Utf8String.fromString("abc")),
                GenericRow.of(Utf8String.fromString("de")), GenericRow.of(Utf8String.fromString("f"))), "null");
        byte[] bytes = Files.readAllBytes(file);
        int headerEnd = (int) (long) blockEnds(file).get(0);
        // The block: row count 3 (zigzag 6), size 12 (24), then the first row: the record branch of the
        // nullable row type (1, zigzag 2), "abc" as its length 3 (6) and bytes.
        int length = headerEnd + 3;
        assertThat(new byte[] {bytes[headerEnd], bytes[headerEnd + 1], bytes[headerEnd + 2], bytes[length]})
                .containsExactly(6, 24, 2, 6);

        byte[] negativeLength = bytes.clone();
        negativeLength[length] = 1; // zigzag -1
        assertCorrupt(negativeLength, "corrupt block");
        byte[] tooLong = bytes.clone();
        tooLong[length] = 0x40; // 32 bytes, 10 are left
        assertCorrupt(tooLong, "corrupt block");
        byte[] shorter = bytes.clone();
        shorter[length] = 4; // "ab": the block's rows then end before its bytes do
        assertCorrupt(shorter, "");
        byte[] nullRow = bytes.clone();
        nullRow[headerEnd + 2] = 0; // the null branch of the row type
        assertCorrupt(nullRow, "a null row");
        byte[] badSync = bytes.clone();
        badSync[bytes.length - 5] ^= 0x10;
        assertCorrupt(badSync, "sync");
        byte[] notAvro = bytes.clone();
        notAvro[0] = 'X';
        assertCorrupt(notAvro, "Not an Avro data file");
        assertCorrupt(new byte[0], "");
    }

    private void assertCorrupt(byte[] content, String reason) throws Exception {
        Path file = dir.resolve("corrupt-" + System.nanoTime() + ".avro");
        Files.write(file, content);
        assertThatThrownBy(() -> AvroFiles.read(AvroFiles.hadoop(file), ONE_STRING, 16))
                .hasMessageContaining("Avro data file " + AvroFiles.hadoop(file)).hasMessageContaining(reason);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "lz4|expected zstd, snappy, deflate, bzip2, zstandard or null",
            "gzip|expected zstd, snappy, deflate, bzip2, zstandard or null",
            "none|Avro calls no compression 'null'",
            "Snappy|lower case: 'snappy'",
            "xz|no XZ library"})
    void compressionsPaimonRejectsFailNamingTheOption(String compression, String hint) {
        Path file = dir.resolve("c.avro");
        assertThatThrownBy(() -> AvroFiles.write(AvroFiles.hadoop(file), ONE_STRING, List.of(), compression))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("file.compression '" + compression + "'").hasMessageContaining(hint);
        assertThat(file).doesNotExist();
    }

    /** Paimon's converter refuses the first three; the multiset it converts, but its writer then fails on it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ts|TIMESTAMP(9)|precision 0..6",
            "ltz|TIMESTAMP(7) WITH LOCAL TIME ZONE|precision 0..6",
            "t|TIME(6)|precision 0..3",
            "m|MULTISET<INT>|CHAR/VARCHAR element"})
    void typesAvroCannotHoldAreRefusedNamingTheColumn(String column, String sql, String hint) {
        DataType type = switch (column) {
            case "ts" -> TIMESTAMP(9);
            case "ltz" -> TIMESTAMP_LTZ(7);
            case "t" -> TIME(6);
            default -> new MultisetType(INT(), true);
        };
        RowType rowType = new RowType(List.of(FIELD(0, "ok", INT()), FIELD(1, column, type)));
        assertThatThrownBy(() -> AvroFiles.FACTORY.validateWrite(rowType, "zstd"))
                .hasMessageContaining("Column '" + column + "' has type " + sql).hasMessageContaining(hint);
        assertThatThrownBy(() -> AvroFiles.write(AvroFiles.hadoop(dir.resolve("t.avro")), rowType, List.of(), "zstd"))
                .hasMessageContaining("Column '" + column + "'");
        if (!column.equals("m")) {
            assertThatThrownBy(() -> AvroSchemaConverter.convertToSchema(PaimonTypes.toPaimon(rowType), new HashMap<>()))
                    .as("Paimon refuses it too").hasMessageContaining("precision");
        }
        // Nested: the path to the field is named.
        RowType nested = new RowType(List.of(FIELD(0, "r", ROW(FIELD(1, "a", ARRAY(type))))));
        assertThatThrownBy(() -> AvroFiles.FACTORY.validateWrite(nested, "zstd"))
                .hasMessageContaining("Column 'r.a.element' has type " + sql);
    }

    @Test
    void aNullInANotNullColumnFailsNamingItAndKeepsTheFileReadable() throws Exception {
        Path file = dir.resolve("nn.avro");
        FormatWriter writer = AvroFiles.FACTORY.createWriter(AvroFiles.IO, AvroFiles.hadoop(file), ONE_STRING, "zstd");
        writer.write(GenericRow.of(Utf8String.fromString("kept")));
        assertThatThrownBy(() -> writer.write(GenericRow.of((Object) null)))
                .hasMessageContaining("Column 's' is NOT NULL").hasMessageContaining(AvroFiles.hadoop(file).toString());
        writer.close();
        assertThat(writer.rowCount()).isEqualTo(1);
        assertThat(AvroFiles.read(AvroFiles.hadoop(file), ONE_STRING, 4)).containsExactly(
                GenericRow.of(Utf8String.fromString("kept")));
    }
}
