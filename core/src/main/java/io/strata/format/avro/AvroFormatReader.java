package io.strata.format.avro;

import io.strata.format.ColumnarBatch;
import io.strata.format.FormatReader;
import io.strata.format.avro.AvroVectors.Vector;
import io.strata.fs.FileIO;
import io.strata.types.RowType;
import java.io.EOFException;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.SeekableInput;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;

/**
 * Reads an Avro data file (Paimon's or Strata's) into columnar batches of the read type. Avro's
 * {@link DataFileReader} reads the header, checks each block's sync marker and decompresses it; the
 * values of a block are decoded by {@link AvroReadPlan}'s decoders straight into the batch's vectors.
 *
 * <p>Avro's reader takes a file that ends inside a block for one that ends before it (it stops at the
 * first end of input without a word), so this reader checks, at the end, that the last complete block
 * ends where the file does: a truncated file fails instead of losing its last rows. Avro's reader also
 * fails a block whose rows do not use up its bytes. Every failure names the file.
 */
final class AvroFormatReader implements FormatReader {

    private final Path path;
    private final int batchSize;
    private final long length;
    private final RowDatumReader rows;
    private final DataFileReader<Object> reader;
    private boolean ended;

    AvroFormatReader(FileIO io, Path path, RowType readType, RowType writeType, int batchSize) throws IOException {
        if (batchSize <= 0) {
            throw new IllegalArgumentException("batch size must be positive, got " + batchSize);
        }
        this.path = path;
        this.batchSize = batchSize;
        this.rows = new RowDatumReader(readType, writeType);
        FSDataInputStream in = null;
        try {
            io.requireRegularFile(path);
            this.length = io.fileSize(path);
            in = io.open(path);
            // Reads the header; RowDatumReader plans the read from the file's schema.
            this.reader = new DataFileReader<>(new Input(in, length), rows);
        } catch (IOException | RuntimeException | LinkageError e) {
            closeQuietly(in);
            throw failure("Cannot open", e);
        }
    }

    @Override
    public ColumnarBatch nextBatch() throws IOException {
        if (ended) {
            return null;
        }
        try {
            AvroReadPlan plan = rows.plan;
            for (Vector v : plan.vectors) {
                v.reset();
            }
            int n = 0;
            while (n < batchSize && reader.hasNext()) {
                reader.next(null);
                n++;
            }
            if (n < batchSize) {
                ended = true;
                requireWholeFile();
                if (n == 0) {
                    return null;
                }
            }
            return new ColumnarBatch(plan.columns, n);
        } catch (IOException | RuntimeException | LinkageError e) {
            throw failure("Cannot read", e);
        }
    }

    /** Fails unless the last block read ends at the end of the file. */
    private void requireWholeFile() throws IOException {
        long end = reader.previousSync();
        if (end != length) {
            throw new IOException("the file is truncated or corrupt: its blocks end at byte " + end + " of "
                    + length);
        }
    }

    private IOException failure(String action, Throwable e) {
        // Avro wraps I/O failures in AvroRuntimeException(cause), whose message is the cause's toString.
        Throwable cause = e.getCause() instanceof IOException && e.getMessage() != null
                && e.getMessage().equals(e.getCause().toString()) ? e.getCause() : e;
        String reason = cause instanceof EOFException ? "the file ends early (truncated)"
                : cause.getMessage() != null ? cause.getMessage() : cause.getClass().getName();
        return new IOException(action + " Avro data file " + path + ": " + reason, e);
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }

    private static void closeQuietly(FSDataInputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // The open already failed; that failure is the one to report.
            }
        }
    }

    /** Decodes each row of the file into the plan's vectors; the plan is made from the file's schema. */
    private static final class RowDatumReader implements DatumReader<Object> {
        private final RowType readType;
        private final RowType writeType;
        private AvroReadPlan plan;

        RowDatumReader(RowType readType, RowType writeType) {
            this.readType = readType;
            this.writeType = writeType;
        }

        @Override
        public void setSchema(Schema schema) {
            plan = AvroReadPlan.plan(schema, readType, writeType);
        }

        @Override
        public Object read(Object reuse, Decoder in) throws IOException {
            plan.row.read(in);
            return null;
        }
    }

    /** A Hadoop input stream as the seekable input Avro's file reader takes. */
    private record Input(FSDataInputStream in, long length) implements SeekableInput {

        @Override
        public void seek(long position) throws IOException {
            in.seek(position);
        }

        @Override
        public long tell() throws IOException {
            return in.getPos();
        }

        @Override
        public int read(byte[] bytes, int offset, int count) throws IOException {
            return in.read(bytes, offset, count);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
