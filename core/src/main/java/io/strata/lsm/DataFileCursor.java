package io.strata.lsm;

import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.format.ColumnVector;
import io.strata.format.ColumnarBatch;
import io.strata.format.ColumnarRow;
import io.strata.format.FormatReader;
import io.strata.manifest.DeletionVector;
import java.io.IOException;
import java.util.Arrays;

/**
 * Reads one data file batch by batch. The reader was opened with the read type of
 * {@link DataFileReadType}; this cursor lays its columns out at the table's field positions (fields
 * not read are null), so that keys, predicates and projections all use table positions. Rows marked
 * in the file's deletion vector are skipped.
 */
public final class DataFileCursor implements RecordCursor {

    private final FormatReader reader;
    private final DataFileReadType readType;
    private final DeletionVector deletionVector;
    private final ColumnVector[] valueColumns;
    private final ColumnarRow row;
    private ColumnarBatch batch;
    private ColumnVector sequenceColumn;
    private ColumnVector kindColumn;
    private int rowInBatch;
    private long batchStartPosition;

    public DataFileCursor(FormatReader reader, DataFileReadType readType, DeletionVector deletionVector) {
        this.reader = reader;
        this.readType = readType;
        this.deletionVector = deletionVector;
        this.valueColumns = new ColumnVector[readType.tableArity()];
        Arrays.fill(valueColumns, ColumnVector.NULLS);
        this.row = new ColumnarRow(valueColumns);
    }

    @Override
    public boolean advance() throws IOException {
        while (true) {
            if (batch != null && ++rowInBatch < batch.numRows()) {
                if (deletionVector != null && deletionVector.isDeleted(batchStartPosition + rowInBatch)) {
                    continue;
                }
                row.at(rowInBatch);
                return true;
            }
            if (batch != null) {
                batchStartPosition += batch.numRows();
            }
            batch = reader.nextBatch();
            if (batch == null) {
                return false;
            }
            rowInBatch = -1;
            ColumnVector[] columns = batch.columns();
            int systemColumns = readType.systemColumnCount();
            if (systemColumns > 0) {
                sequenceColumn = columns[0];
                kindColumn = columns[1];
            }
            int[] positions = readType.tablePositions();
            for (int i = 0; i < positions.length; i++) {
                valueColumns[positions[i]] = columns[systemColumns + i];
            }
            row.at(valueColumns, 0);
        }
    }

    @Override
    public Row value() {
        return row;
    }

    /** The 0-based position in the file of the current row (what a deletion vector marks). */
    public long position() {
        return batchStartPosition + rowInBatch;
    }

    @Override
    public long sequenceNumber() {
        return sequenceColumn == null ? 0 : sequenceColumn.getLong(rowInBatch);
    }

    @Override
    public RowKind kind() {
        return kindColumn == null ? RowKind.INSERT : RowKind.fromByteValue(kindColumn.getByte(rowInBatch));
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }
}
