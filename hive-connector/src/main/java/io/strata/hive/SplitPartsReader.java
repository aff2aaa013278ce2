package io.strata.hive;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.RecordReader;

/**
 * Reads the parts of a combined {@link StrataInputSplit} one after the other: each part gets a reader of its own
 * (rows or batches, as for a split alone), opened when the one before is done and closed then, so one task holds
 * one part's files open at a time.
 *
 * <p>All parts fill the value the first reader created. A vectorized reader may hand Hive its decoded vectors by
 * reference in place of the batch's own; before the next part starts, the batch gets its own vectors back, which
 * that part's reader then fills.
 */
final class SplitPartsReader<V> implements RecordReader<NullWritable, V> {

    /** Opens the reader of one part. */
    interface PartOpener<V> {
        RecordReader<NullWritable, V> open(StrataInputSplit part) throws IOException;
    }

    private final List<StrataInputSplit> parts;
    private final PartOpener<V> opener;
    private RecordReader<NullWritable, V> current;
    private int currentPart;
    private long rowsBefore;
    /** The columns of the batch {@link #createValue} made, when the values are batches. */
    private ColumnVector[] ownColumns;

    SplitPartsReader(List<StrataInputSplit> parts, PartOpener<V> opener) throws IOException {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a combined split without parts");
        }
        this.parts = parts;
        this.opener = opener;
        this.current = opener.open(parts.get(0));
    }

    @Override
    public boolean next(NullWritable key, V value) throws IOException {
        while (true) {
            if (current.next(key, value)) {
                return true;
            }
            if (currentPart + 1 == parts.size()) {
                return false;
            }
            rowsBefore += current.getPos();
            RecordReader<NullWritable, V> done = current;
            current = null;
            done.close();
            currentPart++;
            if (value instanceof VectorizedRowBatch batch && ownColumns != null) {
                System.arraycopy(ownColumns, 0, batch.cols, 0, ownColumns.length);
                batch.selectedInUse = false;
                batch.size = 0;
            }
            current = opener.open(parts.get(currentPart));
        }
    }

    @Override
    public NullWritable createKey() {
        return NullWritable.get();
    }

    @Override
    public V createValue() {
        V value = current.createValue();
        if (value instanceof VectorizedRowBatch batch) {
            ownColumns = batch.cols.clone();
        }
        return value;
    }

    @Override
    public long getPos() throws IOException {
        return rowsBefore + (current == null ? 0 : current.getPos());
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            current.close();
            current = null;
        }
    }

    @Override
    public float getProgress() throws IOException {
        float part = current == null ? 1f : current.getProgress();
        return Math.min(1f, (currentPart + part) / parts.size());
    }
}
