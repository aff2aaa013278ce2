package io.strata.format.orc;

import io.strata.data.Row;
import io.strata.format.FieldStats;
import io.strata.format.FormatWriter;
import io.strata.format.StatsCollector;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.orc.impl.PhysicalFsWriter;
import org.apache.orc.impl.writer.WriterEncryptionVariant;

/**
 * Writes rows of a file type to one ORC file the way Paimon does: the schema of {@link OrcTypes}, values
 * put into {@link VectorizedRowBatch}es by {@link OrcFieldWriter}s, zstd level 1 by default. Stats come
 * from {@link StatsCollector}, so they match the Parquet writer's. The ORC writer is made when the first
 * batch is full, so that the batch can tell which string columns need no dictionary
 * ({@link OrcDirectColumns}).
 */
final class OrcFormatWriter implements FormatWriter {

    /** Rows per batch handed to ORC. */
    static final int BATCH_SIZE = 1024;

    /** Paimon's default {@code file.compression.zstd-level}. */
    private static final int ZSTD_LEVEL = 1;

    private final FileIO io;
    private final Path path;
    private final FSDataOutputStream out;
    private final OrcFile.WriterOptions options;
    /** Null until the first batch is full (or the file closes): that batch picks the direct columns. */
    private Writer writer;
    private final VectorizedRowBatch batch;
    private final OrcFieldWriter[] fields;
    private final StatsCollector stats;
    private final OrcValueDigests digests;
    private long rowCount;
    private long fileSize = -1;
    private boolean closed;

    OrcFormatWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException {
        this.io = io;
        this.path = path;
        CompressionKind kind = compressionKind(compression);
        TypeDescription schema = OrcTypes.toOrcSchema(fileType);
        Properties properties = new Properties();
        properties.setProperty(OrcConf.COMPRESSION_ZSTD_LEVEL.getAttribute(), String.valueOf(ZSTD_LEVEL));
        this.options = OrcFile.writerOptions(properties, io.hadoopConf())
                .setSchema(schema)
                .compress(kind)
                .fileSystem(io.fileSystem(path));
        // Our own stream (of the raw local file system: no .crc file) so that its position tells how much is written.
        this.out = io.create(path, false);
        this.batch = schema.createRowBatch(BATCH_SIZE);
        batch.reset();
        List<Integer> digestIndexes = new ArrayList<>();
        List<TypeDescription> digestTypes = new ArrayList<>();
        for (int i = 0; i < schema.getChildren().size(); i++) {
            if (OrcValueDigests.digestible(schema.getChildren().get(i))) {
                digestIndexes.add(i);
                digestTypes.add(schema.getChildren().get(i));
            }
        }
        this.digests = OrcValueDigests.of(digestIndexes, digestTypes);
        this.fields = new OrcFieldWriter[fileType.fieldCount()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = OrcFieldWriter.of(fileType.typeAt(i));
        }
        this.stats = new StatsCollector(fileType);
    }

    /** The ORC codec for a {@code file.compression} value (null means zstd). */
    static CompressionKind compressionKind(String compression) {
        String name = compression == null ? "zstd" : compression.toLowerCase(Locale.ROOT);
        return switch (name) {
            case "zstd" -> CompressionKind.ZSTD;
            case "lz4" -> CompressionKind.LZ4;
            case "snappy" -> CompressionKind.SNAPPY;
            case "zlib" -> CompressionKind.ZLIB;
            case "none", "uncompressed" -> CompressionKind.NONE;
            default -> throw new IllegalArgumentException("Unsupported ORC compression '" + compression
                    + "' (file.compression: expected zstd, lz4, snappy, zlib or none)");
        };
    }

    @Override
    public void write(Row row) throws IOException {
        if (closed) {
            throw new IllegalStateException("ORC writer of " + path + " is closed");
        }
        int slot = batch.size;
        for (int i = 0; i < fields.length; i++) {
            fields[i].write(batch.cols[i], slot, row, i);
        }
        batch.size++;
        stats.collect(row);
        rowCount++;
        if (batch.size == batch.getMaxSize()) {
            flushBatch();
        }
    }

    /** Makes the ORC writer, its string columns without a dictionary where the first batch has no repeats. */
    private void startWriter() throws IOException {
        try {
            options.directEncodingColumns(OrcDirectColumns.of(options.getSchema(), batch));
            options.physicalWriter(new PhysicalFsWriter(out, options, new WriterEncryptionVariant[0]));
            writer = OrcFile.createWriter(path, options);
        } catch (IOException | RuntimeException e) {
            closed = true;
            out.close();
            io.deleteQuietly(path);
            throw new IOException("Cannot create ORC file " + path + ": " + e.getMessage(), e);
        }
    }

    private void flushBatch() throws IOException {
        if (writer == null) {
            startWriter();
        }
        digests.accept(batch);
        try {
            writer.addRowBatch(batch);
        } catch (IOException | RuntimeException e) {
            throw new IOException("Cannot write ORC file " + path + ": " + e.getMessage(), e);
        }
        batch.reset();
    }

    @Override
    public long rowCount() {
        return rowCount;
    }

    @Override
    public long estimatedLength() throws IOException {
        if (closed) {
            return fileSize();
        }
        // Bytes already in the file plus what ORC holds for the current stripe (not counting the open batch).
        return out.getPos() + (writer == null ? 0 : writer.estimateMemory());
    }

    @Override
    public long fileSize() throws IOException {
        if (!closed) {
            throw new IllegalStateException("The size of ORC file " + path + " is known after close");
        }
        return fileSize;
    }

    @Override
    public FieldStats[] stats() {
        return stats.result();
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (writer == null) {
            startWriter();
        }
        try {
            if (batch.size > 0) {
                flushBatch();
            }
        } finally {
            try {
                writer.addUserMetadata(OrcValueDigests.METADATA_KEY, digests.toMetadata());
                writer.close();
            } catch (IOException | RuntimeException e) {
                throw new IOException("Cannot finish ORC file " + path + ": " + e.getMessage(), e);
            }
        }
        fileSize = io.fileSize(path);
    }
}
