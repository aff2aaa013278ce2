package io.strata.lsm;

import io.strata.data.GenericRow;
import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.data.RowComparator;
import io.strata.manifest.DataFileMeta;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the newest version of a key in the higher levels of a bucket: level by level from the lowest,
 * the one file of the level's run whose key range holds the key, then the key in that file. A file is
 * read whole into memory the first time a key is looked up in it, and kept in a cache bounded by
 * {@code lookup.cache-max-memory-size}, dropping the least recently used files beyond it (Paimon keeps
 * local lookup files on disk instead; what a lookup returns is the same). Used by one bucket's
 * compactions, on the compaction thread.
 */
public final class LookupLevels {

    /** Rough heap bytes of one cached record beyond its fields: the map entry, the row and its array. */
    private static final long RECORD_OVERHEAD_BYTES = 96;

    private final RowType rowType;
    private final int[] keyPositions;
    private final RowComparator fileKeyComparator;
    private final Comparator<Row> valueKeyOrder;
    private final DataFileOpener opener;
    private final long maxMemoryBytes;
    private final Map<String, CachedFile> cache = new LinkedHashMap<>(16, 0.75f, true);
    /** Deletion-vectors mode: rows marked here are not found; null otherwise. */
    private final BucketDeletionVectors deletions;
    private long cachedBytes;

    /**
     * @param keyType the trimmed primary key's type (the type of the files' min and max keys)
     * @param keyPositions positions of the trimmed primary key in {@code rowType}
     */
    public LookupLevels(RowType rowType, RowType keyType, int[] keyPositions, DataFileOpener opener, long maxMemoryBytes) {
        this(rowType, keyType, keyPositions, opener, maxMemoryBytes, null);
    }

    /**
     * @param deletions deletion-vectors mode: the bucket's vectors, checked at every lookup (a cached file
     *     may have lost rows to later compactions); the opener must return {@link DataFileCursor}s
     */
    public LookupLevels(RowType rowType, RowType keyType, int[] keyPositions, DataFileOpener opener, long maxMemoryBytes,
            BucketDeletionVectors deletions) {
        this.deletions = deletions;
        this.rowType = rowType;
        this.keyPositions = keyPositions;
        this.fileKeyComparator = RowComparator.of(keyType);
        this.valueKeyOrder = KeyOrder.onPositions(rowType, keyPositions);
        this.opener = opener;
        this.maxMemoryBytes = maxMemoryBytes;
    }

    /**
     * The newest version of the key of {@code value} in {@code runs} (newest level first, all above
     * level 0), with its level; null if no run holds the key.
     */
    public StoredRecord lookup(Row value, List<LevelSortedRun> runs) throws IOException {
        Found found = find(value, runs);
        return found == null ? null : found.record();
    }

    /**
     * Like {@link #lookup}, with where the record lies: its file and row position. In deletion-vectors
     * mode rows already marked deleted are passed over.
     */
    public Found find(Row value, List<LevelSortedRun> runs) throws IOException {
        ProjectedRow key = new ProjectedRow(keyPositions).replace(value);
        for (LevelSortedRun run : runs) {
            DataFileMeta file = fileHolding(run.run().files(), key);
            if (file == null) {
                continue;
            }
            CachedRecord found = load(file).find(value, valueKeyOrder);
            if (found != null && (deletions == null || !deletions.isDeleted(file.fileName(), found.position()))) {
                StoredRecord r = found.record();
                return new Found(new StoredRecord((GenericRow) r.value(), r.sequenceNumber(), r.kind(), run.level()),
                        file.fileName(), found.position());
            }
        }
        return null;
    }

    /** A looked-up record, the data file holding it and its 0-based row position there. */
    public record Found(StoredRecord record, String fileName, long position) {}

    /** Whether any of {@code runs} holds the key of {@code value}. */
    public boolean contains(Row value, List<LevelSortedRun> runs) throws IOException {
        return lookup(value, runs) != null;
    }

    private DataFileMeta fileHolding(List<DataFileMeta> files, Row key) {
        int lo = 0;
        int hi = files.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            DataFileMeta f = files.get(mid);
            if (fileKeyComparator.compare(f.maxKey(), key) < 0) {
                lo = mid + 1;
            } else if (fileKeyComparator.compare(f.minKey(), key) > 0) {
                hi = mid - 1;
            } else {
                return f;
            }
        }
        return null;
    }

    private CachedFile load(DataFileMeta file) throws IOException {
        CachedFile cached = cache.get(file.fileName());
        if (cached != null) {
            return cached;
        }
        // A data file is sorted by key with one row per key: its rows, in file order, are searched by bisection.
        List<CachedRecord> records = new ArrayList<>();
        try (RecordCursor cursor = opener.open(file)) {
            DataFileCursor positioned = cursor instanceof DataFileCursor d ? d : null;
            if (deletions != null && positioned == null) {
                throw new IllegalStateException("Looking keys up in deletion-vectors mode needs row positions of "
                        + file.fileName());
            }
            long counter = 0;
            while (cursor.advance()) {
                StoredRecord r = StoredRecord.copyOf(cursor, rowType, file.level());
                records.add(new CachedRecord(r, positioned != null ? positioned.position() : counter));
                counter++;
            }
        }
        long bytes = records.size() * (RECORD_OVERHEAD_BYTES + 16L * rowType.fieldCount()) + file.fileSize();
        cached = new CachedFile(records, bytes);
        cache.put(file.fileName(), cached);
        cachedBytes += bytes;
        // Always keep the file just loaded, even if it alone exceeds the budget.
        Iterator<Map.Entry<String, CachedFile>> eldest = cache.entrySet().iterator();
        while (cachedBytes > maxMemoryBytes && cache.size() > 1) {
            Map.Entry<String, CachedFile> e = eldest.next();
            cachedBytes -= e.getValue().bytes;
            eldest.remove();
        }
        return cached;
    }

    /** Files currently cached, for tests. */
    public int cachedFiles() {
        return cache.size();
    }

    private record CachedRecord(StoredRecord record, long position) {}

    private record CachedFile(List<CachedRecord> records, long bytes) {

        CachedRecord find(Row value, Comparator<Row> keyOrder) {
            int lo = 0;
            int hi = records.size() - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int c = keyOrder.compare(records.get(mid).record().value(), value);
                if (c < 0) {
                    lo = mid + 1;
                } else if (c > 0) {
                    hi = mid - 1;
                } else {
                    return records.get(mid);
                }
            }
            return null;
        }
    }
}
