package io.strata.table;

import io.strata.api.PublicApi;
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
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.util.ArrayList;
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
 * accepted by the plan's filter. A read of no field ({@code count(*)}) with no filter opens no file whose
 * rows are all insertions: its batches are counted from the file's row count and deletion vector.
 * {@link #row(int)} is a view of the k-th live row with the fields at
 * their TABLE positions (fields the plan does not read are null); it is valid until the next batch.
 * Obtained from {@link TableRead#openBatches(Split)}.
 */
@PublicApi
public final class SplitBatches implements Closeable {

    /** Opens the reader of one data file of the split with the given read type. */
    @FunctionalInterface
    interface FileOpener {
        FormatReader open(DataFileMeta file, RowType readType) throws IOException;
    }

    private final List<DataFileMeta> files;
    private final FileOpener opener;
    private final Map<String, DeletionVector> deletionVectors;
    private final boolean primaryKey;
    /** The wanted table fields, in table order. */
    private final RowType valueType;
    /** {@code _VALUE_KIND} and the wanted table fields: for primary-key files that may hold retractions. */
    private final RowType kindAndValueType;
    private final int[] tablePositions;
    private final Predicate filter;
    /** Rows per counted batch (a read of no field), as a file reader's batches hold at most. */
    private final int batchSize;
    private final ColumnVector[] tableColumns;
    private final ColumnarRow row;
    private int nextFile;
    private FormatReader reader;
    /** Rows of the current file still to count when it is counted instead of read; 0 otherwise. */
    private long uncounted;
    private DeletionVector deletionVector;
    /** Whether the open file's batches start with the {@code _VALUE_KIND} column. */
    private boolean kinds;
    /** Position in the current file of the first row of the current batch (deletion vectors count rows). */
    private long batchStart;
    private int[] live = new int[0];
    private int liveCount;
    private int batchRows;
    private long decodedRows;

    /**
     * @param wanted the table fields to read (the plan's projection and filter fields); key and sequence
     *     fields are not needed when nothing is merged
     */
    SplitBatches(List<DataFileMeta> files, FileOpener opener, Map<String, DeletionVector> deletionVectors,
            RowType tableType, boolean[] wanted, boolean primaryKey, Predicate filter, int batchSize) {
        this.files = files;
        this.batchSize = batchSize;
        this.opener = opener;
        this.deletionVectors = deletionVectors;
        this.primaryKey = primaryKey;
        this.filter = filter;
        List<DataField> fields = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < tableType.fieldCount(); i++) {
            if (wanted[i]) {
                fields.add(tableType.field(i));
                positions.add(i);
            }
        }
        this.valueType = new RowType(fields);
        List<DataField> withKind = new ArrayList<>();
        withKind.add(DataFileReadType.systemFields().get(1));
        withKind.addAll(fields);
        this.kindAndValueType = new RowType(withKind);
        this.tablePositions = positions.stream().mapToInt(Integer::intValue).toArray();
        this.tableColumns = new ColumnVector[tableType.fieldCount()];
        Arrays.fill(tableColumns, ColumnVector.NULLS);
        this.row = new ColumnarRow(tableColumns);
    }

    /** Moves to the next batch that has at least one live row; false when the split is read. */
    public boolean next() throws IOException {
        while (true) {
            if (reader == null && uncounted == 0) {
                if (nextFile == files.size()) {
                    return false;
                }
                DataFileMeta file = files.get(nextFile++);
                // A file that records no -U/-D rows needs no kind column (Paimon counts them per file).
                kinds = primaryKey && (file.deleteRowCount() == null || file.deleteRowCount() > 0);
                deletionVector = deletionVectors.get(file.fileName());
                batchStart = 0;
                if (!kinds && filter == null && valueType.fieldCount() == 0) {
                    // Nothing to decode: the metadata and the deletion vector say which rows are live.
                    uncounted = file.rowCount();
                    continue;
                }
                reader = opener.open(file, kinds ? kindAndValueType : valueType);
            }
            if (uncounted > 0) {
                int n = (int) Math.min(batchSize, uncounted);
                uncounted -= n;
                selectLive(n, null, false);
            } else {
                ColumnarBatch batch = reader.nextBatch();
                if (batch == null) {
                    FormatReader done = reader;
                    reader = null;
                    done.close();
                    continue;
                }
                long position = reader.batchPosition();
                if (position >= 0) {
                    // The format skipped row groups: its own count, not ours, places the rows in the file.
                    batchStart = position;
                }
                ColumnVector[] columns = batch.columns();
                int system = kinds ? 1 : 0;
                for (int i = 0; i < tablePositions.length; i++) {
                    tableColumns[tablePositions[i]] = columns[system + i];
                }
                selectLive(batch.numRows(), kinds ? columns[0] : null, filter != null);
            }
            if (liveCount > 0) {
                return true;
            }
        }
    }

    /** Picks the live rows of a batch of {@code n} rows starting at {@link #batchStart}, then moves past it. */
    private void selectLive(int n, ColumnVector kindColumn, boolean filtered) {
        batchRows = n;
        decodedRows += kindColumn != null || filtered || valueType.fieldCount() > 0 ? n : 0;
        if (live.length < n) {
            live = new int[n];
        }
        // Deleted positions are visited in order, one bitmap step per deletion, not one lookup per row.
        long end = batchStart + n;
        long deleted = deletionVector == null ? -1 : deletionVector.nextDeleted(batchStart);
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (deleted == batchStart + i) {
                deleted = deleted + 1 < end ? deletionVector.nextDeleted(deleted + 1) : -1;
                continue;
            }
            if (kindColumn != null && !RowKind.fromByteValue(kindColumn.getByte(i)).isAdd()) {
                continue;
            }
            if (filtered && !filter.test(row.at(i))) {
                continue;
            }
            live[count++] = i;
        }
        liveCount = count;
        batchStart = end;
    }

    /** The number of live rows in the current batch. */
    public int size() {
        return liveCount;
    }

    /** A view of the k-th live row of the current batch, fields at their table positions. */
    public Row row(int k) {
        return row.at(live[k]);
    }

    /** How many rows the current file batch holds, live or not: live rows are indexes below this. */
    public int batchRows() {
        return batchRows;
    }

    /** The index in the current file batch of the k-th live row. */
    public int liveRow(int k) {
        return live[k];
    }

    /**
     * Rows the formats decoded so far, live or not: what skipping by the filter saved shows here. Rows that
     * were only counted (a read of no field) are not decoded.
     */
    public long decodedRows() {
        return decodedRows;
    }

    /** A view of row {@code index} of the current file batch, live or not, fields at their table positions. */
    public Row rowAt(int index) {
        return row.at(index);
    }

    /** The current file batch's column of a table field; a column of nulls for fields the plan does not read. */
    public ColumnVector column(int tablePosition) {
        return tableColumns[tablePosition];
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
