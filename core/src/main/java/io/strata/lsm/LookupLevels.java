package io.strata.lsm;

import io.strata.data.GenericRow;
import io.strata.data.ProjectedRow;
import io.strata.data.Row;
import io.strata.data.RowComparator;
import io.strata.manifest.DataFileMeta;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the newest version of a key in the higher levels of a bucket: level by level from the lowest,
 * the one file of the level's run whose key range holds the key, then the key in that file. The first
 * lookup in a data file copies its records to a local lookup file ({@link LookupFile}, in the writer's
 * {@link LookupFileCache}: bounded by {@code lookup.cache-max-disk-size}, dropped after
 * {@code lookup.cache-file-retention} unused), so a bucket larger than memory is looked up from local disk;
 * decoded blocks stay in memory up to {@code lookup.cache-max-memory-size}. What a lookup returns is what
 * Paimon's lookup returns. Used by one bucket's compactions, on the compaction thread.
 */
public final class LookupLevels {

    private final RowType rowType;
    private final int[] keyPositions;
    private final RowComparator fileKeyComparator;
    private final Comparator<Row> valueKeyOrder;
    private final DataFileOpener opener;
    private final LookupFileCache files;
    /** Deletion-vectors mode: rows marked here are not found; null otherwise. */
    private final BucketDeletionVectors deletions;

    /**
     * @param keyType the trimmed primary key's type (the type of the files' min and max keys)
     * @param keyPositions positions of the trimmed primary key in {@code rowType}
     * @param files the writer's local lookup files
     */
    public LookupLevels(RowType rowType, RowType keyType, int[] keyPositions, DataFileOpener opener,
            LookupFileCache files) {
        this(rowType, keyType, keyPositions, opener, files, null);
    }

    /**
     * @param deletions deletion-vectors mode: the bucket's vectors, checked at every lookup (a cached file
     *     may have lost rows to later compactions); the opener must return {@link DataFileCursor}s
     */
    public LookupLevels(RowType rowType, RowType keyType, int[] keyPositions, DataFileOpener opener,
            LookupFileCache files, BucketDeletionVectors deletions) {
        this.deletions = deletions;
        this.rowType = rowType;
        this.keyPositions = keyPositions;
        this.fileKeyComparator = RowComparator.of(keyType);
        this.valueKeyOrder = KeyOrder.onPositions(rowType, keyPositions);
        this.opener = opener;
        this.files = files;
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
            LookupFile.Entry found = load(file).find(value, valueKeyOrder, files.blocks());
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

    private LookupFile load(DataFileMeta file) throws IOException {
        return files.get(file.fileName(), path -> {
            try (RecordCursor cursor = opener.open(file)) {
                DataFileCursor positioned = cursor instanceof DataFileCursor d ? d : null;
                if (deletions != null && positioned == null) {
                    throw new IllegalStateException("Looking keys up in deletion-vectors mode needs row positions of "
                            + file.fileName());
                }
                return LookupFile.build(path, file, cursor, positioned, rowType);
            }
        });
    }
}
