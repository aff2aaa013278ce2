package io.strata.manifest;

import io.strata.fs.FileIO;
import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.file.SeekableByteArrayInput;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.Path;

/**
 * Reading and writing the Avro container files of the metadata: zstd level 1 (Paimon's default
 * {@code manifest.compression=zstd}, {@code file.compression.zstd-level=1}). Every failure names
 * the file. Metadata files are small (megabytes), so a file is read and built in memory.
 */
final class AvroFiles {

    /** Paimon's default zstd level. */
    static final int ZSTD_LEVEL = 1;

    private AvroFiles() {}

    /**
     * Reads every record of the file with its own writer schema and converts each with
     * {@code decoder}. A missing file fails with {@link FileNotFoundException}; a truncated or corrupt
     * one, or a record that does not decode, with an IOException; both name {@code what} and the path.
     */
    static <T> List<T> read(FileIO io, Path path, String what, Function<GenericRecord, T> decoder) throws IOException {
        byte[] bytes;
        try {
            bytes = io.readFully(path);
        } catch (FileNotFoundException e) {
            FileNotFoundException missing = new FileNotFoundException("The " + what + " " + path + " does not exist");
            missing.initCause(e);
            throw missing;
        } catch (IOException e) {
            throw new IOException("Cannot read " + what + " " + path + ": " + e.getMessage(), e);
        }
        List<T> out = new ArrayList<>();
        try {
            AvroContainerLayout layout = AvroContainerLayout.parse(bytes);
            if (!decodeBlocks(bytes, layout, decoder, out)) {
                readWithAvro(bytes, decoder, out);
            }
        } catch (IOException | RuntimeException e) {
            // Avro reports truncation and corruption as AvroRuntimeException, IOException or even
            // index errors from a garbled length: all mean the same thing to the caller.
            throw new IOException("Cannot read " + what + " " + path + " (" + bytes.length + " bytes): " + describe(e), e);
        }
        return out;
    }

    /**
     * Decodes the blocks directly for the codecs Paimon writes (zstandard by default, or none), with
     * the writer schema parsed once per distinct schema: Avro's reader re-parses the schema of every
     * file and creates a codec per file, which costs more than decoding a small manifest. Returns
     * false for other codecs.
     */
    private static <T> boolean decodeBlocks(byte[] bytes, AvroContainerLayout layout, Function<GenericRecord, T> decoder,
            List<T> out) throws IOException {
        boolean zstd = layout.codec().equals("zstandard");
        if (!zstd && !layout.codec().equals("null")) {
            return false;
        }
        Schema schema = writerSchema(layout.schemaJson());
        GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(schema);
        BinaryDecoder in = null;
        for (AvroContainerLayout.Block block : layout.blocks()) {
            byte[] data = zstd
                    ? unzstd(bytes, block.offset(), block.length())
                    : Arrays.copyOfRange(bytes, block.offset(), block.offset() + block.length());
            in = DecoderFactory.get().binaryDecoder(data, in);
            for (long i = 0; i < block.recordCount(); i++) {
                out.add(decoder.apply(reader.read(null, in)));
            }
            if (!in.isEnd()) {
                throw new IOException("a block holds more bytes than its " + block.recordCount() + " records");
            }
        }
        return true;
    }

    private static byte[] unzstd(byte[] bytes, int offset, int length) throws IOException {
        try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(
                new ByteArrayInputStream(bytes, offset, length), RecyclingBufferPool.INSTANCE)) {
            return in.readAllBytes();
        }
    }

    private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();

    private static Schema writerSchema(String json) {
        Schema schema = SCHEMAS.get(json);
        if (schema == null) {
            if (SCHEMAS.size() > 64) {
                SCHEMAS.clear(); // only a handful of schemas exist; never grow without bound
            }
            schema = new Schema.Parser().parse(json);
            SCHEMAS.put(json, schema);
        }
        return schema;
    }

    private static <T> void readWithAvro(byte[] bytes, Function<GenericRecord, T> decoder, List<T> out) throws IOException {
        try (DataFileReader<GenericRecord> reader =
                new DataFileReader<>(new SeekableByteArrayInput(bytes), new GenericDatumReader<>())) {
            while (reader.hasNext()) {
                out.add(decoder.apply(reader.next()));
            }
        }
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        if (e instanceof AvroRuntimeException && e.getCause() != null && e.getCause().getMessage() != null) {
            message = message + " (" + e.getCause().getMessage() + ")";
        }
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /** An Avro container file being built in memory, so its size is known while it is written. */
    static final class Buffer implements AutoCloseable {

        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataFileWriter<GenericRecord> writer;

        /**
         * @param syncInterval uncompressed bytes per block; Avro's default for normal targets, smaller
         *     only when a small target size must be able to roll files
         */
        Buffer(Schema schema, int syncInterval) throws IOException {
            writer = new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema));
            writer.setCodec(CodecFactory.zstandardCodec(ZSTD_LEVEL));
            // Flushing each finished block changes no byte of the file; it only lets flushedSize() see it.
            writer.setFlushOnEveryBlock(true);
            writer.setSyncInterval(syncInterval);
            writer.create(schema, bytes);
        }

        Buffer(Schema schema) throws IOException {
            this(schema, DataFileConstants.DEFAULT_SYNC_INTERVAL);
        }

        /** A block size for a file that should roll at {@code targetFileSize} bytes. */
        static int syncIntervalFor(long targetFileSize) {
            return (int) Math.max(32, Math.min(DataFileConstants.DEFAULT_SYNC_INTERVAL, targetFileSize));
        }

        void append(GenericRecord record) throws IOException {
            writer.append(record);
        }

        /** Bytes in finished blocks so far (the open block is not counted, as in Paimon's check). */
        long flushedSize() {
            return bytes.size();
        }

        /** Finishes the file and returns its bytes. */
        byte[] finish() throws IOException {
            writer.close();
            return bytes.toByteArray();
        }

        @Override
        public void close() throws IOException {
            writer.close();
        }
    }

    /** Writes {@code content} as a new file; fails naming the path if it exists or cannot be written. */
    static void writeNewFile(FileIO io, Path path, byte[] content, String what) throws IOException {
        try {
            io.writeNew(path, content);
        } catch (FileAlreadyExistsException e) {
            // Someone else's file: leave it alone.
            throw new IOException("Cannot write " + what + " " + path + ": it already exists", e);
        } catch (IOException e) {
            io.deleteQuietly(path);
            throw new IOException("Cannot write " + what + " " + path + ": " + e.getMessage(), e);
        }
    }
}
