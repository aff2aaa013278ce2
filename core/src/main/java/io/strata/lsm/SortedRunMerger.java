package io.strata.lsm;

import io.strata.data.BinaryRow;
import io.strata.data.Row;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Merges sorted runs of buffered records into one sorted stream of all their records: a heap over the
 * runs' current records by key, then by {@link VersionOrder}, so the records of a key leave oldest first
 * whichever run holds them. Reducing a key's records is the buffer's business, not the merger's. Closes
 * its runs when closed.
 */
final class SortedRunMerger implements SortedRecords {

    private final List<BufferedRun> runs;
    private final Comparator<Row> keyOrder;
    private final PriorityQueue<BufferedRun> heap;
    private boolean started;
    private BinaryRow row;
    private long sequenceNumber;

    SortedRunMerger(List<BufferedRun> runs, Comparator<Row> keyOrder, VersionOrder versions) {
        this.runs = runs;
        this.keyOrder = keyOrder;
        Comparator<BufferedRun> order = (a, b) -> {
            int c = keyOrder.compare(a.row(), b.row());
            return c != 0 ? c : versions.compare(a.row(), a.sequenceNumber(), b.row(), b.sequenceNumber());
        };
        this.heap = new PriorityQueue<>(Math.max(1, runs.size()), order);
    }

    @Override
    public boolean next() throws IOException {
        if (!started) {
            started = true;
            for (BufferedRun run : runs) {
                if (run.next()) {
                    heap.add(run);
                }
            }
        }
        BufferedRun top = heap.poll();
        if (top == null) {
            row = null;
            return false;
        }
        // Rows stay valid after their run moves on (BufferedRun's contract).
        row = top.row();
        sequenceNumber = top.sequenceNumber();
        if (top.next()) {
            heap.add(top);
        }
        return true;
    }

    @Override
    public boolean nextHasSameKey() {
        BufferedRun next = heap.peek();
        return next != null && keyOrder.compare(next.row(), row) == 0;
    }

    @Override
    public void writeTo(SpillFiles.Writer writer) throws IOException {
        writer.write(sequenceNumber, row);
    }

    @Override
    public BinaryRow row() {
        return row;
    }

    @Override
    public long sequenceNumber() {
        return sequenceNumber;
    }

    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (BufferedRun run : runs) {
            try {
                run.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
