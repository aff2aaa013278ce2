package io.strata.table.store;

import io.strata.data.BinaryRow;
import io.strata.data.ProjectedRow;
import io.strata.fs.FileIO;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.IndexManifestFile;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.manifest.ManifestList;
import io.strata.manifest.MetadataFileNames;
import io.strata.predicate.Predicate;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.TablePaths;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what a snapshot holds: its live data files (ADDs of base + delta manifests minus the DELETEs
 * with the same identity), optionally pruned by a partition predicate using the manifests' partition
 * statistics before the manifests are opened, and its deletion-vector index files.
 */
public final class SnapshotFiles {

    private final FileIO io;
    private final TablePaths paths;
    private final RowType partitionType;
    private final int[] partitionPositionsInTable;
    private final int tableArity;

    SnapshotFiles(FileIO io, TablePaths paths, TableSchema schema) {
        this.io = io;
        this.paths = paths;
        this.partitionType = schema.partitionType();
        this.tableArity = schema.rowType().fieldCount();
        this.partitionPositionsInTable = new int[tableArity];
        Arrays.fill(partitionPositionsInTable, -1);
        for (int i = 0; i < partitionType.fieldCount(); i++) {
            partitionPositionsInTable[schema.rowType().requireIndexOf(partitionType.field(i).name())] = i;
        }
    }

    public ManifestList manifestList() {
        return new ManifestList(io, paths.manifestDirectory(), new MetadataFileNames());
    }

    public ManifestFile manifestFile(long targetSize) {
        return new ManifestFile(io, paths.manifestDirectory(), partitionType, targetSize, new MetadataFileNames());
    }

    /** All manifests of the snapshot's data (base then delta). */
    public List<ManifestFileMeta> dataManifests(Snapshot snapshot) throws IOException {
        ManifestList list = manifestList();
        List<ManifestFileMeta> metas = new ArrayList<>(list.read(snapshot.baseManifestList()));
        metas.addAll(list.read(snapshot.deltaManifestList()));
        return metas;
    }

    /** A view of a partition row at table positions, for predicates written against the table's fields. */
    ProjectedRow partitionAsTableRow() {
        return new ProjectedRow(partitionPositionsInTable);
    }

    /**
     * The live entries of the snapshot whose partition may match {@code partitionFilter} (a predicate on
     * table positions that reads only partition fields; null = all).
     */
    public List<ManifestEntry> liveEntries(Snapshot snapshot, Predicate partitionFilter) throws IOException {
        ManifestFile manifests = manifestFile(Long.MAX_VALUE);
        Map<ManifestEntry.Identifier, ManifestEntry> live = new LinkedHashMap<>();
        ProjectedRow min = partitionAsTableRow();
        ProjectedRow max = partitionAsTableRow();
        ProjectedRow partitionView = partitionAsTableRow();
        for (ManifestFileMeta meta : dataManifests(snapshot)) {
            if (partitionFilter != null && partitionType.fieldCount() > 0 && meta.partitionStats() != null) {
                Long[] nulls = spreadNullCounts(meta.partitionStats().nullCounts());
                long fileCount = meta.numAddedFiles() + meta.numDeletedFiles();
                if (!partitionFilter.mayMatch(fileCount, min.replace(meta.partitionStats().minValues()),
                        max.replace(meta.partitionStats().maxValues()), nulls)) {
                    continue;
                }
            }
            for (ManifestEntry entry : manifests.read(meta.fileName())) {
                if (partitionFilter != null && !partitionFilter.test(partitionView.replace(entry.partition()))) {
                    continue;
                }
                if (entry.kind() == FileKind.ADD) {
                    live.put(entry.identifier(), entry);
                } else {
                    live.remove(entry.identifier());
                }
            }
        }
        return new ArrayList<>(live.values());
    }

    /** Null counts of partition fields moved to table positions. */
    private Long[] spreadNullCounts(Long[] partitionNulls) {
        if (partitionNulls == null) {
            return null;
        }
        Long[] out = new Long[tableArity];
        for (int i = 0; i < tableArity; i++) {
            int p = partitionPositionsInTable[i];
            out[i] = p >= 0 && p < partitionNulls.length ? partitionNulls[p] : null;
        }
        return out;
    }

    /** The live deletion-vector index files of the snapshot, by (partition, bucket). */
    public Map<BucketKey, List<IndexManifestEntry>> deletionIndexFiles(Snapshot snapshot) throws IOException {
        Map<BucketKey, List<IndexManifestEntry>> byBucket = new LinkedHashMap<>();
        for (IndexManifestEntry e : liveIndexEntries(snapshot)) {
            if ("DELETION_VECTORS".equals(e.indexFile().indexType())) {
                byBucket.computeIfAbsent(new BucketKey(e.partition(), e.bucket()), k -> new ArrayList<>()).add(e);
            }
        }
        return byBucket;
    }

    /** The live index files of every type (deletion vectors, Paimon's hash indexes) of the snapshot. */
    public List<IndexManifestEntry> liveIndexEntries(Snapshot snapshot) throws IOException {
        if (snapshot.indexManifest() == null) {
            return List.of();
        }
        IndexManifestFile file = new IndexManifestFile(io, paths.manifestDirectory(), new MetadataFileNames());
        Map<String, IndexManifestEntry> live = new LinkedHashMap<>();
        for (IndexManifestEntry e : file.read(snapshot.indexManifest())) {
            String id = e.partition() + "/" + e.bucket() + "/" + e.indexFile().fileName();
            if (e.kind() == FileKind.ADD) {
                live.put(id, e);
            } else {
                live.remove(id);
            }
        }
        return new ArrayList<>(live.values());
    }

    /** A (partition, bucket) pair. */
    public record BucketKey(BinaryRow partition, int bucket) {}
}
