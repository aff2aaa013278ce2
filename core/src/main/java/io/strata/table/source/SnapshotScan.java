package io.strata.table.source;

import io.strata.data.GenericRow;
import io.strata.data.RowValues;
import io.strata.fileindex.FileIndexPredicate;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.predicate.Predicate;
import io.strata.predicate.PredicateBuilder;
import io.strata.schema.FileIndexOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableScan;
import io.strata.table.store.FileValueStats;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import io.strata.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.Path;

/** The implementation of {@link TableScan}. */
public final class SnapshotScan implements TableScan {

    private final TableStore store;
    private final Long snapshotId;
    private final Long timestampMillis;
    private final String tag;
    private final boolean compactedFull;
    private final Predicate filter;
    private final List<String> projection;

    public SnapshotScan(TableStore store) {
        this(store, null, null, null, false, null, null);
    }

    private SnapshotScan(TableStore store, Long snapshotId, Long timestampMillis, String tag, boolean compactedFull,
            Predicate filter, List<String> projection) {
        this.compactedFull = compactedFull;
        this.store = store;
        this.snapshotId = snapshotId;
        this.timestampMillis = timestampMillis;
        this.tag = tag;
        this.filter = filter;
        this.projection = projection;
    }

    @Override
    public TableScan asOfSnapshot(long id) {
        return new SnapshotScan(store, id, null, null, false, filter, projection);
    }

    @Override
    public TableScan asOfTimestamp(long epochMillis) {
        return new SnapshotScan(store, null, epochMillis, null, false, filter, projection);
    }

    @Override
    public TableScan asOfTag(String tagName) {
        return new SnapshotScan(store, null, null, tagName, false, filter, projection);
    }

    @Override
    public TableScan asOfCompactedFull() {
        return new SnapshotScan(store, null, null, null, true, filter, projection);
    }

    @Override
    public TableScan filter(Predicate predicate) {
        Predicate combined = filter == null ? predicate : PredicateBuilder.and(filter, predicate);
        return new SnapshotScan(store, snapshotId, timestampMillis, tag, compactedFull, combined, projection);
    }

    @Override
    public TableScan select(String... columns) {
        return new SnapshotScan(store, snapshotId, timestampMillis, tag, compactedFull, filter, List.of(columns));
    }

    /** Resolves the snapshot to read, or null if the table has none. */
    Snapshot resolveSnapshot() throws IOException {
        if (compactedFull) {
            Long id = CompactedSnapshot.pick(store);
            return id == null ? null : store.snapshotManager().snapshot(id);
        }
        if (snapshotId != null) {
            return store.snapshotManager().snapshot(snapshotId);
        }
        if (timestampMillis != null) {
            Snapshot s = store.snapshotManager().latestSnapshotAtOrBefore(timestampMillis);
            if (s == null) {
                throw new IllegalArgumentException("Table " + store.location() + " has no snapshot at or before "
                        + Instant.ofEpochMilli(timestampMillis));
            }
            return s;
        }
        if (tag != null) {
            return store.tagManager().tag(tag).orElseThrow(() -> new IllegalArgumentException(
                    "Table " + store.location() + " has no tag '" + tag + "'"));
        }
        return store.snapshotManager().latestSnapshot().orElse(null);
    }

    @Override
    public Snapshot snapshot() {
        try {
            return resolveSnapshot();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    @Override
    public Plan plan() {
        try {
            return doPlan();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    private Plan doPlan() throws IOException {
        TableSchema schema = store.schema();
        RowType rowType = schema.rowType();
        int[] projected = projection == null
                ? IntStream.range(0, rowType.fieldCount()).toArray()
                : projection.stream().mapToInt(rowType::requireIndexOf).toArray();
        RowType readType = rowType.project(projected);
        Snapshot snapshot = resolveSnapshot();
        if (snapshot == null) {
            return new Plan(null, List.of(), projected, readType, filter);
        }
        Set<Integer> partitionFields = new HashSet<>();
        for (String p : schema.partitionKeys()) {
            partitionFields.add(rowType.requireIndexOf(p));
        }
        Predicate partitionFilter = filter == null ? null : filter.restrictTo(partitionFields);
        // Statistics may skip files only on fields whose value is the same in every version of a key
        // (the key itself) for primary-key tables; any field for append tables.
        Predicate fileFilter = null;
        if (filter != null) {
            if (schema.primaryKeys().isEmpty()) {
                fileFilter = filter;
            } else {
                Set<Integer> keyFields = new HashSet<>();
                for (String k : schema.primaryKeys()) {
                    keyFields.add(rowType.requireIndexOf(k));
                }
                fileFilter = filter.restrictTo(keyFields);
            }
        }
        // File indexes (bloom filters, bitmaps) cover every value a file holds: any field of an append table; on a
        // primary-key table only files above level 0 of a table with deletion vectors, whose rows need no
        // merge (as Paimon uses them). Older versions and deleted rows only make the index say "maybe".
        Predicate indexFilter = filter != null && new FileIndexOptions(schema.options()).readEnabled()
                && (schema.primaryKeys().isEmpty() || schema.tableOptions().deletionVectorsEnabled()) ? filter : null;
        int numBuckets = schema.tableOptions().bucket();
        Set<Integer> buckets = BucketPruning.buckets(filter, rowType,
                schema.bucketKeys().stream().mapToInt(rowType::requireIndexOf).toArray(), numBuckets);
        SnapshotFiles files = store.snapshotFiles();
        Map<SnapshotFiles.BucketKey, List<ManifestEntry>> byBucket = new LinkedHashMap<>();
        for (ManifestEntry e : files.liveEntries(snapshot, partitionFilter)) {
            if (e.postponed()) {
                continue; // invisible until compacted into a bucket, as Paimon reads it
            }
            // A bucket the filter's key values cannot hash to holds no match (files written with another
            // bucket count are kept: their rows were placed by that count).
            if (buckets != null && e.totalBuckets() == numBuckets && !buckets.contains(e.bucket())) {
                continue;
            }
            if (fileFilter != null && !mayMatch(fileFilter, e.file(), schema)) {
                continue;
            }
            if (indexFilter != null && !indexMayMatch(indexFilter, e, schema)) {
                continue;
            }
            byBucket.computeIfAbsent(new SnapshotFiles.BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>()).add(e);
        }
        Map<SnapshotFiles.BucketKey, List<IndexManifestEntry>> dvs = files.deletionIndexFiles(snapshot);
        List<Split> splits = new ArrayList<>();
        for (Map.Entry<SnapshotFiles.BucketKey, List<ManifestEntry>> b : byBucket.entrySet()) {
            List<DataFileMeta> metas = new ArrayList<>();
            for (ManifestEntry e : b.getValue()) {
                metas.add(e.file());
            }
            List<IndexFileMeta> index = new ArrayList<>();
            for (IndexManifestEntry e : dvs.getOrDefault(b.getKey(), List.of())) {
                index.add(e.indexFile());
            }
            ManifestEntry first = b.getValue().get(0);
            splits.add(new Split(snapshot.id(), first.partition(), first.bucket(), first.totalBuckets(), metas, index));
        }
        return new Plan(snapshot, splits, projected, readType, filter);
    }

    /**
     * Whether the file's index (embedded, or its {@code .index} file beside it) lets a row match; true when it
     * has none, or was written with another schema (its columns are named as then).
     */
    private boolean indexMayMatch(Predicate p, ManifestEntry e, TableSchema schema) {
        DataFileMeta file = e.file();
        if (file.schemaId() != schema.id() || (!schema.primaryKeys().isEmpty() && file.level() == 0)) {
            return true;
        }
        byte[] container = file.embeddedIndex();
        Path where = null;
        try {
            if (container == null) {
                for (String extra : file.extraFiles()) {
                    if (extra.endsWith(".index")) {
                        where = new Path(store.paths().bucketDirectory(e.partition(), e.bucket()), extra);
                        container = store.fileIO().readFully(where);
                    }
                }
            }
            if (container == null) {
                return true;
            }
            return FileIndexPredicate.of(container, where == null ? "data file " + file.fileName() + " (embedded)"
                    : where.toString()).mayMatch(p);
        } catch (IOException ex) {
            throw new UncheckedIOException("Table " + store.location() + ": " + ex.getMessage(), ex);
        }
    }

    /**
     * Whether the file's statistics let a row match. Only files of the scan's schema are judged. A column the file
     * kept no statistics of ({@code metadata.stats-mode} none or counts, a dense {@code _VALUE_STATS_COLS} without
     * it) has unknown bounds and rules nothing out; truncated string bounds still bound every value. Key columns of
     * a primary-key table fall back on the file's key statistics (kept whatever the stats mode), as Paimon filters
     * by them.
     */
    private static boolean mayMatch(Predicate p, DataFileMeta file, TableSchema schema) {
        if (file.schemaId() != schema.id()) {
            return true;
        }
        RowType rowType = schema.rowType();
        int n = rowType.fieldCount();
        GenericRow min = new GenericRow(n);
        GenericRow max = new GenericRow(n);
        Long[] nullCounts = new Long[n];
        FileValueStats stats = new FileValueStats(file, schema);
        Set<Integer> fields = p.fields();
        for (int i : fields) {
            int id = schema.fields().get(i).id();
            min.set(i, stats.min(id));
            max.set(i, stats.max(id));
            nullCounts[i] = stats.nullCount(id);
        }
        List<String> keys = schema.trimmedPrimaryKeys();
        if (!schema.primaryKeys().isEmpty() && file.keyStats().minValues().arity() == keys.size()) {
            for (int k = 0; k < keys.size(); k++) {
                int i = rowType.requireIndexOf(keys.get(k));
                if (fields.contains(i) && (min.isNullAt(i) || max.isNullAt(i))) {
                    min.set(i, RowValues.get(file.keyStats().minValues(), k, rowType.typeAt(i)));
                    max.set(i, RowValues.get(file.keyStats().maxValues(), k, rowType.typeAt(i)));
                }
            }
        }
        return p.mayMatch(file.rowCount(), min, max, nullCounts);
    }

}
