package io.strata.hive;

import io.strata.manifest.DataFileMeta;
import io.strata.manifest.DeletionVectorMeta;
import io.strata.manifest.IndexFileMeta;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import io.strata.table.TableScan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The partitions that hold data in one snapshot of a Strata table, each with its figures (stored rows, data
 * files, bytes), from one plan of the snapshot's manifests. Hive asks for them many times while it plans one
 * query (the partitions a filter keeps, the row count of each, the table's statistics), so the last few
 * snapshots' are kept: a snapshot never changes once committed.
 */
final class SnapshotPartitions {

    /**
     * Figures of a partition or a table: rows, data files, bytes. The rows are those a read returns where the
     * buckets need no merge (each key stored once: deletion-vector and first-row tables, whose reads skip level
     * 0, compacted buckets and append tables), less deletes and rows deletion vectors mark; elsewhere every
     * stored row, older versions and deletes included (an upper bound).
     */
    record Figures(long rows, long files, long bytes) {
        static final Figures NONE = new Figures(0, 0, 0);

        Figures plus(Figures other) {
            return new Figures(rows + other.rows, files + other.files, bytes + other.bytes);
        }
    }

    private static final int SNAPSHOTS_KEPT = 16;

    private static final Map<String, SnapshotPartitions> KEPT = Collections.synchronizedMap(
            new LinkedHashMap<>(SNAPSHOTS_KEPT, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, SnapshotPartitions> eldest) {
                    return size() > SNAPSHOTS_KEPT;
                }
            });

    private static final SnapshotPartitions EMPTY = new SnapshotPartitions(new TreeMap<>());

    /** Partition path ({@code dt=2024-01-01/h=3}; the empty path for an unpartitioned table) to its figures. */
    private final SortedMap<String, Figures> partitions;

    private SnapshotPartitions(SortedMap<String, Figures> partitions) {
        this.partitions = partitions;
    }

    /**
     * The partitions of the snapshot {@code query} reads of {@code table} (none for a table without snapshots).
     *
     * @throws IllegalArgumentException the snapshot asked for does not exist ({@link QuerySnapshot#resolve})
     */
    static SnapshotPartitions of(Table table, QuerySnapshot query) {
        Snapshot snapshot = query.resolve(table);
        if (snapshot == null) {
            return EMPTY;
        }
        // The commit time tells a snapshot from one of the same id of a table dropped and made again there.
        String key = table.location() + "#" + snapshot.id() + "@" + snapshot.timeMillis();
        SnapshotPartitions kept = KEPT.get(key);
        if (kept == null) {
            kept = plan(table, table.newScan().asOfSnapshot(snapshot.id()));
            KEPT.put(key, kept);
        }
        return kept;
    }

    private static SnapshotPartitions plan(Table table, TableScan scan) {
        TablePaths paths = PartitionDirectories.paths(table);
        SortedMap<String, Figures> partitions = new TreeMap<>();
        for (Split split : scan.plan().splits()) {
            long bytes = 0;
            for (DataFileMeta file : split.files()) {
                bytes += file.fileSize();
            }
            Figures figures = new Figures(rows(split, table.schema()), split.files().size(), bytes);
            partitions.merge(paths.partitionPath(split.partition()), figures, Figures::plus);
        }
        return new SnapshotPartitions(partitions);
    }

    /**
     * The rows a read of the split returns where that is known from metadata, else its stored rows. Hive plans
     * with this figure (reducers, join sides), so a deletion-vector table must not count the versions its
     * vectors already retired: 36% more rows after a few rounds of 10% updates was enough to double its reducers.
     */
    private static long rows(Split split, TableSchema schema) {
        List<DataFileMeta> files = SplitGrouping.filesReadWithoutMerge(split, schema);
        if (files == null) {
            return split.rowCount();
        }
        Set<String> read = new HashSet<>();
        long stored = 0;
        for (DataFileMeta file : files) {
            read.add(file.fileName());
            // Rows of kind -U/-D are never returned by a read that needs no merge.
            stored += schema.isPrimaryKeyTable() ? file.addRowCount() : file.rowCount();
        }
        long retired = 0;
        for (IndexFileMeta index : split.deletionIndexFiles()) {
            if (index.dvRanges() == null) {
                continue;
            }
            for (DeletionVectorMeta vector : index.dvRanges().values()) {
                if (vector.cardinality() != null && read.contains(vector.dataFileName())) {
                    retired += vector.cardinality();
                }
            }
        }
        return Math.max(0, stored - retired);
    }

    /** The partition paths, sorted; empty for an unpartitioned table. */
    List<String> names() {
        List<String> names = new ArrayList<>(partitions.keySet());
        names.remove("");
        return names;
    }

    /** The figures of the partition at {@code path}: none where it holds no data. */
    Figures partition(String path) {
        return partitions.getOrDefault(path, Figures.NONE);
    }

    /** The figures of the whole snapshot. */
    Figures total() {
        Figures total = Figures.NONE;
        for (Figures figures : partitions.values()) {
            total = total.plus(figures);
        }
        return total;
    }
}
