package io.strata.format.avro;

import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.DOUBLE;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.FLOAT;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.SMALLINT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TINYINT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonFormats;
import io.strata.oracle.RandomRows;
import io.strata.oracle.Rows;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a read type does to an Avro read: projection and order, fields the file lacks, widened types,
 * fields found through the file's write type (renamed, dropped and added again) or through field-id
 * properties, batch boundaries.
 */
class AvroReadTest {

    @TempDir
    Path dir;

    private static String text(List<GenericRow> rows, RowType type) {
        List<String> out = new ArrayList<>();
        rows.forEach(r -> out.add(Rows.canonical(r, type)));
        return String.join("\n", out);
    }

    @Test
    void aProjectionInAnotherOrderAndAFieldTheFileLacks() throws Exception {
        RowType type = AvroFiles.allTypes();
        List<GenericRow> rows = new RandomRows(51).rows(type, 90);
        Path file = dir.resolve("paimon.avro");
        PaimonFormats.write("avro", file, type, rows, "zstd");
        DataField added = new DataField(999, "added_later", ROW(FIELD(998, "z", INT())));
        RowType read = new RowType(List.of(type.field(type.requireIndexOf("r")), added, type.field(18), type.field(0)));

        List<GenericRow> actual = AvroFiles.read(AvroFiles.hadoop(file), read, 7);

        List<GenericRow> expected = new ArrayList<>();
        for (GenericRow row : rows) {
            expected.add(GenericRow.of(row.get(type.requireIndexOf("r")), null, row.get(18), row.get(0)));
        }
        assertThat(text(actual, read)).isEqualTo(text(expected, read));
    }

    @Test
    void narrowerTypesReadWidened() throws Exception {
        RowType written = new RowType(List.of(FIELD(0, "i", INT()), FIELD(1, "t", TINYINT()), FIELD(2, "s", SMALLINT()),
                FIELD(3, "f", FLOAT()), FIELD(4, "d", DECIMAL(10, 2)), FIELD(5, "b", BIGINT()), FIELD(6, "l", INT())));
        List<GenericRow> rows = List.of(
                GenericRow.of(Integer.MIN_VALUE, (byte) -128, (short) 32767, 1.5f, Decimal.fromUnscaledLong(-12345, 10, 2),
                        Long.MAX_VALUE, 7),
                GenericRow.of(null, null, null, null, null, null, null),
                GenericRow.of(42, (byte) 7, (short) -1, -0.25f, Decimal.fromUnscaledLong(99_999_999_99L, 10, 2), 0L, -7));
        Path file = dir.resolve("paimon.avro");
        PaimonFormats.write("avro", file, written, rows, "zstd");
        RowType wider = new RowType(List.of(FIELD(0, "i", BIGINT()), FIELD(1, "t", INT()), FIELD(2, "s", BIGINT()),
                FIELD(3, "f", DOUBLE()), FIELD(4, "d", DECIMAL(20, 4)), FIELD(5, "b", DOUBLE()), FIELD(6, "l", DECIMAL(12, 2))));

        List<GenericRow> actual = AvroFiles.read(AvroFiles.hadoop(file), wider, 2);

        assertThat(text(actual, wider)).isEqualTo(text(List.of(
                GenericRow.of((long) Integer.MIN_VALUE, -128, 32767L, 1.5d, Decimal.fromUnscaledLong(-1234500, 20, 4),
                        (double) Long.MAX_VALUE, Decimal.fromUnscaledLong(700, 12, 2)),
                GenericRow.of(null, null, null, null, null, null, null),
                GenericRow.of(42L, 7, -1L, -0.25d, Decimal.fromUnscaledLong(99_999_999_9900L, 20, 4), 0d,
                        Decimal.fromUnscaledLong(-700, 12, 2))), wider));
    }

    @Test
    void narrowingIsRefusedNamingTheColumn() throws Exception {
        RowType written = new RowType(List.of(FIELD(0, "b", BIGINT()), FIELD(1, "d", DECIMAL(10, 2))));
        Path file = dir.resolve("strata.avro");
        AvroFiles.write(AvroFiles.hadoop(file), written, List.of(GenericRow.of(1L, null)), "zstd");

        assertThatThrownBy(() -> AvroFiles.read(AvroFiles.hadoop(file), new RowType(List.of(FIELD(0, "b", INT()))), 8))
                .hasMessageContaining(file.getFileName().toString()).hasMessageContaining("'b'")
                .hasMessageContaining("cannot be read as INT");
        assertThatThrownBy(() -> AvroFiles.read(AvroFiles.hadoop(file),
                        new RowType(List.of(FIELD(1, "d", DECIMAL(10, 3)))), 8))
                .hasMessageContaining("'d'").hasMessageContaining("DECIMAL(10, 3)");
        assertThatThrownBy(() -> AvroFiles.read(AvroFiles.hadoop(file), new RowType(List.of(FIELD(0, "b", STRING()))), 8))
                .hasMessageContaining("'b'").hasMessageContaining("STRING");
    }

    /**
     * Paimon's Avro files carry no field ids: the names are those of the schema version the file was
     * written with. Told that write type, the reader finds a renamed column by its id and reads a column
     * added after the file (under the name of one dropped before) as null; by name alone it cannot.
     */
    @Test
    void theWriteTypeFindsRenamedColumnsAndHidesDroppedOnes() throws Exception {
        RowType written = new RowType(List.of(FIELD(0, "id", INT().withNullable(false)), FIELD(1, "old_name", STRING()),
                FIELD(2, "gone", STRING()), FIELD(3, "nested", ROW(FIELD(4, "inner_old", BIGINT())))));
        Path file = dir.resolve("paimon.avro");
        PaimonFormats.write("avro", file, written, List.of(
                GenericRow.of(1, Utf8String.fromString("one"), Utf8String.fromString("x"), GenericRow.of(10L)),
                GenericRow.of(2, null, Utf8String.fromString("y"), null)), "zstd");
        // Since: old_name renamed new_name, gone dropped and a new column added under its name, a nested field renamed.
        RowType current = new RowType(List.of(FIELD(0, "id", INT().withNullable(false)), FIELD(1, "new_name", STRING()),
                FIELD(5, "gone", STRING()), FIELD(3, "nested", ROW(FIELD(4, "inner_new", BIGINT())))));

        List<GenericRow> byId = AvroFiles.read(AvroFiles.hadoop(file), current, written, 8);
        assertThat(text(byId, current)).isEqualTo(text(List.of(
                GenericRow.of(1, Utf8String.fromString("one"), null, GenericRow.of(10L)),
                GenericRow.of(2, null, null, null)), current));

        List<GenericRow> byName = AvroFiles.read(AvroFiles.hadoop(file), current, 8);
        assertThat(byName.get(0).get(1)).as("renamed, found by name only").isNull();
        assertThat(byName.get(0).get(2)).as("the dropped column's values, under its name").isEqualTo(Utf8String.fromString("x"));
    }

    /** Files whose record fields carry Iceberg's field-id property are read by those ids, whatever the names. */
    @Test
    void fieldIdPropertiesAreMatchedById() throws Exception {
        Schema schema = new Schema.Parser().parse("""
                {"type": "record", "name": "r", "fields": [
                  {"name": "a", "type": "long", "field-id": 7},
                  {"name": "b", "type": ["null", "string"], "default": null, "field-id": 3}]}""");
        Path file = dir.resolve("ids.avro");
        try (DataFileWriter<Object> writer = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
            writer.create(schema, file.toFile());
            GenericData.Record record = new GenericData.Record(schema);
            record.put("a", 5L);
            record.put("b", "five");
            writer.append(record);
        }
        RowType read = new RowType(List.of(FIELD(3, "a", STRING()), FIELD(7, "renamed", BIGINT()), FIELD(8, "b", INT())));

        GenericRow row = AvroFiles.read(AvroFiles.hadoop(file), read, 4).get(0);

        assertThat(row.get(0)).isEqualTo(Utf8String.fromString("five"));
        assertThat(row.get(1)).isEqualTo(5L);
        assertThat(row.get(2)).isNull();
    }

    @Test
    void batchesOfEverySizeAndAnEmptyFile() throws Exception {
        RowType type = AvroFiles.allTypes();
        List<GenericRow> rows = new RandomRows(52).rows(type, 33);
        Path file = dir.resolve("strata.avro");
        AvroFiles.write(AvroFiles.hadoop(file), type, rows, "snappy");
        for (int batchSize : new int[] {1, 32, 33, 1000}) {
            assertThat(text(AvroFiles.read(AvroFiles.hadoop(file), type, batchSize), type)).as("batch " + batchSize)
                    .isEqualTo(text(rows, type));
        }
        Path empty = dir.resolve("empty.avro");
        AvroFiles.write(AvroFiles.hadoop(empty), type, List.of(), "zstd");
        assertThat(AvroFiles.read(AvroFiles.hadoop(empty), type, 8)).isEmpty();
        assertThat(PaimonFormats.read("avro", empty, type)).isEmpty();
    }

    @Test
    void compactDecimalsTakeThePaimonBytes() {
        byte[] buffer = new byte[8];
        RandomRows random = new RandomRows(53);
        for (int i = 0; i < 2000; i++) {
            long v = switch (i % 4) {
                case 0 -> random.random().nextLong();
                case 1 -> random.random().nextInt();
                case 2 -> random.random().nextInt(600) - 300;
                default -> i % 8 == 3 ? Long.MIN_VALUE : Long.MAX_VALUE;
            };
            int length = AvroRowWriter.unscaledBytes(v, buffer);
            assertThat(java.util.Arrays.copyOfRange(buffer, 8 - length, 8)).as("%d", v)
                    .isEqualTo(java.math.BigInteger.valueOf(v).toByteArray());
        }
    }
}
