package io.strata.table.source;

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
import io.strata.table.SplitBatches;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The implementation of {@link SplitBatches}. */
public final class FileBatches implements SplitBatches {

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
    FileBatches(List<DataFileMeta> files, FileOpener opener, Map<String, DeletionVector> deletionVectors,
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

    @Override
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

    @Override
    public int size() {
        return liveCount;
    }

    @Override
    public Row row(int k) {
        return row.at(live[k]);
    }

    @Override
    public int batchRows() {
        return batchRows;
    }

    @Override
    public int liveRow(int k) {
        return live[k];
    }

    @Override
    public long decodedRows() {
        return decodedRows;
    }

    @Override
    public Row rowAt(int index) {
        return row.at(index);
    }

    @Override
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
