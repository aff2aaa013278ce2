package io.strata.lsm;

import io.strata.data.BinaryRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
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
 * sorted by prefix, then by the typed key order where the prefix does not decide, then oldest first
 * ({@link VersionOrder}). The memory held (pages and index) is counted in a {@link MemoryBudget} that the
 * writer's buffers share; when it is exceeded the writer calls {@link #spill()} on its largest buffer,
 * which writes the buffer's records as a sorted run to a local file and frees the memory, or, if spilling
 * is off, flushes that buffer to a level-0 file. {@link #drainMerged} merges the spilled runs and the
 * records in memory and reduces each key's records by the table's {@link WriteMerge} (the newest for
 * deduplicate, the oldest for first-row, the merge function for partial-update and aggregation), in key
 * order, so a level-0 file holds at most one record per key, the record Paimon's writer would write.
 *
 * <p>A spilled run holds one record per key when reducing a part of a key's records first changes
 * nothing (deduplicate, first-row); for merge functions it holds every record, as Paimon's external
 * sort buffer does, so the function sees all of a key's records at once.
 *
 * <p>Not thread-safe.
 */
public final class WriteBuffer implements AutoCloseable {

    /** Receives the merged records of a drain. */
    @FunctionalInterface
    public interface RecordSink {
        void accept(Row value, long sequenceNumber, RowKind kind) throws IOException;
    }

    /** Where {@link #reduce} puts a key's record: an input record as it is, or one a merge function built. */
    private interface ReducedSink {
        void input(SortedRecords records) throws IOException;

        void merged(MergedRecord merged) throws IOException;
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

    private final boolean keepInput;
    private final RowType rowType;
    private final int[] keyPositions;
    private final BufferedRowCodec codec;
    private final Comparator<Row> keyOrder;
    private final KeyPrefix keyPrefix;
    private final WriteMerge merge;
    private final VersionOrder versions;
    /** The merge function of a {@link WriteMerge.Reduction#MERGE_FUNCTION} merge, else null. */
    private final MergeFunction function;
    private final OfferedRecord offered = new OfferedRecord();
    private final MemoryBudget budget;
    private final boolean spillable;
    private final RecordPages pages;
    private final SortIndex index = new SortIndex();
    private final SortIndex.SlotComparator slotOrder = this::compareSlots;
    private final SpillFiles spills;
    private long accountedBytes;

    /**
     * A buffer that keeps the newest record of each key in the given order (deduplicate), every record
     * kind included.
     *
     * @param rowType the table's row type (records are rows of it)
     * @param keyPositions positions of the primary key (without partition columns) in {@code rowType}
     * @param versions which record of a key is the newest
     * @param budget the memory shared by the writer's buffers
     * @param spillable whether {@link #spill()} may write runs to disk ({@code write-buffer-spillable})
     * @param spillRoot the local directory under which spill files go
     */
    public WriteBuffer(RowType rowType, int[] keyPositions, VersionOrder versions, MemoryBudget budget,
            boolean spillable, Path spillRoot) {
        this(rowType, keyPositions, WriteMerge.deduplicate(versions), budget, spillable, spillRoot);
    }

    /**
     * A buffer that reduces each key's records by the table's merge ({@code MergeFunctionFactory.forWrite}).
     *
     * @param rowType the table's row type (records are rows of it)
     * @param keyPositions positions of the primary key (without partition columns) in {@code rowType}
     * @param merge which records are kept and how a key's records are reduced
     * @param budget the memory shared by the writer's buffers
     * @param spillable whether {@link #spill()} may write runs to disk ({@code write-buffer-spillable})
     * @param spillRoot the local directory under which spill files go
     */
    public WriteBuffer(RowType rowType, int[] keyPositions, WriteMerge merge, MemoryBudget budget,
            boolean spillable, Path spillRoot) {
        this(rowType, keyPositions, merge, budget, spillable, spillRoot, false);
    }

    /**
     * A buffer that reduces each key's records by the table's merge and, if {@code keepInput}, keeps every
     * record it was given until it is drained (spilled runs too), for {@link #drain}: the input changelog.
     */
    public WriteBuffer(RowType rowType, int[] keyPositions, WriteMerge merge, MemoryBudget budget,
            boolean spillable, Path spillRoot, boolean keepInput) {
        this.keepInput = keepInput;
        this.rowType = rowType;
        this.keyPositions = keyPositions.clone();
        this.codec = new BufferedRowCodec(rowType);
        this.keyOrder = KeyOrder.onPositions(rowType, keyPositions);
        this.keyPrefix = KeyPrefix.of(rowType, keyPositions);
        this.merge = merge;
        this.versions = merge.order();
        this.function = merge.reduction() == WriteMerge.Reduction.MERGE_FUNCTION ? merge.newFunction() : null;
        this.budget = budget;
        this.spillable = spillable;
        long page = Math.min(MAX_PAGE_BYTES, Math.max(MIN_PAGE_BYTES, budget.limitBytes() / 16));
        this.pages = new RecordPages((int) page, rowType.fieldCount());
        this.spills = new SpillFiles(spillRoot, rowType.fieldCount());
    }

    /**
     * Buffers a record, unless the table ignores its kind ({@code ignore-delete}, {@code ignore-update-before});
     * the buffer keeps its own copy, so callers may reuse {@code row}.
     *
     * @throws IllegalArgumentException naming the table and the options when the table's merge engine
     *     cannot take a record of this kind (e.g. a -D on a first-row table)
     */
    public void add(Row row, long sequenceNumber, RowKind kind) {
        if (!merge.accepts(kind)) {
            return;
        }
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
     * Writes the records in memory as one sorted run to a spill file and frees their memory. Merges all
     * spilled runs into one when there are {@link #MAX_SPILL_FAN_IN} of them.
     */
    public void spill() throws IOException {
        if (!spillable) {
            throw new IllegalStateException("This write buffer may not spill (write-buffer-spillable is false)");
        }
        if (index.size() == 0) {
            return;
        }
        index.sort(slotOrder);
        writeRun(new MemoryRun());
        clearMemory();
        if (spills.runCount() >= MAX_SPILL_FAN_IN) {
            List<SpillFiles.Run> old = spills.runs();
            writeRun(new SortedRunMerger(spills.open(old), keyOrder, versions));
            spills.delete(old);
        }
    }

    /** Writes {@code records} (closed here) as a new spill run: reduced per key, or all of them for merge functions. */
    private void writeRun(SortedRecords records) throws IOException {
        try (records; SpillFiles.Writer writer = spills.newRun()) {
            if (merge.reducesOnSpill() && !keepInput) {
                reduce(records, new ReducedSink() {
                    @Override
                    public void input(SortedRecords r) throws IOException {
                        r.writeTo(writer);
                    }

                    @Override
                    public void merged(MergedRecord merged) {
                        throw new IllegalStateException("A " + merge.reduction() + " merge builds no records");
                    }
                });
            } else {
                while (records.next()) {
                    records.writeTo(writer);
                }
            }
            writer.finish();
        }
    }

    /**
     * Passes every buffered key's reduced record to {@code sink}, in key order, then deletes the spill
     * files. The rows passed stay valid until {@link #clear()}, which the caller calls when done with them
     * (a file writer keeps the last row of a file as its max key until the file is closed); a row a merge
     * function built stays valid until the next key's record is passed.
     */
    public void drainMerged(RecordSink sink) throws IOException {
        drain(null, sink);
    }

    /**
     * Like {@link #drainMerged}, and passes every buffered record (in key order, oldest first per key,
     * with its own kind) to {@code input} too, before the reduced record of its key goes to
     * {@code merged}: Paimon's input changelog. Needs a buffer that keeps its input, or {@code input} null.
     */
    public void drain(RecordSink input, RecordSink sink) throws IOException {
        if (input != null && !keepInput && merge.reducesOnSpill() && spills.runCount() > 0) {
            throw new IllegalStateException("This write buffer reduced its spilled records: it has no input to drain");
        }
        index.sort(slotOrder);
        try {
            SortedRecords records;
            if (spills.runCount() == 0) {
                records = new MemoryRun();
            } else {
                List<BufferedRun> runs = new ArrayList<>(spills.open(spills.runs()));
                runs.add(new MemoryRun());
                records = new SortedRunMerger(runs, keyOrder, versions);
            }
            SortedRecords read = input == null ? records : new InputTee(records, input);
            try (read) {
                reduce(read, new ReducedSink() {
                    @Override
                    public void input(SortedRecords r) throws IOException {
                        BinaryRow row = r.row();
                        sink.accept(codec.view(row), r.sequenceNumber(), row.kind());
                    }

                    @Override
                    public void merged(MergedRecord merged) throws IOException {
                        sink.accept(merged.value(), merged.sequenceNumber(), merged.kind());
                    }
                });
            }
        } finally {
            spills.deleteAll();
        }
    }

    /**
     * Reduces each key's records to what a level-0 file holds (see {@link WriteMerge}). A key with one
     * record passes as it is; newest and oldest pick a record without reading the others' rows.
     */
    private void reduce(SortedRecords records, ReducedSink out) throws IOException {
        WriteMerge.Reduction reduction = merge.reduction();
        String duplicates = merge.duplicateKeyRejection();
        while (records.next()) {
            if (duplicates != null && records.nextHasSameKey()) {
                throw new IllegalArgumentException(duplicates + " "
                        + RowValues.describe(codec.view(records.row()), rowType, keyPositions));
            }
            switch (reduction) {
                case NEWEST -> {
                    while (records.nextHasSameKey()) {
                        records.next();
                    }
                    out.input(records);
                }
                case OLDEST -> {
                    out.input(records);
                    while (records.nextHasSameKey()) {
                        records.next();
                    }
                }
                case MERGE_FUNCTION -> {
                    if (!records.nextHasSameKey()) {
                        out.input(records);
                    } else {
                        function.reset();
                        function.add(offered.of(records));
                        do {
                            records.next();
                            function.add(offered.of(records));
                        } while (records.nextHasSameKey());
                        MergedRecord result = function.result();
                        if (result != null) {
                            out.merged(result);
                        }
                    }
                }
            }
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

    private int compareKeys(int a, int b) {
        int c = Long.compare(index.prefix(a), index.prefix(b));
        if (c != 0 || keyPrefix.determinesKey()) {
            return c;
        }
        return keyOrder.compare(pages.row(index.pointer(a)), pages.row(index.pointer(b)));
    }

    private int compareSlots(int a, int b) {
        int c = compareKeys(a, b);
        if (c != 0) {
            return c;
        }
        long pa = index.pointer(a);
        long pb = index.pointer(b);
        if (versions.hasSequenceFields()) {
            return versions.compare(pages.row(pa), pages.sequenceNumber(pa), pages.row(pb), pages.sequenceNumber(pb));
        }
        return Long.compare(pages.sequenceNumber(pa), pages.sequenceNumber(pb));
    }

    /**
     * A record offered to the merge function: a view of the current buffered record. One instance serves
     * every record, because the functions it serves (partial-update, aggregation) copy what they keep.
     * Their accumulators box field values (GenericRow): unlike deduplicate and first-row, which only pick
     * a stored record, merge-function tables pay that per record of a key with several records.
     */
    private final class OfferedRecord implements MergedRecord {

        private Row value;
        private long sequenceNumber;
        private RowKind kind;

        OfferedRecord of(SortedRecords records) {
            BinaryRow row = records.row();
            this.value = codec.view(row);
            this.sequenceNumber = records.sequenceNumber();
            this.kind = row.kind();
            return this;
        }

        @Override
        public Row value() {
            return value;
        }

        @Override
        public long sequenceNumber() {
            return sequenceNumber;
        }

        @Override
        public RowKind kind() {
            return kind;
        }
    }

    /** Passes each record to the input sink as the reduction reaches it. */
    private final class InputTee implements SortedRecords {

        private final SortedRecords records;
        private final RecordSink input;

        InputTee(SortedRecords records, RecordSink input) {
            this.records = records;
            this.input = input;
        }

        @Override
        public boolean next() throws IOException {
            if (!records.next()) {
                return false;
            }
            BinaryRow row = records.row();
            input.accept(codec.view(row), records.sequenceNumber(), row.kind());
            return true;
        }

        @Override
        public boolean nextHasSameKey() {
            return records.nextHasSameKey();
        }

        @Override
        public void writeTo(SpillFiles.Writer writer) throws IOException {
            records.writeTo(writer);
        }

        @Override
        public BinaryRow row() {
            return records.row();
        }

        @Override
        public long sequenceNumber() {
            return records.sequenceNumber();
        }

        @Override
        public void close() throws IOException {
            records.close();
        }
    }

    /** The sorted records in memory, all of them, read in index order. */
    private final class MemoryRun implements SortedRecords {

        private int slot = -1;
        private long pointer;
        private BinaryRow row;

        @Override
        public boolean next() {
            row = null;
            if (slot + 1 >= index.size()) {
                slot = index.size();
                return false;
            }
            slot++;
            pointer = index.pointer(slot);
            return true;
        }

        @Override
        public boolean nextHasSameKey() {
            return slot + 1 < index.size() && compareKeys(slot, slot + 1) == 0;
        }

        @Override
        public void writeTo(SpillFiles.Writer writer) throws IOException {
            pages.writeRecord(pointer, writer.output());
            writer.recordWritten();
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
            return pages.sequenceNumber(pointer);
        }

        @Override
        public void close() {
            // Memory is freed by the buffer, not by its runs.
        }
    }
}
