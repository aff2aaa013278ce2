package io.strata.lsm;

import io.strata.data.Row;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Reads the sections of a compaction key by key, handing over every version of the current key (at
 * most one per sorted run) with its level, oldest first (user sequence fields, then sequence number),
 * so that a changelog-producing merge can tell the old value of a key from the new ones. The versions
 * stay valid until the next call of {@link #next()}. Not thread-safe.
 */
public final class KeyVersionsReader implements Closeable {

    private final List<List<SortedRun>> sections;
    private final Comparator<Row> keyOrder;
    private final Comparator<KeyVersion> versionOrder;
    private final DataFileOpener opener;
    private final PriorityQueue<LeveledRunCursor> heap;
    private final List<LeveledRunCursor> open = new ArrayList<>();
    private final List<LeveledRunCursor> current = new ArrayList<>();
    private int nextSection;

    /**
     * @param keyOrder order of the primary key of two value rows
     * @param sequenceOrder order of the user sequence fields of two value rows (older first), or null
     */
    public KeyVersionsReader(List<List<SortedRun>> sections, Comparator<Row> keyOrder, Comparator<Row> sequenceOrder,
            DataFileOpener opener) {
        this.sections = sections;
        this.keyOrder = keyOrder;
        this.versionOrder = versionOrder(sequenceOrder);
        this.opener = opener;
        this.heap = new PriorityQueue<>((a, b) -> keyOrder.compare(a.value(), b.value()));
    }

    /** Oldest first: by the user sequence fields if any, then by sequence number, as a read merges. */
    public static Comparator<KeyVersion> versionOrder(Comparator<Row> sequenceOrder) {
        Comparator<KeyVersion> bySequenceNumber = Comparator.comparingLong(KeyVersion::sequenceNumber);
        if (sequenceOrder == null) {
            return bySequenceNumber;
        }
        return ((Comparator<KeyVersion>) (a, b) -> sequenceOrder.compare(a.value(), b.value())).thenComparing(bySequenceNumber);
    }

    /** Moves to the next key; false when every section is read. */
    public boolean next() throws IOException {
        for (LeveledRunCursor c : current) {
            if (c.advance()) {
                heap.add(c);
            }
        }
        current.clear();
        while (heap.isEmpty()) {
            if (!openNextSection()) {
                return false;
            }
        }
        LeveledRunCursor first = heap.poll();
        current.add(first);
        while (!heap.isEmpty() && keyOrder.compare(heap.peek().value(), first.value()) == 0) {
            current.add(heap.poll());
        }
        current.sort(versionOrder);
        return true;
    }

    /** The versions of the current key, oldest first. */
    public List<? extends KeyVersion> versions() {
        return current;
    }

    private boolean openNextSection() throws IOException {
        closeOpen();
        if (nextSection >= sections.size()) {
            return false;
        }
        for (SortedRun run : sections.get(nextSection++)) {
            LeveledRunCursor cursor = new LeveledRunCursor(run.files(), opener);
            open.add(cursor);
            if (cursor.advance()) {
                heap.add(cursor);
            }
        }
        return true;
    }

    private void closeOpen() throws IOException {
        IOException failure = null;
        for (LeveledRunCursor c : open) {
            try {
                c.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        open.clear();
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void close() throws IOException {
        heap.clear();
        current.clear();
        closeOpen();
    }
}
