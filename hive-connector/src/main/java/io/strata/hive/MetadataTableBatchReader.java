package io.strata.hive;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.table.Table;
import io.strata.table.metadata.MetadataTable;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;

/**
 * Reads the rows of a metadata table ({@link MetadataTableSplit}) into Hive's {@code VectorizedRowBatch}, for
 * plans Hive vectorized with {@link StrataInputFormat}: the columns the batch holds are filled row by row,
 * with the writers the merged data path uses ({@link HiveVectorWriter}).
 */
final class MetadataTableBatchReader implements RecordReader<NullWritable, VectorizedRowBatch> {

    private final MetadataTableSplit split;
    private final VectorizedRowBatchCtx context;
    private final CloseableIterator<Row> rows;
    /** Batch column, metadata-table column and writer of each column the batch reads. */
    private final int[] batchColumns;
    private final int[] positions;
    private final HiveVectorWriter[] writers;
    private long rowsRead;

    MetadataTableBatchReader(Table table, MetadataTableSplit split, JobConf job) throws IOException {
        this.split = split;
        this.context = Utilities.getVectorizedRowBatchCtx(job);
        MetadataTable metadata = MetadataTableRecordReader.open(table, split);
        RowType rowType = metadata.rowType();
        String[] names = context.getRowColumnNames();
        int[] read = context.getDataColumnNums();
        if (read == null) {
            read = IntStream.range(0, context.getDataColumnCount()).toArray();
        }
        List<int[]> mapped = new ArrayList<>();
        for (int c : read) {
            int p = StrataInputFormat.indexOfIgnoreCase(rowType, names[c]);
            if (p >= 0) {
                mapped.add(new int[] {c, p});
            }
        }
        this.batchColumns = mapped.stream().mapToInt(m -> m[0]).toArray();
        this.positions = mapped.stream().mapToInt(m -> m[1]).toArray();
        this.writers = new HiveVectorWriter[positions.length];
        for (int i = 0; i < positions.length; i++) {
            writers[i] = HiveVectorWriter.of(rowType.field(positions[i]).type());
        }
        this.rows = MetadataTableRecordReader.rows(metadata, split);
    }

    @Override
    public boolean next(NullWritable key, VectorizedRowBatch batch) throws IOException {
        batch.selectedInUse = false;
        for (int c : batchColumns) {
            ColumnVector vector = batch.cols[c];
            vector.reset();
        }
        int capacity = batch.getMaxSize();
        int filled = 0;
        try {
            while (filled < capacity && rows.hasNext()) {
                Row row = rows.next();
                for (int i = 0; i < writers.length; i++) {
                    writers[i].write(row, positions[i], batch.cols[batchColumns[i]], filled);
                }
                filled++;
            }
        } catch (UncheckedIOException e) {
            throw QueryFailure.of("Reading " + split + " failed: " + e.getMessage(), e);
        }
        batch.size = filled;
        rowsRead += filled;
        return filled > 0;
    }

    @Override
    public NullWritable createKey() {
        return NullWritable.get();
    }

    @Override
    public VectorizedRowBatch createValue() {
        return context.createVectorizedRowBatch();
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
