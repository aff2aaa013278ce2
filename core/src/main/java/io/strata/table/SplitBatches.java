package io.strata.table;

import io.strata.api.PublicApi;
import io.strata.data.Row;
import io.strata.format.ColumnVector;
import java.io.Closeable;
import java.io.IOException;

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
public interface SplitBatches extends Closeable {

    /** Moves to the next batch that has at least one live row; false when the split is read. */
    boolean next() throws IOException;

    /** The number of live rows in the current batch. */
    int size();

    /** A view of the k-th live row of the current batch, fields at their table positions. */
    Row row(int k);

    /** How many rows the current file batch holds, live or not: live rows are indexes below this. */
    int batchRows();

    /** The index in the current file batch of the k-th live row. */
    int liveRow(int k);

    /**
     * Rows the formats decoded so far, live or not: what skipping by the filter saved shows here. Rows that
     * were only counted (a read of no field) are not decoded.
     */
    long decodedRows();

    /** A view of row {@code index} of the current file batch, live or not, fields at their table positions. */
    Row rowAt(int index);

    /** The current file batch's column of a table field; a column of nulls for fields the plan does not read. */
    ColumnVector column(int tablePosition);
}
