package io.strata.format.orc;

import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.DOUBLE;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.FLOAT;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.SMALLINT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TINYINT;
import static io.strata.types.DataTypes.VARCHAR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarBatch;
import io.strata.format.FieldStats;
import io.strata.format.FormatFactory;
import io.strata.format.FormatReader;
import io.strata.format.FormatFiles;
import io.strata.format.FormatWriter;
import io.strata.fs.FileIO;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OrcRoundTripTest {

    private static final FormatFactory ORC = new OrcFormatFactory();
    private final FileIO io = FileIO.local();

    @TempDir
    java.nio.file.Path dir;

    private Path file(String name) {
        return new Path(dir.resolve(name).toUri());
    }

    static FormatWriter write(FileIO io, Path path, RowType type, List<? extends Row> rows, String compression)
            throws IOException {
        return FormatFiles.write(ORC, io, path, type, rows, compression);
    }

    @Test
    void everyTypeRoundTripsWithNullsAcrossManyBatches() throws IOException {
        List<GenericRow> rows = OrcTestData.rows(3000);
        Path path = file("all.orc");
        FormatWriter writer = write(io, path, OrcTestData.ALL_TYPES, rows, "zstd");

        assertThat(writer.rowCount()).isEqualTo(3000);
        assertThat(writer.fileSize()).isEqualTo(Files.size(dir.resolve("all.orc")));
        List<List<Object>> read = PlainValues.readAll(ORC.createReader(io, path, OrcTestData.ALL_TYPES, 700), OrcTestData.ALL_TYPES);
        assertThat(read).hasSize(3000);
        assertThat(read).isEqualTo(PlainValues.of(rows, OrcTestData.ALL_TYPES));
        // The local file system is used raw: no checksum files beside the data file.
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("all.orc");
        }
    }

    @Test
    void batchesHoldAtMostTheBatchSize() throws IOException {
        Path path = file("sizes.orc");
        write(io, path, OrcTestData.ALL_TYPES, OrcTestData.rows(2500), "lz4");
        List<Integer> sizes = new ArrayList<>();
        try (FormatReader reader = ORC.createReader(io, path, OrcTestData.ALL_TYPES, 1024)) {
            ColumnarBatch batch;
            while ((batch = reader.nextBatch()) != null) {
                sizes.add(batch.numRows());
            }
        }
        assertThat(sizes).allMatch(s -> s > 0 && s <= 1024);
        assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(2500);
    }

    @Test
    void constantAndAllNullColumnsReadBack() throws IOException {
        RowType type = RowType.of(FIELD(1, "constant", BIGINT()), FIELD(2, "nulls", STRING()), FIELD(3, "k", INT()),
                FIELD(4, "mostly_null", STRING()));
        List<GenericRow> rows = new ArrayList<>();
        for (int k = 0; k < 5000; k++) {
            rows.add(GenericRow.of(42L, null, k, k == 4321 ? Utf8String.fromString("only") : null));
        }
        Path path = file("repeating.orc");
        write(io, path, type, rows, "snappy");
        assertThat(PlainValues.readAll(ORC.createReader(io, path, type, 1024), type)).isEqualTo(PlainValues.of(rows, type));
    }

    @Test
    void adaptersHonourIsRepeatingAndNoNulls() {
        org.apache.hadoop.hive.ql.exec.vector.LongColumnVector longs = new org.apache.hadoop.hive.ql.exec.vector.LongColumnVector(4);
        longs.vector[0] = 7;
        longs.isRepeating = true;
        ColumnVector column = new OrcLongColumn(longs);
        assertThat(column.isNullAt(3)).isFalse();
        assertThat(column.getLong(3)).isEqualTo(7);
        assertThat(column.getInt(2)).isEqualTo(7);

        longs.noNulls = false;
        longs.isNull[0] = true;
        assertThat(column.isNullAt(3)).isTrue();

        // isNull is only meaningful when noNulls is false: stale flags are ignored.
        longs.isRepeating = false;
        longs.noNulls = true;
        assertThat(column.isNullAt(0)).isFalse();

        org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector bytes = new org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector(4);
        byte[] buffer = "xxhelloyy".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        bytes.setRef(0, buffer, 2, 5);
        bytes.isRepeating = true;
        Utf8String s = new OrcBytesColumn(bytes).getString(3);
        assertThat(s.toString()).isEqualTo("hello");
        assertThat(s.buffer()).isSameAs(buffer); // a view, not a copy
    }

    @Test
    void projectsByFieldIdAndReadsMissingIdsAsNull() throws IOException {
        List<GenericRow> rows = OrcTestData.rows(50);
        Path path = file("project.orc");
        write(io, path, OrcTestData.ALL_TYPES, rows, "zstd");

        // Renamed and reordered fields are found by id; id 99 is not in the file.
        RowType readType = RowType.of(
                FIELD(11, "renamed_s", STRING()),
                FIELD(99, "added", INT()),
                FIELD(3, "i", INT()),
                OrcTestData.ALL_TYPES.field(24).withName("r2"));
        List<List<Object>> read = PlainValues.readAll(ORC.createReader(io, path, readType, 16), readType);
        List<List<Object>> expected = new ArrayList<>();
        for (GenericRow row : rows) {
            List<Object> all = PlainValues.of(row, OrcTestData.ALL_TYPES);
            expected.add(java.util.Arrays.asList(all.get(11), null, all.get(3), all.get(24)));
        }
        assertThat(read).isEqualTo(expected);
    }

    @Test
    void filesWithoutFieldIdsAreMatchedByName() throws IOException {
        // Written by plain ORC, as writers before Paimon's field ids did: no paimon.id attributes.
        Path path = file("no-ids.orc");
        org.apache.orc.TypeDescription schema = org.apache.orc.TypeDescription.fromString("struct<a:int,b:string>");
        try (org.apache.orc.Writer writer = OrcFile.createWriter(path,
                OrcFile.writerOptions(io.hadoopConf()).setSchema(schema).fileSystem(io.fileSystem(path)))) {
            var batch = schema.createRowBatch();
            ((org.apache.hadoop.hive.ql.exec.vector.LongColumnVector) batch.cols[0]).vector[0] = 11;
            ((org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector) batch.cols[1]).setVal(0, "eleven".getBytes());
            batch.size = 1;
            writer.addRowBatch(batch);
        }
        RowType readType = RowType.of(FIELD(5, "b", STRING()), FIELD(6, "a", BIGINT()), FIELD(7, "c", INT()));
        assertThat(PlainValues.readAll(ORC.createReader(io, path, readType, 10), readType))
                .containsExactly(java.util.Arrays.asList("eleven", 11L, null));
    }

    @Test
    void nestedRowFieldsAreMatchedByIdToo() throws IOException {
        List<GenericRow> rows = OrcTestData.rows(20);
        Path path = file("nested.orc");
        write(io, path, OrcTestData.ALL_TYPES, rows, "zstd");
        // Field 24 read as ROW<n (id 33) first, a missing id 77, a (id 32)>.
        RowType nested = RowType.of(
                FIELD(33, "n", RowType.of(FIELD(34, "z", DECIMAL(20, 5)))), FIELD(77, "new", STRING()), FIELD(32, "a", BIGINT()));
        RowType readType = RowType.of(FIELD(24, "r", nested));
        List<List<Object>> read = PlainValues.readAll(ORC.createReader(io, path, readType, 8), readType);
        for (int k = 0; k < rows.size(); k++) {
            @SuppressWarnings("unchecked")
            List<Object> r = (List<Object>) PlainValues.of(rows.get(k), OrcTestData.ALL_TYPES).get(24);
            assertThat(read.get(k)).isEqualTo(java.util.Collections.singletonList(
                    r == null ? null : java.util.Arrays.asList(r.get(1), null, r.get(0))));
        }
    }

    @Test
    void multisetsAreStoredAsMapsToCounts() throws IOException {
        RowType type = RowType.of(FIELD(0, "tags", new io.strata.types.MultisetType(STRING(), true)));
        List<GenericRow> rows = List.of(
                GenericRow.of(new io.strata.data.GenericMap(
                        new io.strata.data.GenericArray(new Object[] {Utf8String.fromString("a"), Utf8String.fromString("b")}),
                        new io.strata.data.GenericArray(new Object[] {2, 1}))),
                GenericRow.of((Object) null));
        Path path = file("multiset.orc");
        write(io, path, type, rows, "zstd");
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf()).filesystem(io.fileSystem(path)))) {
            assertThat(reader.getSchema().toString()).isEqualTo("struct<tags:map<string,int>>");
        }
        assertThat(PlainValues.readAll(ORC.createReader(io, path, type, 10), type)).isEqualTo(PlainValues.of(rows, type));
    }

    @Test
    void narrowerFileColumnsReadWidened() throws IOException {
        RowType fileType = RowType.of(FIELD(0, "a", TINYINT()), FIELD(1, "b", SMALLINT()), FIELD(2, "c", INT()),
                FIELD(3, "d", FLOAT()), FIELD(4, "e", DECIMAL(10, 2)), FIELD(5, "f", VARCHAR(5)), FIELD(6, "g", INT()),
                FIELD(7, "h", INT()));
        List<GenericRow> rows = List.of(
                GenericRow.of((byte) -5, (short) 300, Integer.MIN_VALUE, 1.5f, Decimal.fromUnscaledLong(-12345, 10, 2),
                        Utf8String.fromString("abc"), 7, Integer.MAX_VALUE),
                GenericRow.of(null, null, null, null, null, null, null, null));
        Path path = file("widen.orc");
        write(io, path, fileType, rows, "zlib");
        RowType readType = RowType.of(FIELD(0, "a", INT()), FIELD(1, "b", BIGINT()), FIELD(2, "c", BIGINT()),
                FIELD(3, "d", DOUBLE()), FIELD(4, "e", DECIMAL(20, 4)), FIELD(5, "f", STRING()), FIELD(6, "g", DOUBLE()),
                FIELD(7, "h", DECIMAL(12, 1)));
        List<List<Object>> read = PlainValues.readAll(ORC.createReader(io, path, readType, 10), readType);
        assertThat(read.get(0)).containsExactly(-5, 300L, (long) Integer.MIN_VALUE, 1.5d, new BigDecimal("-123.4500"), "abc",
                7.0d, new BigDecimal("2147483647.0"));
        assertThat(read.get(1)).containsOnlyNulls();
    }

    @Test
    void narrowingIsRejectedNamingFileAndColumn() throws IOException {
        RowType fileType = RowType.of(FIELD(0, "big", BIGINT()), FIELD(1, "dec", DECIMAL(10, 4)));
        Path path = file("narrow.orc");
        write(io, path, fileType, List.of(GenericRow.of(1L, null)), "zstd");
        assertThatThrownBy(() -> ORC.createReader(io, path, RowType.of(FIELD(0, "big", INT())), 10))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(path.toString())
                .hasMessageContaining("'big'");
        assertThatThrownBy(() -> ORC.createReader(io, path, RowType.of(FIELD(1, "dec", DECIMAL(10, 2))), 10))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("'dec'");
        assertThatThrownBy(() -> ORC.createReader(io, path, RowType.of(FIELD(1, "dec", STRING())), 10))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("cannot be read as STRING");
    }

    @Test
    void statsCoverMinMaxNullsAndWholeStrings() throws IOException {
        RowType type = RowType.of(FIELD(0, "i", INT()), FIELD(1, "s", STRING()), FIELD(2, "d", DECIMAL(10, 2)),
                FIELD(3, "arr", OrcTestData.ALL_TYPES.typeAt(22)));
        List<GenericRow> rows = List.of(
                GenericRow.of(5, Utf8String.fromString("zzzzzzzzzzzzzzzzzzzz-long"), Decimal.fromUnscaledLong(150, 10, 2), null),
                GenericRow.of(null, Utf8String.fromString("aaaaaaaaaaaaaaaaaaaa-long"), null, null),
                GenericRow.of(-3, null, Decimal.fromUnscaledLong(-1, 10, 2), null));
        FormatWriter writer = write(io, file("stats.orc"), type, rows, "zstd");
        FieldStats[] stats = writer.stats();
        assertThat(stats).hasSize(4);
        assertThat(stats[0]).isEqualTo(new FieldStats(-3, 5, 1));
        // Whole: the table's metadata.stats-mode cuts them when the manifest entry is made (DataFileStats).
        assertThat(stats[1].min()).isEqualTo(Utf8String.fromString("aaaaaaaaaaaaaaaaaaaa-long"));
        assertThat(stats[1].max()).isEqualTo(Utf8String.fromString("zzzzzzzzzzzzzzzzzzzz-long"));
        assertThat(stats[1].nullCount()).isEqualTo(1);
        assertThat(stats[2]).isEqualTo(new FieldStats(Decimal.fromUnscaledLong(-1, 10, 2), Decimal.fromUnscaledLong(150, 10, 2), 1));
        assertThat(stats[3]).isEqualTo(new FieldStats(null, null, 3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "lz4", "snappy", "zlib", "none", "ZSTD"})
    void writesEachCompression(String compression) throws IOException {
        Path path = file("c-" + compression + ".orc");
        List<GenericRow> rows = OrcTestData.rows(100);
        write(io, path, OrcTestData.ALL_TYPES, rows, compression);
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf()).filesystem(io.fileSystem(path)))) {
            assertThat(reader.getCompressionKind())
                    .isEqualTo(compression.equals("none") ? CompressionKind.NONE : OrcFormatWriter.compressionKind(compression));
        }
        assertThat(PlainValues.readAll(ORC.createReader(io, path, OrcTestData.ALL_TYPES, 64), OrcTestData.ALL_TYPES))
                .isEqualTo(PlainValues.of(rows, OrcTestData.ALL_TYPES));
    }

    @Test
    void defaultCompressionIsZstdAndUnknownNamesFail() throws IOException {
        Path path = file("default.orc");
        write(io, path, OrcTestData.ALL_TYPES, OrcTestData.rows(3), null);
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf()).filesystem(io.fileSystem(path)))) {
            assertThat(reader.getCompressionKind()).isEqualTo(CompressionKind.ZSTD);
        }
        assertThatThrownBy(() -> ORC.createWriter(io, file("bad.orc"), OrcTestData.ALL_TYPES, "brotli9"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("brotli9");
    }

    @Test
    void estimatedLengthGrowsWithWrites() throws IOException {
        Path path = file("estimate.orc");
        try (FormatWriter writer = ORC.createWriter(io, path, OrcTestData.ALL_TYPES, "none")) {
            long before = writer.estimatedLength();
            for (GenericRow row : OrcTestData.rows(5000)) {
                writer.write(row);
            }
            assertThat(writer.estimatedLength()).isGreaterThan(before).isGreaterThan(100_000);
        }
    }

    @Test
    void emptyFileHasNoBatches() throws IOException {
        Path path = file("empty.orc");
        FormatWriter writer = write(io, path, OrcTestData.ALL_TYPES, List.of(), "zstd");
        assertThat(writer.rowCount()).isZero();
        assertThat(writer.stats()).allMatch(s -> s.nullCount() == 0 && s.min() == null);
        assertThat(PlainValues.readAll(ORC.createReader(io, path, OrcTestData.ALL_TYPES, 10), OrcTestData.ALL_TYPES)).isEmpty();
    }

    @Test
    void missingTruncatedAndCorruptFilesFailNamingThePath() throws IOException {
        Path missing = file("missing.orc");
        assertThatThrownBy(() -> ORC.createReader(io, missing, OrcTestData.ALL_TYPES, 10))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessageContaining(missing.toString());

        Path good = file("good.orc");
        write(io, good, OrcTestData.ALL_TYPES, OrcTestData.rows(2000), "zstd");
        byte[] bytes = Files.readAllBytes(dir.resolve("good.orc"));

        Files.write(dir.resolve("truncated.orc"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Path truncated = file("truncated.orc");
        assertThatThrownBy(() -> PlainValues.readAll(ORC.createReader(io, truncated, OrcTestData.ALL_TYPES, 10), OrcTestData.ALL_TYPES))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(truncated.toString());

        Files.writeString(dir.resolve("text.orc"), "this is not an ORC file at all, just some text");
        Path text = file("text.orc");
        assertThatThrownBy(() -> ORC.createReader(io, text, OrcTestData.ALL_TYPES, 10))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(text.toString());

        byte[] corrupt = bytes.clone();
        for (int i = 3; i < corrupt.length / 2; i += 7) {
            corrupt[i] = (byte) ~corrupt[i];
        }
        Files.write(dir.resolve("corrupt.orc"), corrupt);
        Path corruptPath = file("corrupt.orc");
        assertThatThrownBy(() -> PlainValues.readAll(ORC.createReader(io, corruptPath, OrcTestData.ALL_TYPES, 10), OrcTestData.ALL_TYPES))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(corruptPath.toString());
    }

    @Test
    void schemaCarriesPaimonFieldIdsOnEveryColumn() throws IOException {
        Path path = file("ids.orc");
        write(io, path, OrcTestData.ALL_TYPES, List.of(), "zstd");
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf()).filesystem(io.fileSystem(path)))) {
            org.apache.orc.TypeDescription schema = reader.getSchema();
            assertThat(schema.toString()).isEqualTo("struct<b:boolean,ti:tinyint,si:smallint,i:int,bi:bigint,f:float,d:double,"
                    + "dec38:decimal(38,10),dec10:decimal(10,2),c:char(5),vc:varchar(20),s:string,bin:binary,vbin:binary,"
                    + "bytes:binary,dt:date,tm:int,ts0:timestamp,ts3:timestamp,ts6:timestamp,ts9:timestamp,"
                    + "ltz:timestamp with local time zone,arr:array<struct<x:int,y:string>>,m:map<string,array<int>>,"
                    + "r:struct<a:bigint,n:struct<z:decimal(20,5)>>>");
            for (int i = 0; i < OrcTestData.ALL_TYPES.fieldCount(); i++) {
                DataField f = OrcTestData.ALL_TYPES.field(i);
                assertThat(schema.getChildren().get(i).getAttributeValue("paimon.id")).isEqualTo(String.valueOf(f.id()));
            }
            org.apache.orc.TypeDescription arr = schema.getChildren().get(22);
            assertThat(arr.getChildren().get(0).getAttributeValue("paimon.id")).isEqualTo(String.valueOf(536870911 + 22 * 1024 + 1));
            assertThat(arr.getChildren().get(0).getChildren().get(1).getAttributeValue("paimon.id")).isEqualTo("31");
            org.apache.orc.TypeDescription map = schema.getChildren().get(23);
            assertThat(map.getChildren().get(0).getAttributeValue("paimon.id")).isEqualTo(String.valueOf(536870911 - 23 * 1024 - 1));
            assertThat(map.getChildren().get(1).getAttributeValue("paimon.id")).isEqualTo(String.valueOf(536870911 + 23 * 1024 + 1));
            assertThat(map.getChildren().get(1).getChildren().get(0).getAttributeValue("paimon.id"))
                    .isEqualTo(String.valueOf(536870911 + 23 * 1024 + 2));
            assertThat(schema.getChildren().get(24).getChildren().get(1).getChildren().get(0).getAttributeValue("paimon.id"))
                    .isEqualTo("34");
        }
    }
}
