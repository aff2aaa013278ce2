package io.strata.lsm;

import io.strata.data.BinaryRow;
import io.strata.data.Row;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Merges sorted runs of buffered records (each with at most one record per key) into one such run:
 * a heap over the runs' current records by key, and per key the newest record by {@link VersionOrder}.
 * Closes its runs when closed.
 */
final class SortedRunMerger implements BufferedRun {

    private final List<BufferedRun> runs;
    private final Comparator<Row> keyOrder;
    private final VersionOrder versions;
    private final PriorityQueue<BufferedRun> heap;
    private boolean started;
    private BinaryRow row;
    private long sequenceNumber;

    SortedRunMerger(List<BufferedRun> runs, Comparator<Row> keyOrder, VersionOrder versions) {
        this.runs = runs;
        this.keyOrder = keyOrder;
        this.versions = versions;
        this.heap = new PriorityQueue<>(Math.max(1, runs.size()), (a, b) -> keyOrder.compare(a.row(), b.row()));
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
        row = top.row();
        sequenceNumber = top.sequenceNumber();
        advance(top);
        while (!heap.isEmpty() && keyOrder.compare(heap.peek().row(), row) == 0) {
            BufferedRun same = heap.poll();
            if (versions.isNewer(same.row(), same.sequenceNumber(), row, sequenceNumber)) {
                row = same.row();
                sequenceNumber = same.sequenceNumber();
            }
            advance(same);
        }
        return true;
    }

    private void advance(BufferedRun run) throws IOException {
        if (run.next()) {
            heap.add(run);
        }
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
