package io.strata.format.parquet;

import static io.strata.types.DataTypes.ARRAY;
import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.BINARY;
import static io.strata.types.DataTypes.BOOLEAN;
import static io.strata.types.DataTypes.BYTES;
import static io.strata.types.DataTypes.CHAR;
import static io.strata.types.DataTypes.DATE;
import static io.strata.types.DataTypes.DECIMAL;
import static io.strata.types.DataTypes.DOUBLE;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.FLOAT;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.SMALLINT;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TIME;
import static io.strata.types.DataTypes.TIMESTAMP;
import static io.strata.types.DataTypes.TIMESTAMP_LTZ;
import static io.strata.types.DataTypes.TINYINT;
import static io.strata.types.DataTypes.VARBINARY;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonFormats;
import io.strata.oracle.PaimonOracle;
import io.strata.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page decoder ({@link FlatColumnReader}) against the rows written, on files written by Paimon
 * (data pages v1 and v2) and by Strata: every primitive type, nulls and all-null pages, dictionaries
 * and a dictionary that overflows to PLAIN within a chunk, many pages and row groups, batches that
 * end anywhere in a page, projections, and chunks that fall back to the column reader beside them.
 */
class ParquetPageDecodingTest {

    static final RowType TYPE = new RowType(List.of(
            FIELD(0, "f_key", BIGINT().withNullable(false)),
            FIELD(1, "f_bool", BOOLEAN()),
            FIELD(2, "f_tiny", TINYINT()),
            FIELD(3, "f_small", SMALLINT()),
            FIELD(4, "f_int", INT()),
            FIELD(5, "f_big", BIGINT()),
            FIELD(6, "f_float", FLOAT()),
            FIELD(7, "f_double", DOUBLE()),
            FIELD(8, "f_dec9", DECIMAL(9, 2)),
            FIELD(9, "f_dec18", DECIMAL(18, 4)),
            FIELD(10, "f_dec38", DECIMAL(38, 10)),
            FIELD(11, "f_ts3", TIMESTAMP(3)),
            FIELD(12, "f_ts6", TIMESTAMP(6)),
            FIELD(13, "f_ts9", TIMESTAMP(9)),
            FIELD(14, "f_ltz6", TIMESTAMP_LTZ(6)),
            FIELD(15, "f_char", CHAR(5)),
            FIELD(16, "f_dict", STRING()),
            FIELD(17, "f_unique", STRING()),
            FIELD(18, "f_binary", BINARY(3)),
            FIELD(19, "f_bytes", BYTES()),
            FIELD(20, "f_date", DATE()),
            FIELD(21, "f_time", TIME(3)),
            FIELD(22, "f_sparse", STRING()),
            FIELD(23, "f_all_null", INT()),
            FIELD(24, "f_required", INT().withNullable(false)),
            FIELD(25, "f_struct", ROW(FIELD(27, "x", INT()), FIELD(28, "y", STRING()))),
            FIELD(26, "f_ints", ARRAY(INT()))));

    @TempDir
    java.nio.file.Path dir;

    /**
     * Rows whose values repeat from a small set for the first 400 of every 1,000 rows and are random
     * after, so dictionaries fill and then overflow to PLAIN within a column chunk; f_sparse is null but
     * for every 700th row (pages of nulls only), f_all_null always.
     */
    static List<GenericRow> rows(int count, long seed) {
        Random random = new Random(seed);
        List<GenericRow> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            boolean repeat = i % 1000 < 400;
            int small = random.nextInt(7);
            Object[] v = new Object[TYPE.fieldCount()];
            v[0] = (long) i;
            v[1] = random.nextInt(3) == 0;
            v[2] = (byte) (repeat ? small : random.nextInt());
            v[3] = (short) (repeat ? small : random.nextInt());
            v[4] = repeat ? small - 3 : random.nextInt();
            v[5] = repeat ? small * 1_000_000_007L : random.nextLong();
            v[6] = repeat ? small / 4f : random.nextFloat() * 1000 - 500;
            v[7] = repeat ? small / 8d : random.nextDouble() * 1e9 - 5e8;
            v[8] = Decimal.fromUnscaledLong(repeat ? small : random.nextInt(1_000_000_000) - 500_000_000, 9, 2);
            v[9] = Decimal.fromUnscaledLong(repeat ? small : random.nextLong() % 1_000_000_000_000_000_000L, 18, 4);
            v[10] = Decimal.fromBigDecimal(new BigDecimal(repeat ? BigInteger.valueOf(small)
                    : new BigInteger(120, random).subtract(BigInteger.ONE.shiftLeft(119)), 10), 38, 10);
            long millis = repeat ? small * 86_400_123L : random.nextLong() % 4_000_000_000_000L;
            v[11] = Timestamp.fromEpochMillis(millis);
            v[12] = Timestamp.of(millis, repeat ? 0 : random.nextInt(1000) * 1000);
            v[13] = Timestamp.of(millis, repeat ? 0 : random.nextInt(1_000_000));
            v[14] = Timestamp.of(millis - 5, random.nextInt(1000) * 1000);
            v[15] = Utf8String.fromString("c" + small + "   ");
            v[16] = Utf8String.fromString(small == 0 ? "" : "dictionary entry ünïcødé " + small);
            v[17] = Utf8String.fromString(repeat ? "r" + small : "unique value " + i + " " + random.nextLong());
            v[18] = new byte[] {(byte) (repeat ? small : i), 0, (byte) -i};
            v[19] = repeat ? new byte[small] : bytes(random, random.nextInt(40));
            v[20] = repeat ? small : random.nextInt(80_000) - 40_000;
            v[21] = repeat ? small : random.nextInt(86_400_000);
            v[22] = i % 700 == 0 ? Utf8String.fromString("sparse " + i) : null;
            v[23] = null;
            v[24] = repeat ? small : i;
            v[25] = i % 5 == 3 ? null : GenericRow.of(i % 3 == 0 ? null : small, i % 4 == 0 ? null
                    : Utf8String.fromString("y" + (repeat ? small : i)));
            v[26] = i % 6 == 0 ? null : new GenericArray(new Object[] {i, null, small});
            for (int f = 1; f < 22; f++) {
                if ((i + f) % 9 == 0 || i % 1000 == 7) {
                    v[f] = null;
                }
            }
            rows.add(GenericRow.of(v));
        }
        return rows;
    }

    private static byte[] bytes(Random random, int length) {
        byte[] b = new byte[length];
        random.nextBytes(b);
        return b;
    }

    private java.nio.file.Path writeWithPaimon(String name, List<GenericRow> rows, Map<String, String> extra) {
        return writeWithPaimon(dir, name, rows, extra);
    }

    /** Writes the rows (of {@link #TYPE}) as one Paimon Parquet file of many small row groups and pages. */
    static java.nio.file.Path writeWithPaimon(java.nio.file.Path dir, String name, List<GenericRow> rows,
            Map<String, String> extra) {
        Map<String, String> options = new HashMap<>(Map.of(
                "file.format", "parquet",
                "bucket", "-1",
                "parquet.block.size", "65536",
                "parquet.page.size", "1024",
                "parquet.dictionary.page.size", "512"));
        options.putAll(extra);
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve(name))) {
            paimon.createTable("db", "t", TYPE, List.of(), List.of(), options);
            paimon.write("db", "t", rows);
            List<java.nio.file.Path> files = paimon.dataFiles("db", "t");
            assertThat(files).hasSize(1);
            return files.get(0);
        }
    }

    @Test
    void readsPaimonDataPagesV1() throws Exception {
        List<GenericRow> rows = rows(5000, 1);
        Path file = new Path(writeWithPaimon("v1", rows, Map.of("file.compression", "zstd")).toUri());

        ParquetMetadata footer = ParquetFiles.footer(file);
        assertThat(footer.getBlocks()).hasSizeGreaterThan(1);
        EncodingStats unique = chunk(footer.getBlocks().get(0), "f_unique").getEncodingStats();
        assertThat(unique.usesV2Pages()).isFalse();
        assertThat(unique.hasDictionaryEncodedPages()).isTrue();
        assertThat(unique.hasNonDictionaryEncodedPages()).isTrue();
        assertDecodedFlat(file, footer, List.of("f_ts9", "f_ints"));

        assertReads(file, rows);
    }

    @Test
    void readsPaimonDataPagesV2() throws Exception {
        List<GenericRow> rows = rows(5000, 2);
        Path file = new Path(writeWithPaimon("v2", rows, Map.of(
                "file.compression", "snappy", "parquet.writer.version", "v2")).toUri());

        ParquetMetadata footer = ParquetFiles.footer(file);
        assertThat(footer.getBlocks()).hasSizeGreaterThan(1);
        EncodingStats doubles = chunk(footer.getBlocks().get(0), "f_double").getEncodingStats();
        assertThat(doubles.usesV2Pages()).isTrue();
        assertThat(doubles.hasDictionaryEncodedPages()).isTrue();
        assertThat(doubles.hasNonDictionaryEncodedPages()).isTrue();
        // Doubles and floats fall back to PLAIN in v2 files; the other types to DELTA_* encodings, read by the column reader.
        assertThat(flatDecodable(file, footer.getBlocks().get(0), "f_double")).isTrue();

        assertReads(file, rows);
    }

    @Test
    void readsUncompressedPaimonFiles() throws Exception {
        List<GenericRow> rows = rows(3000, 3);
        Path file = new Path(writeWithPaimon("none", rows, Map.of("file.compression", "none")).toUri());

        assertReads(file, rows);
    }

    @Test
    void readsWhatStrataWrites() throws Exception {
        List<GenericRow> rows = rows(6000, 4);
        Path file = new Path(dir.resolve("strata.parquet").toUri());
        ParquetFiles.write(new ParquetFormatFactory(new ParquetWriteOptions(48 * 1024, 1024)), file, TYPE, "zstd", rows);

        ParquetMetadata footer = ParquetFiles.footer(file);
        assertThat(footer.getBlocks()).hasSizeGreaterThan(1);
        assertDecodedFlat(file, footer, List.of("f_ts9", "f_ints"));

        assertReads(file, rows);
        assertThat(PaimonFormats.read("parquet", dir.resolve("strata.parquet"), TYPE))
                .isEqualTo(rows);
    }

    @Test
    void aCorruptPageNamesTheFileAndColumn() throws Exception {
        java.nio.file.Path local = dir.resolve("corrupt.parquet");
        Path file = new Path(local.toUri());
        ParquetFiles.write(new ParquetFormatFactory(new ParquetWriteOptions(48 * 1024, 1024)), file, TYPE, "none",
                rows(2000, 5));
        ColumnChunkMetaData sparse = chunk(ParquetFiles.footer(file).getBlocks().get(0), "f_sparse");
        byte[] bytes = java.nio.file.Files.readAllBytes(local);
        byte[] chunk = java.util.Arrays.copyOfRange(bytes, (int) sparse.getStartingPos(),
                (int) (sparse.getStartingPos() + sparse.getTotalSize()));
        ChunkPages pages = ChunkPages.parse(chunk, sparse.getValueCount(), "f_sparse");
        int page = 0;
        while (pages.headers.get(page).getType() != org.apache.parquet.format.PageType.DATA_PAGE) {
            page++;
        }
        // The length of the page's definition levels, now far beyond the page.
        int at = (int) sparse.getStartingPos() + pages.bodies.get(page);
        bytes[at] = (byte) 0xff;
        bytes[at + 1] = (byte) 0xff;
        bytes[at + 2] = (byte) 0xff;
        bytes[at + 3] = 0x7f;
        java.nio.file.Files.write(local, bytes);

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ParquetFiles.readAll(file, TYPE, 100))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("f_sparse");
    }

    /** Every column of every row, in batches of several sizes, and projections in another order. */
    private static void assertReads(Path file, List<GenericRow> rows) throws IOException {
        for (int batchSize : new int[] {1, 7, 100, 1024, 10_000}) {
            assertThat(ParquetFiles.readAll(file, TYPE, batchSize)).as("batch size %s", batchSize).isEqualTo(rows);
        }
        List<String> names = List.of("f_unique", "f_sparse", "f_key", "f_double", "f_struct", "f_bool", "f_ts9");
        RowType projection = TYPE.project(names);
        List<GenericRow> expected = new ArrayList<>();
        for (GenericRow row : rows) {
            Object[] values = new Object[names.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = row.get(TYPE.requireIndexOf(names.get(i)));
            }
            expected.add(GenericRow.of(values));
        }
        assertThat(ParquetFiles.readAll(file, projection, 333)).isEqualTo(expected);
    }

    /** Every flat column but those named is decoded by the page decoder in every row group. */
    private static void assertDecodedFlat(Path file, ParquetMetadata footer, List<String> columnReaderOnly)
            throws IOException {
        for (BlockMetaData block : footer.getBlocks()) {
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                String top = chunk.getPath().toArray()[0];
                if (columnReaderOnly.contains(top)) {
                    continue;
                }
                assertThat(flatDecodable(file, block, chunk.getPath().toDotString())).as(chunk.getPath().toDotString())
                        .isTrue();
            }
        }
    }

    private static boolean flatDecodable(Path file, BlockMetaData block, String column) throws IOException {
        ColumnChunkMetaData chunk = chunk(block, column);
        byte[] bytes = new byte[(int) chunk.getTotalSize()];
        try (FSDataInputStream in = ParquetFiles.IO.open(file)) {
            in.readFully(chunk.getStartingPos(), bytes);
        }
        ChunkPages pages = ChunkPages.parse(bytes, chunk.getValueCount(), column);
        int maxDefinition = column.contains(".") ? 2 : chunk.getPrimitiveType().isRepetition(
                org.apache.parquet.schema.Type.Repetition.REQUIRED) ? 0 : 1;
        return pages.flatDecodable(chunk.getPrimitiveType().getPrimitiveTypeName(), maxDefinition);
    }

    private static ColumnChunkMetaData chunk(BlockMetaData block, String column) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (chunk.getPath().toDotString().equals(column)) {
                return chunk;
            }
        }
        throw new AssertionError("no column " + column);
    }
}
