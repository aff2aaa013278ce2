package io.strata.format.parquet;

import io.strata.data.Row;
import io.strata.format.FieldStats;
import io.strata.format.FormatWriter;
import io.strata.format.StatsCollector;
import io.strata.fs.FileIO;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    /** Paimon's field ids of a primary-key data file (FORMAT.md, section 7): {@code _SEQUENCE_NUMBER}, */
    private static final int SEQUENCE_NUMBER_ID = Integer.MAX_VALUE - 1;
    /** {@code _VALUE_KIND}, */
    private static final int VALUE_KIND_ID = Integer.MAX_VALUE - 2;
    /** and the offset of a {@code _KEY_} column's id from its value column's id. */
    private static final int KEY_FIELD_ID_START = Integer.MAX_VALUE / 2;

    /** parquet-mr's codec setting for the zstd level ({@code ZstandardCodec.PARQUET_COMPRESS_ZSTD_LEVEL}). */
    static final String ZSTD_LEVEL_KEY = "parquet.compression.codec.zstd.level";

    private final FileIO io;
    private final Path path;
    private final RowWriteSupport writeSupport;
    private final ParquetWriter<Row> writer;
    private final StatsCollector stats;
    private long rowCount;
    private long fileSize = -1;
    private boolean closed;

    ParquetFormatWriter(FileIO io, Path path, RowType fileType, String compression, ParquetWriteOptions options)
            throws IOException {
        this.io = io;
        this.path = path;
        this.stats = new StatsCollector(fileType);
        CompressionCodecName codec = codec(compression);
        try {
            OutputFile file = new FileSystemOutputFile(io, path);
            this.writeSupport = new RowWriteSupport(fileType);
            Builder builder = new Builder(file, writeSupport)
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
            this.writer = builder.build();
        } catch (IOException | RuntimeException e) {
            throw new IOException("Cannot create Parquet data file " + path + ": " + e.getMessage(), e);
        }
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
        try {
            writeSupport.checkNotNull(row);
            writer.write(row);
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
        return writer.getDataSize();
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
            writer.close();
        } catch (IOException | RuntimeException e) {
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
