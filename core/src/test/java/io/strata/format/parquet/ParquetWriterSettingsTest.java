package io.strata.format.parquet;

import static io.strata.types.DataTypes.BIGINT;
import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.ROW;
import static io.strata.types.DataTypes.STRING;
import static io.strata.types.DataTypes.TINYINT;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdOutputStream;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settings of Strata's Parquet writer, read back from the files it writes: Paimon 1.4's (zstd at
 * level 1, one row group per file up to 128 MiB, data pages v1 of up to 20,000 rows, dictionary encoding
 * where it pays).
 */
class ParquetWriterSettingsTest {

    private static final RowType TYPE = ROW(FIELD(0, "id", BIGINT().withNullable(false)), FIELD(1, "text", STRING()));

    @TempDir
    java.nio.file.Path dir;

    private static List<GenericRow> rows(int count) {
        SplittableRandom random = new SplittableRandom(7);
        List<GenericRow> rows = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            byte[] text = new byte[8 + random.nextInt(33)];
            for (int n = 0; n < text.length; n++) {
                text[n] = (byte) ('a' + random.nextInt(26));
            }
            rows.add(GenericRow.of((long) r * 3, Utf8String.fromBytes(text)));
        }
        return rows;
    }

    private Path written(int rowCount) throws IOException {
        Path path = new Path(dir.resolve("settings.parquet").toUri());
        ParquetFiles.write(new ParquetFormatFactory(), path, TYPE, "zstd", rows(rowCount));
        return path;
    }

    @Test
    void zstdPagesAreCompressedAtLevelOne() throws Exception {
        Path path = written(5_000);
        ParquetMetadata footer = ParquetFiles.footer(path);
        ColumnChunkMetaData text = footer.getBlocks().get(0).getColumns().get(1);
        assertThat(text.getCodec()).isEqualTo(CompressionCodecName.ZSTD);

        ChunkPages pages = chunkPages(path, text);
        PageHeader page = pages.headers.get(0);
        assertThat(page.getType()).isEqualTo(PageType.DATA_PAGE);
        int body = pages.bodies.get(0);
        byte[] stored = Arrays.copyOfRange(pages.chunk, body, body + page.getCompressed_page_size());
        byte[] raw = Zstd.decompress(stored, page.getUncompressed_page_size());

        // zstd records no level in its frames: compress the page again at each level and compare.
        assertThat(Arrays.equals(stored, zstd(raw, 1))).as("page recompressed at level 1 is the stored page").isTrue();
        assertThat(Arrays.equals(stored, zstd(raw, 3))).as("page recompressed at level 3 is the stored page").isFalse();
    }

    @Test
    void oneRowGroupOfDataPagesV1WithTwentyThousandRowsAtMost() throws Exception {
        Path path = written(50_000);
        ParquetMetadata footer = ParquetFiles.footer(path);
        assertThat(footer.getBlocks()).hasSize(1);
        BlockMetaData group = footer.getBlocks().get(0);
        assertThat(group.getRowCount()).isEqualTo(50_000);
        for (ColumnChunkMetaData chunk : group.getColumns()) {
            ChunkPages pages = chunkPages(path, chunk);
            long dataPages = pages.headers.stream().filter(h -> h.getType() == PageType.DATA_PAGE).count();
            assertThat(pages.headers).allMatch(h -> h.getType() == PageType.DATA_PAGE || h.getType() == PageType.DICTIONARY_PAGE);
            assertThat(dataPages).as(chunk.getPath().toDotString()).isEqualTo(3);
            assertThat(pages.headers).allMatch(h -> h.getType() != PageType.DATA_PAGE
                    || h.getData_page_header().getNum_values() <= 20_000);
        }
    }

    @Test
    void dictionaryEncodingIsUsedWhereItPays() throws Exception {
        Path path = new Path(dir.resolve("dictionary.parquet").toUri());
        List<GenericRow> rows = new ArrayList<>();
        for (int r = 0; r < 1000; r++) {
            rows.add(GenericRow.of((long) r, Utf8String.fromString("value-" + (r % 4))));
        }
        ParquetFiles.write(new ParquetFormatFactory(), path, TYPE, "zstd", rows);
        ColumnChunkMetaData text = ParquetFiles.footer(path).getBlocks().get(0).getColumns().get(1);
        assertThat(text.getEncodings()).contains(Encoding.PLAIN_DICTIONARY);
        assertThat(chunkPages(path, text).headers.get(0).getType()).isEqualTo(PageType.DICTIONARY_PAGE);
    }

    @Test
    void columnsDistinctInEveryPrimaryKeyFileGetNoDictionary() throws Exception {
        // A primary-key data file: _KEY_id, _SEQUENCE_NUMBER, _VALUE_KIND, then the table columns.
        RowType fileType = ROW(
                FIELD(Integer.MAX_VALUE / 2 + 1, "_KEY_id", BIGINT().withNullable(false)),
                FIELD(Integer.MAX_VALUE - 1, "_SEQUENCE_NUMBER", BIGINT().withNullable(false)),
                FIELD(Integer.MAX_VALUE - 2, "_VALUE_KIND", TINYINT().withNullable(false)),
                FIELD(1, "id", BIGINT().withNullable(false)),
                FIELD(2, "other", BIGINT()));
        assertThat(ParquetFormatWriter.uniqueColumns(fileType)).containsExactly("_SEQUENCE_NUMBER", "_KEY_id", "id");

        // Few distinct values in every column (not what a real file holds in the first three), so that a
        // dictionary would pay everywhere and its absence shows the setting.
        Path path = new Path(dir.resolve("pk.parquet").toUri());
        List<GenericRow> rows = new ArrayList<>();
        for (int r = 0; r < 1000; r++) {
            rows.add(GenericRow.of((long) (r % 3), (long) (r % 3), (byte) 0, (long) (r % 3), (long) (r % 3)));
        }
        ParquetFiles.write(new ParquetFormatFactory(), path, fileType, "zstd", rows);
        for (ColumnChunkMetaData chunk : ParquetFiles.footer(path).getBlocks().get(0).getColumns()) {
            String name = chunk.getPath().toDotString();
            boolean dictionary = chunkPages(path, chunk).headers.get(0).getType() == PageType.DICTIONARY_PAGE;
            assertThat(dictionary).as(name).isEqualTo(name.equals("_VALUE_KIND") || name.equals("other"));
        }
        assertThat(ParquetFiles.readAll(path, fileType, 100)).isEqualTo(rows);

        // Two key columns: each may repeat, only _SEQUENCE_NUMBER is distinct.
        RowType twoKeys = ROW(
                FIELD(Integer.MAX_VALUE / 2 + 1, "_KEY_a", BIGINT().withNullable(false)),
                FIELD(Integer.MAX_VALUE / 2 + 2, "_KEY_b", BIGINT().withNullable(false)),
                FIELD(Integer.MAX_VALUE - 1, "_SEQUENCE_NUMBER", BIGINT().withNullable(false)),
                FIELD(Integer.MAX_VALUE - 2, "_VALUE_KIND", TINYINT().withNullable(false)),
                FIELD(1, "a", BIGINT().withNullable(false)),
                FIELD(2, "b", BIGINT().withNullable(false)));
        assertThat(ParquetFormatWriter.uniqueColumns(twoKeys)).containsExactly("_SEQUENCE_NUMBER");
        // An append file has no such columns.
        assertThat(ParquetFormatWriter.uniqueColumns(TYPE)).isEmpty();
    }

    @Test
    void columnsWithNoRepeatInTheirFirstValuesGetNoDictionary() throws Exception {
        RowType type = ROW(FIELD(0, "distinct_long", BIGINT()), FIELD(1, "few_longs", BIGINT()),
                FIELD(2, "distinct_text", STRING()), FIELD(3, "sparse", BIGINT()));
        List<GenericRow> rows = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(3);
        for (int r = 0; r < 5000; r++) {
            rows.add(GenericRow.of(random.nextLong(), (long) random.nextInt(50), Utf8String.fromString("text-" + r),
                    // Distinct, but too few non-null values in the sample to tell.
                    r % 4 == 0 ? (long) r : null));
        }
        assertThat(ParquetFormatWriter.distinctColumns(type, rows.subList(0, ParquetFormatWriter.SAMPLE_ROWS)))
                .containsExactly("distinct_long", "distinct_text");

        Path path = new Path(dir.resolve("sampled.parquet").toUri());
        ParquetFiles.write(new ParquetFormatFactory(), path, type, "zstd", rows);
        for (ColumnChunkMetaData chunk : ParquetFiles.footer(path).getBlocks().get(0).getColumns()) {
            String name = chunk.getPath().toDotString();
            boolean dictionary = chunkPages(path, chunk).headers.get(0).getType() == PageType.DICTIONARY_PAGE;
            // "sparse" starts with a dictionary, which parquet-mr drops itself at the end of the first page.
            assertThat(dictionary).as(name).isEqualTo(name.equals("few_longs"));
        }
        assertThat(ParquetFiles.readAll(path, type, 333)).isEqualTo(rows);
    }

    private static ChunkPages chunkPages(Path path, ColumnChunkMetaData chunk) throws IOException {
        byte[] bytes = new byte[(int) chunk.getTotalSize()];
        try (FSDataInputStream in = ParquetFiles.IO.open(path)) {
            in.readFully(chunk.getStartingPos(), bytes);
        }
        return ChunkPages.parse(bytes, chunk.getValueCount(), chunk.getPath().toDotString());
    }

    private static byte[] zstd(byte[] raw, int level) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZstdOutputStream zstd = new ZstdOutputStream(out, level)) {
            zstd.write(raw);
            // parquet-mr's stream flushes before it finishes the frame (an empty last block).
            zstd.flush();
        }
        return out.toByteArray();
    }
}
