package io.strata.hive;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.predicate.Predicate;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.SplitBatches;
import io.strata.table.TableRead;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;

/**
 * Reads one {@link StrataInputSplit} straight into Hive's {@link VectorizedRowBatch}, for plans Hive
 * vectorized with {@link StrataInputFormat} as a vectorized input format. A split that needs no merge
 * (append buckets, deletion-vector buckets, compacted primary-key buckets) is handed over a file batch at
 * a time ({@link SplitBatches}): ORC columns decoded into the vectors Hive expects are passed as they are,
 * other columns are copied, and rows that are not live are left out by Hive's selection vector; a split
 * that needs a merge is filled row by row from the k-way merge. Partition columns come from the split's partition, as Hive's own readers fill them.
 *
 * <p>The batch layout is Hive's ({@link VectorizedRowBatchCtx}): the Hive table's data columns, then its
 * partition columns; only the data columns the query reads are filled.
 */
final class StrataVectorizedRecordReader implements RecordReader<NullWritable, VectorizedRowBatch> {

    private final StrataInputSplit inputSplit;
    private final VectorizedRowBatchCtx context;
    /** Batch positions of the data columns the query reads, with a Strata column behind them. */
    private final int[] batchColumns;
    /** For each of {@link #batchColumns}: its position in the table (batch path). */
    private final int[] tablePositions;
    /** For each of {@link #batchColumns}: its position in the projected merged row (row path). */
    private final int[] rowPositions;
    private final HiveVectorWriter[] writers;
    /** Read data columns the Strata table does not have (virtual columns Hive asks for): always null. */
    private final int[] nullColumns;
    private final Object[] partitionValues;
    /** The vectors of {@link #batchColumns} that Hive's batch was created with (ours to fill). */
    private final ColumnVector[] ownVectors;
    private final int readBatchSize;
    /** Whether one file batch fits a Hive batch, so that batches are handed over whole (see nextShared). */
    private boolean wholeBatches;
    private final SplitBatches batches;
    private final CloseableIterator<Row> rows;
    private final long totalRows;
    private boolean prepared;
    /** Live rows of the current file batch not yet copied, from {@link #pendingStart}. */
    private int pending;
    private int pendingStart;
    private long rowsRead;

    StrataVectorizedRecordReader(Table table, StrataInputSplit inputSplit, JobConf job) throws IOException {
        this.inputSplit = inputSplit;
        this.context = Utilities.getVectorizedRowBatchCtx(job);
        RowType rowType = table.schema().rowType();
        String[] names = context.getRowColumnNames();
        int[] read = context.getDataColumnNums();
        if (read == null) {
            read = IntStream.range(0, context.getDataColumnCount()).toArray();
        }
        TreeSet<Integer> positions = new TreeSet<>();
        int mapped = 0;
        int[] tablePositionOf = new int[read.length];
        for (int i = 0; i < read.length; i++) {
            tablePositionOf[i] = StrataInputFormat.indexOfIgnoreCase(rowType, names[read[i]]);
            if (tablePositionOf[i] >= 0) {
                positions.add(tablePositionOf[i]);
                mapped++;
            }
        }
        int[] readColumns = positions.stream().mapToInt(Integer::intValue).toArray();
        this.batchColumns = new int[mapped];
        this.tablePositions = new int[mapped];
        this.rowPositions = new int[mapped];
        this.writers = new HiveVectorWriter[mapped];
        this.nullColumns = new int[read.length - mapped];
        for (int i = 0, m = 0, u = 0; i < read.length; i++) {
            int p = tablePositionOf[i];
            if (p < 0) {
                nullColumns[u++] = read[i];
                continue;
            }
            batchColumns[m] = read[i];
            tablePositions[m] = p;
            rowPositions[m] = Arrays.binarySearch(readColumns, p);
            writers[m] = HiveVectorWriter.of(rowType.field(p).type());
            m++;
        }
        int partitionColumns = context.getPartitionColumnCount();
        if (partitionColumns > 0) {
            partitionValues = new Object[partitionColumns];
            VectorizedRowBatchCtx.getPartitionValues(context, job, inputSplit, partitionValues);
        } else {
            partitionValues = null;
        }
        this.ownVectors = new ColumnVector[mapped];
        this.readBatchSize = table.schema().tableOptions().readBatchSize();
        Split split = inputSplit.split();
        this.totalRows = Math.max(1, split.rowCount());
        // The split was planned on the query's snapshot: reading it needs only the projection, and Hive's
        // filter, with which a split that needs no merge skips the ORC row groups that cannot match (Hive
        // still filters the rows).
        Predicate filter = SearchArgumentFilter.fromConf(job, rowType);
        try {
            TableRead tableRead = table.newRead(new Plan(null, List.of(split), readColumns, rowType.project(readColumns), filter));
            this.batches = tableRead.openBatches(split);
            if (batches == null && readColumns.length == 0) {
                // count(*) over a merge: the merged rows are counted, so the merge reads one column.
                int[] first = {0};
                tableRead = table.newRead(new Plan(null, List.of(split), first, rowType.project(first), filter));
            }
            this.rows = batches == null ? tableRead.open(split) : null;
        } catch (RuntimeException e) {
            throw QueryFailure.of("Opening " + inputSplit + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean next(NullWritable key, VectorizedRowBatch batch) throws IOException {
        if (!prepared) {
            // Constant for the whole split: set once, like Hive's own vectorized readers do.
            if (partitionValues != null) {
                context.addPartitionColsToBatch(batch, partitionValues);
            }
            for (int c : nullColumns) {
                ColumnVector v = batch.cols[c];
                if (v != null) {
                    v.noNulls = false;
                    v.isNull[0] = true;
                    v.isRepeating = true;
                }
            }
            for (int c = 0; c < batchColumns.length; c++) {
                ownVectors[c] = batch.cols[batchColumns[c]];
            }
            wholeBatches = batches != null && readBatchSize <= batch.getMaxSize();
            prepared = true;
        }
        batch.selectedInUse = false;
        int filled;
        try {
            if (wholeBatches) {
                filled = nextShared(batch);
            } else {
                for (ColumnVector own : ownVectors) {
                    own.reset();
                }
                filled = batches != null ? fillFromBatches(batch) : fillFromRows(batch);
            }
        } catch (IOException | UncheckedIOException e) {
            throw QueryFailure.of("Reading " + inputSplit + " failed: " + e.getMessage(), e);
        }
        batch.size = filled;
        rowsRead += filled;
        return filled > 0;
    }

    /**
     * Hands over the next file batch as one Hive batch: rows that are not live (deletion vectors,
     * retractions, the plan's filter) are left out through Hive's selection vector, and a column that ORC
     * decoded into exactly the vector Hive expects is passed by reference instead of copied, as Hive's own
     * ORC reader does. Other columns are written into Hive's vectors at the same row indexes.
     */
    private int nextShared(VectorizedRowBatch batch) throws IOException {
        if (!batches.next()) {
            return 0;
        }
        int live = batches.size();
        for (int c = 0; c < writers.length; c++) {
            ColumnVector own = ownVectors[c];
            int position = tablePositions[c];
            ColumnVector decoded = batches.column(position).storageVector();
            if (decoded != null && sameLayout(own, decoded)) {
                batch.cols[batchColumns[c]] = decoded;
                continue;
            }
            batch.cols[batchColumns[c]] = own;
            own.reset();
            HiveVectorWriter writer = writers[c];
            for (int k = 0; k < live; k++) {
                int index = batches.liveRow(k);
                writer.write(batches.rowAt(index), position, own, index);
            }
        }
        if (live < batches.batchRows()) {
            batch.selectedInUse = true;
            for (int k = 0; k < live; k++) {
                batch.selected[k] = batches.liveRow(k);
            }
        }
        return live;
    }

    /** Whether Hive's operators can read a decoded vector in place of the one Hive made for the column. */
    private static boolean sameLayout(ColumnVector hive, ColumnVector decoded) {
        if (!hive.getClass().isInstance(decoded)) {
            return false;
        }
        if (hive instanceof Decimal64ColumnVector h && decoded instanceof Decimal64ColumnVector d) {
            return h.scale == d.scale && h.precision == d.precision;
        }
        return true;
    }

    /** Copies live rows of the files' batches column by column; a file batch may span two Hive batches. */
    private int fillFromBatches(VectorizedRowBatch batch) throws IOException {
        int capacity = batch.getMaxSize();
        int filled = 0;
        while (filled < capacity) {
            if (pending == 0) {
                if (!batches.next()) {
                    break;
                }
                pending = batches.size();
                pendingStart = 0;
            }
            int take = Math.min(capacity - filled, pending);
            for (int c = 0; c < writers.length; c++) {
                HiveVectorWriter writer = writers[c];
                ColumnVector vector = batch.cols[batchColumns[c]];
                int position = tablePositions[c];
                for (int k = 0; k < take; k++) {
                    writer.write(batches.row(pendingStart + k), position, vector, filled + k);
                }
            }
            filled += take;
            pendingStart += take;
            pending -= take;
        }
        return filled;
    }

    /** Merged rows, one at a time. */
    private int fillFromRows(VectorizedRowBatch batch) {
        int capacity = batch.getMaxSize();
        int filled = 0;
        while (filled < capacity && rows.hasNext()) {
            Row row = rows.next();
            for (int c = 0; c < writers.length; c++) {
                writers[c].write(row, rowPositions[c], batch.cols[batchColumns[c]], filled);
            }
            filled++;
        }
        return filled;
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
        if (batches != null) {
            batches.close();
        } else {
            rows.close();
        }
    }

    @Override
    public float getProgress() {
        return Math.min(1f, (float) rowsRead / totalRows);
    }
}
