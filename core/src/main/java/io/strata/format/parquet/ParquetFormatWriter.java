package io.strata.format.parquet;

import io.strata.data.Row;
import io.strata.format.FieldStats;
import io.strata.format.FormatWriter;
import io.strata.format.StatsCollector;
import io.strata.fs.FileIO;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.TypeRoot;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.OutputFile;

/**
 * Writes rows of one file type to a new Parquet data file, collecting Paimon's column stats. Settings are
 * Paimon 1.4's: data pages v1, dictionary encoding (parquet-mr falls back to PLAIN per column chunk when
 * the dictionary does not pay), the row group and page sizes of {@link ParquetWriteOptions}, and zstd at
 * level {@value #ZSTD_LEVEL} (Paimon's {@code file.compression.zstd-level}; parquet-mr's own default is 3).
 */
final class ParquetFormatWriter implements FormatWriter {

    /** Paimon's default {@code file.compression.zstd-level}, which it hands to parquet-mr's codec. */
    static final int ZSTD_LEVEL = 1;

    /** Paimon's field ids of a primary-key data file (docs/format.md section 7): {@code _SEQUENCE_NUMBER}, */
    private static final int SEQUENCE_NUMBER_ID = Integer.MAX_VALUE - 1;
    /** {@code _VALUE_KIND}, */
    private static final int VALUE_KIND_ID = Integer.MAX_VALUE - 2;
    /** and the offset of a {@code _KEY_} column's id from its value column's id. */
    private static final int KEY_FIELD_ID_START = Integer.MAX_VALUE / 2;

    /** parquet-mr's codec setting for the zstd level ({@code ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL}). */
    static final String ZSTD_LEVEL_KEY = "parquet.compression.codec.zstd.level";

    /**
     * Rows held back before the Parquet writer is made: the sample that decides which columns go without
     * a dictionary ({@link #distinctColumns}).
     */
    static final int SAMPLE_ROWS = 1024;

    /** Non-null values, all distinct, that a column's sample needs to go without a dictionary. */
    static final int MIN_DISTINCT_VALUES = 512;

    private final FileIO io;
    private final Path path;
    private final RowType fileType;
    private final RowWriteSupport writeSupport;
    private final FileSystemOutputFile file;
    private final Builder builder;
    /** Null until {@link #SAMPLE_ROWS} rows have come (or the file closes). */
    private ParquetWriter<Row> writer;
    private List<GenericRow> sample = new ArrayList<>();
    private long sampleBytes;
    private final StatsCollector stats;
    private long rowCount;
    private long fileSize = -1;
    private boolean closed;

    ParquetFormatWriter(FileIO io, Path path, RowType fileType, String compression, ParquetWriteOptions options)
            throws IOException {
        this.io = io;
        this.path = path;
        this.fileType = fileType;
        this.stats = new StatsCollector(fileType);
        CompressionCodecName codec = codec(compression);
        try {
            this.file = new FileSystemOutputFile(io, path);
        } catch (IOException | RuntimeException e) {
            throw new IOException("Cannot create Parquet data file " + path + ": " + e.getMessage(), e);
        }
        try {
            this.writeSupport = new RowWriteSupport(fileType);
            this.builder = new Builder(file, writeSupport)
                    .withConf(writerConf(io.hadoopConf()))
                    .withWriteMode(ParquetFileWriter.Mode.CREATE)
                    .withCompressionCodec(codec)
                    .withRowGroupSize(options.rowGroupSize())
                    .withPageSize(options.pageSize())
                    .withDictionaryPageSize(options.pageSize())
                    .withDictionaryEncoding(true);
            for (String column : uniqueColumns(fileType)) {
                builder.withDictionaryEncoding(column, false);
            }
        } catch (RuntimeException e) {
            file.closeUnused();
            io.deleteQuietly(path);
            throw new IOException("Cannot create Parquet data file " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Makes the Parquet writer, with no dictionary for the sample's all-distinct columns, and writes the
     * sample into it.
     */
    private void startWriter() throws IOException {
        for (String column : distinctColumns(fileType, sample)) {
            builder.withDictionaryEncoding(column, false);
        }
        writer = builder.build();
        List<GenericRow> rows = sample;
        sample = null;
        for (GenericRow row : rows) {
            writer.write(row);
        }
    }

    /**
     * The top-level columns (but BOOLEAN, which has no dictionary) whose sample holds at least
     * {@link #MIN_DISTINCT_VALUES} non-null values, all of them distinct. parquet-mr decides on a
     * column's dictionary at the end of its first page (up to 20,000 rows): it keeps the dictionary only
     * if the page came out smaller with it. A column with no repeat in its first 1,024 values would
     * almost never pass that test (its page would need fewer distinct values than about two thirds of
     * its rows); for it, parquet-mr would build a hash table of the whole first page and then encode the
     * page again, PLAIN. Going without a dictionary from the start writes the same PLAIN pages.
     */
    static List<String> distinctColumns(RowType fileType, List<? extends GenericRow> sample) {
        List<String> distinct = new ArrayList<>();
        for (int i = 0; i < fileType.fieldCount(); i++) {
            DataType type = fileType.typeAt(i);
            if (!(type instanceof AtomicType atomic) || atomic.root() == TypeRoot.BOOLEAN) {
                continue;
            }
            Set<Object> values = new HashSet<>();
            int nonNull = 0;
            boolean repeated = false;
            for (GenericRow row : sample) {
                Object value = row.get(i);
                if (value == null) {
                    continue;
                }
                nonNull++;
                if (!values.add(distinctKey(value))) {
                    repeated = true;
                    break;
                }
            }
            if (!repeated && nonNull >= MIN_DISTINCT_VALUES) {
                distinct.add(fileType.field(i).name());
            }
        }
        return distinct;
    }

    /** A value with cheap equals and hashCode that is equal exactly when the values are. */
    private static Object distinctKey(Object value) {
        if (value instanceof byte[] bytes) {
            return ByteBuffer.wrap(bytes);
        }
        if (value instanceof Decimal decimal && decimal.isCompact()) {
            return decimal.toUnscaledLong();
        }
        return value;
    }

    /**
     * The top-level columns whose values are distinct within every file of this type, for which a
     * dictionary can never pay: {@code _SEQUENCE_NUMBER} of a primary-key file (one sequence number per
     * record), and when the primary key (minus partition columns) is one column, its {@code _KEY_} column
     * and the value column it copies (a primary-key file holds at most one row per key). parquet-mr
     * would otherwise build a dictionary of the first page of each such column and then throw it away
     * (re-encoding the page PLAIN); without it the pages come out the same, PLAIN, at a fraction of the
     * cost. Every other column keeps dictionary encoding, as Paimon writes it.
     */
    static List<String> uniqueColumns(RowType fileType) {
        List<String> unique = new ArrayList<>();
        DataField key = null;
        int keyColumns = 0;
        for (DataField field : fileType.fields()) {
            if (field.id() == SEQUENCE_NUMBER_ID) {
                unique.add(field.name());
            } else if (field.id() >= KEY_FIELD_ID_START && field.id() < VALUE_KIND_ID) {
                key = field;
                keyColumns++;
            }
        }
        if (key == null || keyColumns != 1 || unique.isEmpty()) {
            return unique;
        }
        unique.add(key.name());
        for (DataField field : fileType.fields()) {
            if (field.id() == key.id() - KEY_FIELD_ID_START) {
                unique.add(field.name());
            }
        }
        return unique;
    }

    /**
     * The file system's configuration with the zstd level set; a copy, so the level never leaks into the
     * configuration others share (the copy's properties are cloned, no resources are parsed again).
     */
    private static Configuration writerConf(Configuration base) {
        Configuration conf = new Configuration(base);
        conf.setInt(ZSTD_LEVEL_KEY, ZSTD_LEVEL);
        return conf;
    }

    /** The Parquet codec of a {@code file.compression} value; lz4 is LZ4_RAW, the portable framing. */
    static CompressionCodecName codec(String compression) {
        String name = compression == null ? "zstd" : compression.trim().toLowerCase(Locale.ROOT);
        return switch (name) {
            case "", "zstd" -> CompressionCodecName.ZSTD;
            case "snappy" -> CompressionCodecName.SNAPPY;
            case "lz4", "lz4_raw" -> CompressionCodecName.LZ4_RAW;
            case "gzip" -> CompressionCodecName.GZIP;
            case "none", "uncompressed" -> CompressionCodecName.UNCOMPRESSED;
            default -> throw new IllegalArgumentException("Unsupported file.compression '" + compression
                    + "' for Parquet (expected zstd, snappy, lz4, gzip or none)");
        };
    }

    @Override
    public void write(Row row) throws IOException {
        if (closed) {
            throw new IllegalStateException("Parquet writer of " + path + " is closed");
        }
        try {
            writeSupport.checkNotNull(row);
            if (writer != null) {
                writer.write(row);
            } else {
                // The row may be a view of a buffer its owner reuses: the sample keeps copies.
                sample.add(GenericRow.copyOf(row, fileType));
                sampleBytes += 8L * fileType.fieldCount();
                if (sample.size() == SAMPLE_ROWS) {
                    startWriter();
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IOException("Cannot write row " + rowCount + " to Parquet data file " + path + ": " + e.getMessage(), e);
        }
        stats.collect(row);
        rowCount++;
    }

    @Override
    public long rowCount() {
        return rowCount;
    }

    @Override
    public long estimatedLength() {
        // While the sample is held back: a rough size of its rows (8 bytes a field).
        return writer == null ? sampleBytes : writer.getDataSize();
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
            if (writer == null) {
                startWriter();
            }
            writer.close();
        } catch (IOException | RuntimeException e) {
            if (writer == null) {
                file.closeUnused();
            }
            throw new IOException("Cannot finish Parquet data file " + path + ": " + e.getMessage(), e);
        }
        fileSize = io.fileSize(path);
    }

    private static final class Builder extends ParquetWriter.Builder<Row, Builder> {
        private final RowWriteSupport writeSupport;

        Builder(OutputFile file, RowWriteSupport writeSupport) {
            super(file);
            this.writeSupport = writeSupport;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Row> getWriteSupport(Configuration conf) {
            return writeSupport;
        }

        @Override
        protected WriteSupport<Row> getWriteSupport(ParquetConfiguration conf) {
            return writeSupport;
        }
    }
}
