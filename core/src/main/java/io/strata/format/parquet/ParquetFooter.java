package io.strata.format.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Reads the footer of a Parquet file: {@code <metadata> <4-byte little-endian length> PAR1} at its end,
 * checking the magic bytes and lengths so that a truncated or foreign file fails with a clear message.
 */
final class ParquetFooter {

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    private static final int TAIL = 8;

    private ParquetFooter() {}

    static ParquetMetadata read(FSDataInputStream in, long fileLength, ParquetMetadataConverter converter)
            throws IOException {
        if (fileLength < MAGIC.length + TAIL) {
            throw new IOException("not a Parquet file: only " + fileLength + " bytes");
        }
        byte[] head = new byte[MAGIC.length];
        in.readFully(0, head);
        byte[] tail = new byte[TAIL];
        in.readFully(fileLength - TAIL, tail);
        if (!Arrays.equals(head, MAGIC) || !Arrays.equals(tail, 4, 8, MAGIC, 0, 4)) {
            throw new IOException("not a Parquet file (no PAR1 magic at its start and end); truncated or corrupt");
        }
        int metadataLength = ByteBuffer.wrap(tail, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        long metadataStart = fileLength - TAIL - metadataLength;
        if (metadataLength <= 0 || metadataStart < MAGIC.length) {
            throw new IOException("corrupt Parquet footer length " + metadataLength + " in a file of " + fileLength + " bytes");
        }
        byte[] metadata = new byte[metadataLength];
        in.readFully(metadataStart, metadata);
        FileMetaData fileMetaData = Util.readFileMetaData(new ByteArrayInputStream(metadata));
        return converter.fromParquetMetadata(fileMetaData);
    }
}
