package io.strata.format.avro;

import io.strata.data.Row;
import io.strata.format.FieldStats;
import io.strata.format.FormatWriter;
import io.strata.format.StatsCollector;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;

/**
 * Writes rows of a file type to one Avro object container file as Paimon 1.4.2 does: the schema of
 * {@link AvroSchemas} in the header, Avro's default block size (a block is flushed at about 64 KB of
 * encoded rows), the codec {@link AvroCodecs} picks for {@code file.compression}. Paimon collects an Avro
 * file's column stats row by row while writing (Avro files have no footer to take them from); so does this
 * writer, with the {@link StatsCollector} the ORC and Parquet writers use.
 */
final class AvroFormatWriter implements FormatWriter {

    private final FileIO io;
    private final Path path;
    private final FSDataOutputStream out;
    private final DataFileWriter<Row> writer;
    private final StatsCollector stats;
    private long rowCount;
    private long fileSize = -1;
    private boolean closed;

    AvroFormatWriter(FileIO io, Path path, RowType fileType, String compression) throws IOException {
        this.io = io;
        this.path = path;
        // Both fail naming the column or the option before any file exists.
        Schema schema = AvroSchemas.fileSchema(fileType);
        CodecFactory codec = AvroCodecs.codec(compression);
        this.stats = new StatsCollector(fileType);
        this.out = io.create(path, false);
        try {
            this.writer = new DataFileWriter<>(new AvroRowWriter(fileType));
            writer.setCodec(codec);
            writer.setFlushOnEveryBlock(false);
            writer.create(schema, out);
        } catch (IOException | RuntimeException e) {
            out.close();
            io.deleteQuietly(path);
            throw new IOException("Cannot create Avro data file " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void write(Row row) throws IOException {
        if (closed) {
            throw new IllegalStateException("Avro writer of " + path + " is closed");
        }
        try {
            writer.append(row);
        } catch (IOException | RuntimeException e) {
            // DataFileWriter drops a datum it failed to encode: the file stays valid without it.
            Throwable cause = e instanceof DataFileWriter.AppendWriteException && e.getCause() != null ? e.getCause() : e;
            throw new IOException("Cannot write row " + rowCount + " to Avro data file " + path + ": "
                    + cause.getMessage(), cause);
        }
        stats.collect(row);
        rowCount++;
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
        // What reached the file; the open block (up to about 64 KB before compression) is not counted, as in Paimon.
        return out.getPos();
    }

    @Override
    public long fileSize() throws IOException {
        if (fileSize < 0) {
            fileSize = io.fileSize(path);
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
        try {
            // Flushes the last block and closes the stream.
            writer.close();
        } catch (IOException | RuntimeException e) {
            throw new IOException("Cannot finish Avro data file " + path + ": " + e.getMessage(), e);
        }
        fileSize = io.fileSize(path);
    }
}
