package io.strata.lsm;

import io.strata.data.BinaryRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.types.RowType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The sorted in-memory table of one (partition, bucket) writer, in binary form with a memory limit and
 * spilling to local disk.
 *
 * <p>Each record is stored as a BinaryRow (row kind in its header) with its sequence number in
 * {@link RecordPages}; a {@link SortIndex} holds (normalized key prefix, pointer) per record and is
 * sorted by prefix, then by the typed key order where the prefix does not decide. The memory held
 * (pages and index) is counted in a {@link MemoryBudget} that the writer's buffers share; when it is
 * exceeded the writer calls {@link #spill()} on its largest buffer, which writes the buffer's records as
 * a sorted run (one record per key) to a local file and frees the memory, or, if spilling is off,
 * flushes that buffer to a level-0 file. {@link #drainMerged} merges the spilled runs and the records in
 * memory: per key the newest record by {@link VersionOrder} (highest {@code sequence.field}, then
 * highest sequence number), in key order, so a level-0 file holds at most one record per key.
 *
 * <p>Not thread-safe.
 */
public final class WriteBuffer implements AutoCloseable {

    /** Receives the merged records of a drain. */
    @FunctionalInterface
    public interface RecordSink {
        void accept(Row value, long sequenceNumber, RowKind kind) throws IOException;
    }

    /** Paimon's default {@code page-size}: the unit in which buffer memory is taken. */
    static final int MAX_PAGE_BYTES = 64 * 1024;

    /** Smallest page, so a tiny {@code write-buffer-size} still holds several records per page. */
    static final int MIN_PAGE_BYTES = 1024;

    /**
     * Paimon's default {@code local-sort.max-num-file-handles}: at this many spilled runs they are merged
     * into one, so a flush never opens more files than this.
     */
    static final int MAX_SPILL_FAN_IN = 128;

    private final BufferedRowCodec codec;
    private final Comparator<Row> keyOrder;
    private final KeyPrefix keyPrefix;
    private final VersionOrder versions;
    private final MemoryBudget budget;
    private final boolean spillable;
    private final RecordPages pages;
    private final SortIndex index = new SortIndex();
    private final SortIndex.SlotComparator slotOrder = this::compareSlots;
    private final SpillFiles spills;
    private long accountedBytes;

    /**
     * @param rowType the table's row type (records are rows of it)
     * @param keyPositions positions of the primary key (without partition columns) in {@code rowType}
     * @param versions which record of a key is kept
     * @param budget the memory shared by the writer's buffers
     * @param spillable whether {@link #spill()} may write runs to disk ({@code write-buffer-spillable})
     * @param spillRoot the local directory under which spill files go
     */
    public WriteBuffer(RowType rowType, int[] keyPositions, VersionOrder versions, MemoryBudget budget,
            boolean spillable, Path spillRoot) {
        this.codec = new BufferedRowCodec(rowType);
        this.keyOrder = KeyOrder.onPositions(rowType, keyPositions);
        this.keyPrefix = KeyPrefix.of(rowType, keyPositions);
        this.versions = versions;
        this.budget = budget;
        this.spillable = spillable;
        long page = Math.min(MAX_PAGE_BYTES, Math.max(MIN_PAGE_BYTES, budget.limitBytes() / 16));
        this.pages = new RecordPages((int) page, rowType.fieldCount());
        this.spills = new SpillFiles(spillRoot, rowType.fieldCount());
    }

    /** Buffers a record; the buffer keeps its own copy, so callers may reuse {@code row}. */
    public void add(Row row, long sequenceNumber, RowKind kind) {
        BinaryRow stored = codec.encode(row, kind);
        long pointer = pages.append(sequenceNumber, stored);
        index.add(keyPrefix.prefix(stored), pointer);
        account();
    }

    /** Whether nothing is buffered, in memory or spilled. */
    public boolean isEmpty() {
        return index.size() == 0 && spills.runCount() == 0;
    }

    /** Records held in memory. */
    public int size() {
        return index.size();
    }

    /** Bytes of memory this buffer holds (pages and index). */
    public long memoryBytes() {
        return pages.allocatedBytes() + (long) index.size() * SortIndex.ENTRY_BYTES;
    }

    /** Sorted runs currently spilled to disk. */
    public int spilledRuns() {
        return spills.runCount();
    }

    public boolean spillable() {
        return spillable;
    }

    /**
     * Writes the records in memory as one sorted run (one record per key) to a spill file and frees their
     * memory. Merges all spilled runs into one when there are {@link #MAX_SPILL_FAN_IN} of them.
     */
    public void spill() throws IOException {
        if (!spillable) {
            throw new IllegalStateException("This write buffer may not spill (write-buffer-spillable is false)");
        }
        if (index.size() == 0) {
            return;
        }
        index.sort(slotOrder);
        try (SpillFiles.Writer writer = spills.newRun()) {
            MemoryRun run = new MemoryRun();
            while (run.next()) {
                pages.writeRecord(run.pointer, writer.output());
                writer.recordWritten();
            }
            writer.finish();
        }
        clearMemory();
        if (spills.runCount() >= MAX_SPILL_FAN_IN) {
            mergeSpilledRuns();
        }
    }

    private void mergeSpilledRuns() throws IOException {
        List<SpillFiles.Run> old = spills.runs();
        try (SpillFiles.Writer writer = spills.newRun();
                BufferedRun merged = new SortedRunMerger(spills.open(old), keyOrder, versions)) {
            while (merged.next()) {
                writer.write(merged.sequenceNumber(), merged.row());
            }
            writer.finish();
        }
        spills.delete(old);
    }

    /**
     * Passes every buffered key's newest record to {@code sink}, in key order, then deletes the spill
     * files. The rows passed stay valid until {@link #clear()}, which the caller calls when done with them
     * (a file writer keeps the last row of a file as its max key until the file is closed).
     */
    public void drainMerged(RecordSink sink) throws IOException {
        index.sort(slotOrder);
        try {
            BufferedRun merged;
            if (spills.runCount() == 0) {
                merged = new MemoryRun();
            } else {
                List<BufferedRun> runs = new ArrayList<>(spills.open(spills.runs()));
                runs.add(new MemoryRun());
                merged = new SortedRunMerger(runs, keyOrder, versions);
            }
            try (merged) {
                while (merged.next()) {
                    BinaryRow row = merged.row();
                    sink.accept(codec.view(row), merged.sequenceNumber(), row.kind());
                }
            }
        } finally {
            spills.deleteAll();
        }
    }

    /** Drops everything buffered: frees the memory and deletes the spill files. */
    public void clear() {
        clearMemory();
        spills.deleteAll();
    }

    /** Same as {@link #clear()}: a buffer that is closed holds no memory and no files. */
    @Override
    public void close() {
        clear();
    }

    private void clearMemory() {
        pages.clear();
        index.clear();
        account();
    }

    private void account() {
        long now = memoryBytes();
        budget.add(now - accountedBytes);
        accountedBytes = now;
    }

    private int compareSlots(int a, int b) {
        int c = Long.compare(index.prefix(a), index.prefix(b));
        if (c != 0 || keyPrefix.determinesKey()) {
            return c;
        }
        return keyOrder.compare(pages.row(index.pointer(a)), pages.row(index.pointer(b)));
    }

    /** The sorted records in memory, one per key (the newest), read in index order. */
    private final class MemoryRun implements BufferedRun {

        private int nextSlot;
        private long pointer;
        private long sequenceNumber;
        private BinaryRow row;

        @Override
        public boolean next() {
            int size = index.size();
            if (nextSlot >= size) {
                row = null;
                return false;
            }
            int start = nextSlot;
            long best = index.pointer(start);
            long bestSeq = pages.sequenceNumber(best);
            BinaryRow bestRow = versions.hasSequenceFields() ? pages.row(best) : null;
            int slot = start + 1;
            for (; slot < size && compareSlots(slot, start) == 0; slot++) {
                long p = index.pointer(slot);
                long seq = pages.sequenceNumber(p);
                if (bestRow != null) {
                    BinaryRow candidate = pages.row(p);
                    if (versions.isNewer(candidate, seq, bestRow, bestSeq)) {
                        best = p;
                        bestSeq = seq;
                        bestRow = candidate;
                    }
                } else if (seq > bestSeq) {
                    best = p;
                    bestSeq = seq;
                }
            }
            nextSlot = slot;
            pointer = best;
            sequenceNumber = bestSeq;
            row = bestRow;
            return true;
        }

        @Override
        public BinaryRow row() {
            if (row == null) {
                row = pages.row(pointer);
            }
            return row;
        }

        @Override
        public long sequenceNumber() {
            return sequenceNumber;
        }

        @Override
        public void close() {
            // Memory is freed by the buffer, not by its runs.
        }
    }
}
