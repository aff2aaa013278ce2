package io.strata.table;

import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarBatch;
import io.strata.format.ColumnarRow;
import io.strata.format.FormatReader;
import io.strata.lsm.DataFileReadType;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.DeletionVector;
import io.strata.predicate.Predicate;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The rows of a split whose files need no merge, one file batch at a time: an append bucket, the
 * levels above 0 of a deletion-vector or first-row bucket, or a primary-key bucket whose files form one
 * sorted run per key range. Engines that work on column batches (Hive's vectorized reads) copy a batch
 * column by column instead of pulling row after row through a cursor.
 *
 * <p>A batch holds the file batch's live rows: those not marked in the file's deletion vector, not
 * retractions (a lone {@code -U}/{@code -D} record of a sorted run is not part of the table's state), and
 * accepted by the plan's filter. {@link #row(int)} is a view of the k-th live row with the fields at
 * their TABLE positions (fields the plan does not read are null); it is valid until the next batch.
 * Obtained from {@link TableRead#openBatches(Split)}.
 */
public final class SplitBatches implements Closeable {

    /** Opens the reader of one data file of the split. */
    @FunctionalInterface
    interface FileOpener {
        FormatReader open(DataFileMeta file) throws IOException;
    }

    private final List<DataFileMeta> files;
    private final FileOpener opener;
    private final Map<String, DeletionVector> deletionVectors;
    private final DataFileReadType readType;
    private final Predicate filter;
    private final ColumnVector[] tableColumns;
    private final ColumnarRow row;
    private int nextFile;
    private FormatReader reader;
    private DeletionVector deletionVector;
    /** Position in the current file of the first row of the current batch (deletion vectors count rows). */
    private long batchStart;
    private int[] live = new int[0];
    private int liveCount;

    SplitBatches(List<DataFileMeta> files, FileOpener opener, Map<String, DeletionVector> deletionVectors,
            DataFileReadType readType, Predicate filter) {
        this.files = files;
        this.opener = opener;
        this.deletionVectors = deletionVectors;
        this.readType = readType;
        this.filter = filter;
        this.tableColumns = new ColumnVector[readType.tableArity()];
        Arrays.fill(tableColumns, ColumnVector.NULLS);
        this.row = new ColumnarRow(tableColumns);
    }

    /** Moves to the next batch that has at least one live row; false when the split is read. */
    public boolean next() throws IOException {
        while (true) {
            if (reader == null) {
                if (nextFile == files.size()) {
                    return false;
                }
                DataFileMeta file = files.get(nextFile++);
                reader = opener.open(file);
                deletionVector = deletionVectors.get(file.fileName());
                batchStart = 0;
            }
            ColumnarBatch batch = reader.nextBatch();
            if (batch == null) {
                FormatReader done = reader;
                reader = null;
                done.close();
                continue;
            }
            select(batch);
            batchStart += batch.numRows();
            if (liveCount > 0) {
                return true;
            }
        }
    }

    private void select(ColumnarBatch batch) {
        ColumnVector[] columns = batch.columns();
        int system = readType.systemColumnCount();
        int[] positions = readType.tablePositions();
        for (int i = 0; i < positions.length; i++) {
            tableColumns[positions[i]] = columns[system + i];
        }
        ColumnVector kinds = system == 0 ? null : columns[1];
        int n = batch.numRows();
        if (live.length < n) {
            live = new int[n];
        }
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (deletionVector != null && deletionVector.isDeleted(batchStart + i)) {
                continue;
            }
            if (kinds != null && !RowKind.fromByteValue(kinds.getByte(i)).isAdd()) {
                continue;
            }
            if (filter != null && !filter.test(row.at(i))) {
                continue;
            }
            live[count++] = i;
        }
        liveCount = count;
    }

    /** The number of live rows in the current batch. */
    public int size() {
        return liveCount;
    }

    /** A view of the k-th live row of the current batch, fields at their table positions. */
    public Row row(int k) {
        return row.at(live[k]);
    }

    @Override
    public void close() throws IOException {
        if (reader != null) {
            FormatReader open = reader;
            reader = null;
            open.close();
        }
    }
}
