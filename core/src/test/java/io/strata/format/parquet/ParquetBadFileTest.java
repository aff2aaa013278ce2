package io.strata.format.parquet;

import static io.strata.types.DataTypes.FIELD;
import static io.strata.types.DataTypes.INT;
import static io.strata.types.DataTypes.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.format.FormatReader;
import io.strata.format.FormatWriter;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetBadFileTest {

    @TempDir
    java.nio.file.Path dir;

    private Path good() throws IOException {
        Path path = new Path(dir.resolve("good.parquet").toUri());
        ParquetFiles.write(new ParquetFormatFactory(), path, AllTypes.TYPE, "zstd", AllTypes.rows(2000, 1));
        return path;
    }

    private Path withBytes(String name, byte[] bytes) throws IOException {
        java.nio.file.Path p = dir.resolve(name);
        Files.write(p, bytes);
        return new Path(p.toUri());
    }

    /** Opens and reads the whole file; the failure may come at open or at any batch. */
    private static void readFully(Path path, RowType type) throws IOException {
        try (FormatReader reader = new ParquetFormatFactory().createReader(ParquetFiles.IO, path, type, 100)) {
            while (reader.nextBatch() != null) {
                // read on
            }
        }
    }

    @Test
    void missingFileNamesThePath() {
        Path path = new Path(dir.resolve("nope.parquet").toUri());
        assertThatThrownBy(() -> readFully(path, AllTypes.TYPE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(path.toString());
    }

    @Test
    void emptyAndForeignFilesAreRejected() throws IOException {
        Path empty = withBytes("empty.parquet", new byte[0]);
        assertThatThrownBy(() -> readFully(empty, AllTypes.TYPE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(empty.toString());
        Path text = withBytes("text.parquet", "hello, this is not parquet at all".getBytes());
        assertThatThrownBy(() -> readFully(text, AllTypes.TYPE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(text.toString())
                .hasMessageContaining("not a Parquet file");
    }

    @Test
    void truncatedFilesAreRejected() throws IOException {
        byte[] bytes = Files.readAllBytes(dir.resolve(good().getName()));
        for (int cut : new int[] {1, 9, bytes.length / 2, bytes.length - 5}) {
            Path truncated = withBytes("cut-" + cut + ".parquet", Arrays.copyOf(bytes, bytes.length - cut));
            assertThatThrownBy(() -> readFully(truncated, AllTypes.TYPE))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(truncated.toString());
        }
    }

    @Test
    void corruptDataPagesAreRejected() throws IOException {
        byte[] bytes = Files.readAllBytes(dir.resolve(good().getName()));
        int footerStart = bytes.length - 8 - java.nio.ByteBuffer.wrap(bytes, bytes.length - 8, 4)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt();
        Arrays.fill(bytes, 4, footerStart, (byte) 0x55);
        Path corrupt = withBytes("corrupt.parquet", bytes);
        assertThatThrownBy(() -> readFully(corrupt, AllTypes.TYPE))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(corrupt.toString());
    }

    @Test
    void aColumnThatCannotBeReadAsTheReadTypeIsNamed() throws IOException {
        Path path = good();
        RowType wrong = RowType.of(FIELD(18, "f_string", INT()));
        assertThatThrownBy(() -> readFully(path, wrong))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(path.toString())
                .hasMessageContaining("f_string");
    }

    @Test
    void nullInNotNullFieldFailsTheWrite() throws IOException {
        Path path = new Path(dir.resolve("notnull.parquet").toUri());
        RowType type = RowType.of(FIELD(1, "id", INT().withNullable(false)), FIELD(2, "s", STRING()));
        FormatWriter writer = new ParquetFormatFactory().createWriter(ParquetFiles.IO, path, type, "zstd");
        writer.write(GenericRow.of(1, Utf8String.fromString("a")));
        assertThatThrownBy(() -> writer.write(GenericRow.of(null, Utf8String.fromString("b"))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(path.toString())
                .hasMessageContaining("'id'");
        writer.close();
        assertThat(ParquetFiles.readAll(path, type, 10)).containsExactly(GenericRow.of(1, Utf8String.fromString("a")));
    }

    @Test
    void unknownCompressionIsRejected() {
        Path path = new Path(dir.resolve("codec.parquet").toUri());
        assertThatThrownBy(() -> ParquetFiles.write(new ParquetFormatFactory(), path, AllTypes.TYPE, "brotli-9", List.of()))
                .hasMessageContaining("brotli-9");
    }
}
