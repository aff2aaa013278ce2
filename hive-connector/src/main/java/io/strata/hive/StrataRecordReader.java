package io.strata.hive;

import io.strata.data.CloseableIterator;
import io.strata.data.Row;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.RecordReader;

/**
 * Reads one {@link StrataInputSplit}: the merged rows of one (partition, bucket) as of the query's
 * snapshot, only the columns Hive asked for.
 */
final class StrataRecordReader implements RecordReader<NullWritable, StrataRowWritable> {

    private final StrataInputSplit inputSplit;
    private final int tableArity;
    private final int[] readColumns;
    private final CloseableIterator<Row> rows;
    private final long totalRows;
    private long rowsRead;

    StrataRecordReader(Table table, StrataInputSplit inputSplit, int[] readColumns) throws IOException {
        this.inputSplit = inputSplit;
        this.readColumns = readColumns;
        RowType rowType = table.schema().rowType();
        this.tableArity = rowType.fieldCount();
        Split split = inputSplit.split();
        this.totalRows = Math.max(1, split.rowCount());
        // The split was planned on the query's snapshot; reading it needs no second plan, only the
        // projection, so tasks never list the table's manifests again.
        Plan plan = new Plan(null, List.of(split), readColumns, rowType.project(readColumns), null);
        TableRead read = table.newRead(plan);
        try {
            this.rows = read.open(split);
        } catch (RuntimeException e) {
            throw QueryFailure.of("Opening " + inputSplit + " failed: " + e.getMessage(), e);
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
            throw QueryFailure.of("Reading " + inputSplit + " failed: " + e.getMessage(), e);
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
        return new StrataRowWritable(tableArity, readColumns);
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
        return Math.min(1f, (float) rowsRead / totalRows);
    }
}
