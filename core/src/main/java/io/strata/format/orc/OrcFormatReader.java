package io.strata.format.orc;

import io.strata.format.ColumnVector;
import io.strata.format.ColumnarBatch;
import io.strata.format.FormatReader;
import io.strata.fs.FileIO;
import io.strata.predicate.Predicate;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Map;
import java.util.TimeZone;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.TypeUtils;

/**
 * Reads an ORC data file as columnar batches of a read type. Each read field is found in the file by
 * its field id ({@code paimon.id}; by name for files without ids); only those columns are decoded, and
 * a field the file lacks reads as null. ORC fills one {@link VectorizedRowBatch} again and again, and the
 * adapters built at open time read from it without copying.
 */
final class OrcFormatReader implements FormatReader {

    private final Path path;
    private final Reader reader;
    private final RecordReader rows;
    private final VectorizedRowBatch batch;
    private final ColumnVector[] columns;
    private final OrcReadCheck readCheck;
    private long batchPosition = -1;

    /** @param skipFilter row groups that cannot match it are skipped; null reads every row */
    OrcFormatReader(FileIO io, Path path, RowType readType, int batchSize, Predicate skipFilter) throws IOException {
        if (batchSize < 1) {
            throw new IllegalArgumentException("Batch size must be positive, got " + batchSize + " for " + path);
        }
        this.path = path;
        this.reader = open(io, path);
        try {
            TypeDescription schema = reader.getSchema();
            if (schema.getCategory() != TypeDescription.Category.STRUCT) {
                throw new IOException("ORC file " + path + " has a root type " + schema + ", not a struct of columns");
            }
            boolean[] include = new boolean[schema.getMaximumId() + 1];
            include[0] = true;
            // Only the read columns get vectors: ORC skips a top-level column whose vector is null.
            this.batch = new VectorizedRowBatch(schema.getChildren().size(), batchSize);
            this.columns = new ColumnVector[readType.fieldCount()];
            // The zone ORC converts timestamps into is the JVM zone now; Paimon's reader uses the same.
            OrcColumns factory = new OrcColumns(path, TimeZone.getDefault());
            this.readCheck = new OrcReadCheck(path, reader.getNumberOfRows());
            org.apache.orc.ColumnStatistics[] statistics = reader.getStatistics();
            Map<Integer, Long> digests = storedDigests(reader, path);
            for (int i = 0; i < columns.length; i++) {
                DataField field = readType.field(i);
                int k = OrcTypes.childIndex(schema, field);
                if (k < 0) {
                    columns[i] = ColumnVector.NULLS;
                    continue;
                }
                TypeDescription column = schema.getChildren().get(k);
                for (int id = column.getId(); id <= column.getMaximumId(); id++) {
                    include[id] = true;
                }
                if (batch.cols[k] == null) {
                    // USE_DECIMAL64: decimals of up to 18 digits decode into longs, not HiveDecimalWritables.
                    batch.cols[k] = TypeUtils.createColumn(column, TypeDescription.RowBatchVersion.USE_DECIMAL64, batchSize);
                }
                columns[i] = factory.create(batch.cols[k], column, field.type(), field.name());
                Long digest = digests.get(k);
                if (digest != null && OrcValueDigests.digestible(column)) {
                    // The digest covers what the statistics would check (nulls and values): one pass, not two.
                    readCheck.addDigest(k, field.name(), column, digest);
                } else if (column.getCategory().isPrimitive() && column.getId() < statistics.length) {
                    readCheck.add(k, field.name(), column, statistics[column.getId()]);
                }
            }
            Reader.Options options = reader.options().include(include);
            SearchArgument sarg = skipFilter == null ? null : OrcSearchArguments.of(skipFilter, readType, schema);
            if (sarg != null) {
                options.searchArgument(sarg, schema.getFieldNames().toArray(new String[0]));
            }
            this.rows = reader.rows(options);
        } catch (IOException | RuntimeException e) {
            closeQuietly(reader);
            throw e instanceof IOException io2 && io2.getMessage() != null && io2.getMessage().contains(path.toString())
                    ? io2
                    : new IOException("Cannot read ORC file " + path + ": " + e.getMessage(), e);
        }
    }

    private static Reader open(FileIO io, Path path) throws IOException {
        io.requireRegularFile(path);
        try {
            return OrcFile.createReader(path, OrcFile.readerOptions(io.hadoopConf()).filesystem(io.fileSystem(path)));
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("ORC file does not exist: " + path);
        } catch (IOException | RuntimeException e) {
            throw new IOException("Cannot open ORC file " + path + " (truncated or not ORC?): " + e.getMessage(), e);
        }
    }

    @Override
    public ColumnarBatch nextBatch() throws IOException {
        try {
            if (!rows.nextBatch(batch)) {
                readCheck.verify();
                return null;
            }
            readCheck.accept(batch);
        } catch (IOException e) {
            throw e.getMessage() != null && e.getMessage().contains(path.toString())
                    ? e : new IOException("Cannot read ORC file " + path + " (corrupt?): " + e, e);
        } catch (RuntimeException e) {
            // Corrupt streams surface as anything from EOFException to ArrayIndexOutOfBounds.
            throw new IOException("Cannot read ORC file " + path + " (corrupt?): " + e, e);
        }
        // ORC ends a batch where a skipped row group begins, so the batch's rows are consecutive in the file.
        batchPosition = rows.getRowNumber() - batch.size;
        return new ColumnarBatch(columns, batch.size);
    }

    @Override
    public long batchPosition() {
        return batchPosition;
    }

    @Override
    public void close() throws IOException {
        try {
            rows.close();
        } finally {
            reader.close();
        }
    }

    /** The value digests Strata's writer stored in the file; none in files other writers made. */
    private static Map<Integer, Long> storedDigests(Reader reader, Path path) throws IOException {
        if (!reader.hasMetadataValue(OrcValueDigests.METADATA_KEY)) {
            return Map.of();
        }
        try {
            return OrcValueDigests.parse(reader.getMetadataValue(OrcValueDigests.METADATA_KEY));
        } catch (IllegalArgumentException e) {
            throw new IOException("ORC file " + path + " is corrupt: its metadata " + OrcValueDigests.METADATA_KEY
                    + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(Reader reader) {
        try {
            reader.close();
        } catch (IOException | RuntimeException ignored) {
            // Already failing with a better error.
        }
    }
}
