package io.strata.table.source;

import io.strata.api.PublicApi;
import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What each partition of one snapshot holds: its live data files counted per partition, for catalogs
 * (the Hive Metastore) that keep one entry per partition. Partitions are named by their directory,
 * exactly as {@link TablePaths#partitionPath} writes it ({@code dt=2024-01-01/hr=3}), and carry their
 * values as the strings Hive keeps in a partition spec (unescaped; null or blank as the table's
 * {@code partition.default-name}).
 *
 * <p>{@code rowCount} counts the rows stored in the live files. For an append table without deletion
 * vectors that is the table's row count; for a primary-key table it also counts superseded versions and
 * delete records, so it is only an upper bound of what a merged read returns.
 */
@PublicApi
public final class PartitionStatistics {

    /**
     * One partition of a snapshot.
     *
     * @param partition the partition row as the manifests store it
     * @param path the relative partition directory, e.g. {@code dt=2024-01-01/hr=3} (empty if unpartitioned)
     * @param values the partition values in partition-key order, as Hive partition spec strings
     * @param rowCount rows in the live data files (delete records and old versions included)
     * @param fileCount live data files
     * @param totalSize bytes of the live data files
     * @param lastFileCreationMillis the newest file's creation time (Paimon's local-wall-clock millis), 0 if unknown
     */
    public record Partition(BinaryRow partition, String path, List<String> values, long rowCount, long fileCount,
            long totalSize, long lastFileCreationMillis) {

        public Partition {
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }
    }

    private PartitionStatistics() {}

    /** Every partition with live data files in {@code snapshot}, sorted by path. */
    public static Map<String, Partition> of(Table table, Snapshot snapshot) {
        return collect(TableStore.of(table), snapshot, null);
    }

    /**
     * The partitions among {@code paths} (as {@link Partition#path()}) that have live data files in
     * {@code snapshot}; a path missing from the result has no live file.
     */
    public static Map<String, Partition> of(Table table, Snapshot snapshot, Set<String> paths) {
        return collect(TableStore.of(table), snapshot, paths);
    }

    private static Map<String, Partition> collect(TableStore table, Snapshot snapshot, Set<String> only) {
        List<ManifestEntry> live;
        try {
            live = table.snapshotFiles().liveEntries(snapshot, null).stream().filter(e -> !e.postponed()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the files of snapshot " + snapshot.id() + " of table "
                    + table.location() + ": " + e.getMessage(), e);
        }
        Map<BinaryRow, Accumulator> byRow = new HashMap<>();
        for (ManifestEntry entry : live) {
            byRow.computeIfAbsent(entry.partition(), k -> new Accumulator()).add(entry.file());
        }
        Map<String, Partition> out = new TreeMap<>();
        for (Map.Entry<BinaryRow, Accumulator> e : byRow.entrySet()) {
            String path = table.paths().partitionPath(e.getKey());
            if (only != null && !only.contains(path)) {
                continue;
            }
            Accumulator a = e.getValue();
            out.put(path, new Partition(e.getKey(), path, values(table.schema(), e.getKey()), a.rows, a.files, a.bytes,
                    a.lastCreation));
        }
        return out;
    }

    /**
     * The Hive partition spec values of a partition row: each value's text as {@link TablePaths} renders
     * it into the directory name (before escaping), null or blank as {@code partition.default-name}.
     */
    public static List<String> values(Table table, BinaryRow partition) {
        return values(table.schema(), partition);
    }

    private static List<String> values(TableSchema schema, BinaryRow partition) {
        RowType type = schema.partitionType();
        String defaultName = schema.tableOptions().partitionDefaultName();
        List<String> values = new ArrayList<>(type.fieldCount());
        for (int i = 0; i < type.fieldCount(); i++) {
            Object v = RowValues.get(partition, i, type.typeAt(i));
            String text = v == null ? null : v.toString();
            values.add(text == null || text.isBlank() ? defaultName : text);
        }
        return values;
    }

    /** The relative directory of a partition row, as {@link TablePaths} names it. */
    public static String path(Table table, BinaryRow partition) {
        return TableStore.of(table).paths().partitionPath(partition);
    }

    private static final class Accumulator {
        long rows;
        long files;
        long bytes;
        long lastCreation;

        void add(DataFileMeta file) {
            rows += file.rowCount();
            files++;
            bytes += file.fileSize();
            if (file.creationTime() != null) {
                lastCreation = Math.max(lastCreation, file.creationTime().millisecond());
            }
        }
    }
}
