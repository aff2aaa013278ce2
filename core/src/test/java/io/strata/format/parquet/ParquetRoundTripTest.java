package io.strata.format.parquet;

import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.DOUBLE;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.FLOAT;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.SMALLINT;
import static io.strata.types.DataTypes.STRING;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.format.FieldStats;
import io.strata.format.FormatWriter;
import io.strata.format.StatsCollector;
import io.strata.types.RowType;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParquetRoundTripTest {

    @TempDir
    java.nio.file.Path dir;

    private Path file(String name) {
        return new Path(dir.resolve(name).toUri());
    }

    @Test
    void everyTypeRoundTripsWithNullsAcrossBatches() throws Exception {
        List<GenericRow> rows = AllTypes.rows(1000, 42);
        Path path = file("all.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, AllTypes.TYPE, "zstd", rows);

        assertThat(ParquetFiles.readAll(path, AllTypes.TYPE, 64)).isEqualTo(rows);
        assertThat(ParquetFiles.readAll(path, AllTypes.TYPE, 1)).isEqualTo(rows);
        assertThat(ParquetFiles.readAll(path, AllTypes.TYPE, 5000)).isEqualTo(rows);
        assertThat(Files.list(dir).map(p -> p.getFileName().toString())).containsExactly("all.parquet");
    }

    @Test
    void manyRowGroupsAreReadInOrder() throws Exception {
        List<GenericRow> rows = AllTypes.rows(3000, 7);
        Path path = file("groups.parquet");
        ParquetFormatFactory small = new ParquetFormatFactory(new ParquetWriteOptions(16 * 1024, 1024));
        ParquetFiles.write(small, path, AllTypes.TYPE, "snappy", rows);

        List<BlockMetaData> groups = ParquetFiles.footer(path).getBlocks();
        assertThat(groups).hasSizeGreaterThan(3);
        assertThat(groups.stream().mapToLong(BlockMetaData::getRowCount).sum()).isEqualTo(3000);
        assertThat(ParquetFiles.readAll(path, AllTypes.TYPE, 77)).isEqualTo(rows);
    }

    @Test
    void fieldsAreFoundByIdWhateverTheirNameOrPosition() throws Exception {
        List<GenericRow> rows = AllTypes.rows(200, 3);
        Path path = file("projection.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, AllTypes.TYPE, "zstd", rows);

        RowType readType = RowType.of(
                AllTypes.field("f_map"),
                AllTypes.field("f_string").withName("renamed"),
                FIELD(99, "added_later", STRING()),
                AllTypes.field("f_dec38"),
                FIELD(28, "f_struct", ROW(FIELD(33, "y", ROW(FIELD(34, "z", STRING()))), FIELD(77, "gone", INT()))));
        List<GenericRow> read = ParquetFiles.readAll(path, readType, 50);

        assertThat(read).hasSize(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            GenericRow expected = rows.get(i);
            GenericRow struct = (GenericRow) expected.get(28);
            Object expectedStruct = struct == null ? null : GenericRow.of(struct.get(1), null);
            assertThat(read.get(i)).isEqualTo(GenericRow.of(expected.get(26), expected.get(18), null, expected.get(9), expectedStruct));
        }
    }

    @Test
    void aStructWithNoFieldInTheFileStillKnowsWhenItIsNull() throws Exception {
        List<GenericRow> rows = AllTypes.rows(100, 5);
        Path path = file("struct.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, AllTypes.TYPE, "zstd", rows);

        RowType readType = RowType.of(FIELD(28, "f_struct", ROW(FIELD(77, "gone", INT()))));
        List<GenericRow> read = ParquetFiles.readAll(path, readType, 30);
        for (int i = 0; i < rows.size(); i++) {
            Object expected = rows.get(i).get(28) == null ? null : GenericRow.of((Object) null);
            assertThat(read.get(i)).isEqualTo(GenericRow.of(expected));
        }
    }

    @Test
    void multisetsAndMapsOfRowsRoundTrip() throws Exception {
        RowType type = RowType.of(
                FIELD(1, "bag", new io.strata.types.MultisetType(STRING(), true)),
                FIELD(2, "by_key", io.strata.types.DataTypes.MAP(INT().withNullable(false),
                        ROW(FIELD(3, "n", BIGINT()), FIELD(4, "tags", io.strata.types.DataTypes.ARRAY(STRING()))))));
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Object[] bagKeys = new Object[i % 3];
            Object[] bagCounts = new Object[i % 3];
            for (int k = 0; k < bagKeys.length; k++) {
                bagKeys[k] = Utf8String.fromString("e" + k);
                bagCounts[k] = k + i;
            }
            Object[] keys = new Object[i % 4];
            Object[] values = new Object[i % 4];
            for (int k = 0; k < keys.length; k++) {
                keys[k] = k * 10;
                values[k] = k == 2 ? null : GenericRow.of(k == 1 ? null : (long) i * k,
                        new io.strata.data.GenericArray(new Object[] {Utf8String.fromString("t" + i), null}));
            }
            rows.add(GenericRow.of(
                    i % 5 == 4 ? null : new io.strata.data.GenericMap(new io.strata.data.GenericArray(bagKeys), new io.strata.data.GenericArray(bagCounts)),
                    i % 7 == 6 ? null : new io.strata.data.GenericMap(new io.strata.data.GenericArray(keys), new io.strata.data.GenericArray(values))));
        }
        Path path = file("multiset.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, type, "zstd", rows);

        assertThat(ParquetFiles.readAll(path, type, 6)).isEqualTo(rows);
    }

    @Test
    void requiredNestedFieldsRoundTrip() throws Exception {
        RowType type = RowType.of(
                FIELD(1, "tags", io.strata.types.DataTypes.ARRAY(STRING().withNullable(false)).withNullable(false)),
                FIELD(2, "point", ROW(FIELD(3, "x", INT().withNullable(false)), FIELD(4, "label", STRING())).withNullable(false)),
                FIELD(5, "maybe", io.strata.types.DataTypes.ARRAY(ROW(FIELD(6, "v", BIGINT().withNullable(false))))));
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Object[] tags = new Object[i % 3];
            for (int k = 0; k < tags.length; k++) {
                tags[k] = Utf8String.fromString("tag" + k);
            }
            Object[] maybe = new Object[i % 2 + 1];
            for (int k = 0; k < maybe.length; k++) {
                maybe[k] = k == 1 ? null : GenericRow.of((long) i);
            }
            rows.add(GenericRow.of(new io.strata.data.GenericArray(tags),
                    GenericRow.of(i, i % 4 == 0 ? null : Utf8String.fromString("p" + i)),
                    i % 5 == 0 ? null : new io.strata.data.GenericArray(maybe)));
        }
        Path path = file("required.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, type, "zstd", rows);

        assertThat(ParquetFiles.footer(path).getFileMetaData().getSchema().toString()).contains(
                "required group tags (LIST) = 1", "required binary element (STRING)", "required group point = 2",
                "required int32 x = 3", "required int64 v = 6");
        assertThat(ParquetFiles.readAll(path, type, 7)).isEqualTo(rows);
    }

    @Test
    void narrowerStoredTypesAreReadWidened() throws Exception {
        RowType written = RowType.of(
                FIELD(1, "i", INT()), FIELD(2, "f", FLOAT()), FIELD(3, "s", SMALLINT()), FIELD(4, "d", DECIMAL(9, 2)),
                FIELD(5, "l", BIGINT()));
        List<GenericRow> rows = new ArrayList<>();
        for (int i = -50; i < 50; i++) {
            rows.add(i == 0 ? GenericRow.of(null, null, null, null, null)
                    : GenericRow.of(i * 1_000_003, i / 4f, (short) (i * 300), Decimal.fromUnscaledLong(i * 12345L, 9, 2), (long) i << 40));
        }
        Path path = file("widen.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, written, "zstd", rows);

        RowType wider = RowType.of(
                FIELD(1, "i", BIGINT()), FIELD(2, "f", DOUBLE()), FIELD(3, "s", INT()), FIELD(4, "d", DECIMAL(18, 2)),
                FIELD(5, "l", DOUBLE()));
        List<GenericRow> read = ParquetFiles.readAll(path, wider, 16);
        for (int k = 0; k < rows.size(); k++) {
            GenericRow r = rows.get(k);
            GenericRow expected = r.get(0) == null ? GenericRow.of(null, null, null, null, null)
                    : GenericRow.of((long) (int) r.get(0), (double) (float) r.get(1), (int) (short) r.get(2),
                            Decimal.fromUnscaledLong(((Decimal) r.get(3)).toUnscaledLong(), 18, 2), (double) (long) r.get(4));
            assertThat(read.get(k)).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @CsvSource({"zstd,ZSTD", "snappy,SNAPPY", "lz4,LZ4_RAW", "gzip,GZIP", "none,UNCOMPRESSED", "uncompressed,UNCOMPRESSED"})
    void everyCompressionWritesAndReads(String compression, CompressionCodecName codec) throws Exception {
        List<GenericRow> rows = AllTypes.rows(300, 11);
        Path path = file("c-" + compression + ".parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, AllTypes.TYPE, compression, rows);

        for (ColumnChunkMetaData column : ParquetFiles.footer(path).getBlocks().get(0).getColumns()) {
            assertThat(column.getCodec()).isEqualTo(codec);
        }
        assertThat(ParquetFiles.readAll(path, AllTypes.TYPE, 100)).isEqualTo(rows);
    }

    @Test
    void writerReportsRowsSizeAndStats() throws Exception {
        List<GenericRow> rows = AllTypes.rows(500, 9);
        Path path = file("stats.parquet");
        FormatWriter writer = new ParquetFormatFactory().createWriter(ParquetFiles.IO, path, AllTypes.TYPE, "zstd");
        long estimatedBefore = writer.estimatedLength();
        StatsCollector expected = new StatsCollector(AllTypes.TYPE);
        for (GenericRow row : rows) {
            writer.write(row);
            expected.collect(row);
        }
        assertThat(writer.estimatedLength()).isGreaterThan(estimatedBefore);
        writer.close();

        assertThat(writer.rowCount()).isEqualTo(500);
        assertThat(writer.fileSize()).isEqualTo(Files.size(dir.resolve("stats.parquet")));
        FieldStats[] stats = writer.stats();
        assertThat(stats).containsExactly(expected.result());
        int intField = AllTypes.TYPE.requireIndexOf("f_int");
        assertThat(stats[intField].min()).isEqualTo(Integer.MIN_VALUE);
        assertThat(stats[intField].nullCount()).isEqualTo(rows.stream().filter(r -> r.get(intField) == null).count());
        int stringField = AllTypes.TYPE.requireIndexOf("f_string");
        assertThat(stats[stringField].min()).isEqualTo(Utf8String.fromString(""));
        assertThat(stats[AllTypes.TYPE.requireIndexOf("f_rows")].min()).isNull();
    }

    @Test
    void schemaIsPaimons() throws Exception {
        RowType type = RowType.of(
                FIELD(Integer.MAX_VALUE - 2, "_VALUE_KIND", io.strata.types.DataTypes.TINYINT().withNullable(false)),
                FIELD(5, "ts", io.strata.types.DataTypes.TIMESTAMP_LTZ(3)));
        Path path = file("schema.parquet");
        ParquetFiles.write(new ParquetFormatFactory(), path, type, "zstd", List.of());

        assertThat(ParquetFiles.footer(path).getFileMetaData().getSchema().toString()).isEqualToIgnoringWhitespace("""
                message paimon_schema {
                  required int32 _VALUE_KIND (INTEGER(8,true)) = 2147483645;
                  optional int64 ts (TIMESTAMP(MILLIS,true)) = 5;
                }""");
        assertThat(ParquetFiles.readAll(path, type, 10)).isEmpty();
    }
}
