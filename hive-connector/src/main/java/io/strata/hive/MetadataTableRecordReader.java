package io.strata.hive;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.table.Table;
import io.strata.table.metadata.AuditLogTable;
import io.strata.table.metadata.MetadataTable;
import io.strata.table.metadata.MetadataTables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.stream.IntStream;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.RecordReader;

/**
 * Reads the rows of a metadata table ({@link MetadataTableSplit}) for {@link StrataSerDe}, every column: a
 * metadata table is small (a row per snapshot, file, partition...), so projection would save little.
 */
final class MetadataTableRecordReader implements RecordReader<NullWritable, StrataRowWritable> {

    private final MetadataTableSplit split;
    private final int arity;
    private final CloseableIterator<Row> rows;
    private long rowsRead;

    MetadataTableRecordReader(Table table, MetadataTableSplit split) throws IOException {
        this.split = split;
        MetadataTable metadata = open(table, split);
        this.arity = metadata.rowType().fieldCount();
        this.rows = rows(metadata, split);
    }

    /** The metadata table the split names; fails naming it when the table has none of that name. */
    static MetadataTable open(Table table, MetadataTableSplit split) throws IOException {
        MetadataTable metadata = MetadataTables.of(table, split.name()).orElseThrow(() -> new IOException("Strata table "
                + table.location() + " has no metadata table '" + split.name() + "'; there are "
                + MetadataTables.NAMES));
        if (metadata instanceof AuditLogTable auditLog && !split.readOptions().isEmpty()) {
            try {
                return auditLog.withReadOptions(split.readOptions());
            } catch (RuntimeException e) {
                throw QueryFailure.of("Reading " + split + " failed: " + e.getMessage(), e);
            }
        }
        return metadata;
    }

    static CloseableIterator<Row> rows(MetadataTable metadata, MetadataTableSplit split) throws IOException {
        try {
            return metadata.rows(split.snapshotId());
        } catch (RuntimeException | IOException e) {
            throw QueryFailure.of("Reading " + split + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean next(NullWritable key, StrataRowWritable value) throws IOException {
        try {
            if (!rows.hasNext()) {
                return false;
            }
            value.set(rows.next());
        } catch (UncheckedIOException e) {
            throw QueryFailure.of("Reading " + split + " failed: " + e.getMessage(), e);
        }
        rowsRead++;
        return true;
    }

    @Override
    public NullWritable createKey() {
        return NullWritable.get();
    }

    @Override
    public StrataRowWritable createValue() {
        return new StrataRowWritable(arity, IntStream.range(0, arity).toArray());
    }

    @Override
    public long getPos() {
        return rowsRead;
    }

    @Override
    public void close() throws IOException {
        rows.close();
    }

    @Override
    public float getProgress() {
        return rows.hasNext() ? 0.5f : 1f;
    }
}
