package io.strata.table.commit;

import io.strata.data.BinaryRow;
import io.strata.data.Row;
import io.strata.data.RowComparator;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexFileMeta;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.CommitConflictException;
import io.strata.table.TablePaths;
import io.strata.table.store.SnapshotFiles;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a commit checks against the latest snapshot before each attempt to create the next one (docs/format.md
 * section 14): the files it removes are still live, the files it adds above level 0 overlap no file of their
 * level, and the deletion-vector index files it replaces are still the bucket's. Each check fails with a
 * {@link CommitConflictException} that names the table and the file or bucket: another writer (a concurrent
 * compaction, most often) changed what the commit was computed on, and retrying cannot help.
 */
final class CommitConflicts {

    private final TablePaths paths;
    private final TableSchema schema;
    private final SnapshotFiles snapshotFiles;

    CommitConflicts(TablePaths paths, TableSchema schema, SnapshotFiles snapshotFiles) {
        this.paths = paths;
        this.schema = schema;
        this.snapshotFiles = snapshotFiles;
    }

    /**
     * Files we delete must still be live; files we add above level 0 must not overlap that level's files.
     * {@code liveFiles} follows the latest snapshot across the attempts of one commit.
     */
    void checkFiles(Snapshot latest, LiveFiles liveFiles, List<ManifestEntry> changes) throws IOException {
        boolean deletes = changes.stream().anyMatch(e -> e.kind() == FileKind.DELETE);
        boolean upperAdds = changes.stream().anyMatch(e -> e.kind() == FileKind.ADD && e.file().level() > 0);
        if (!deletes && !upperAdds) {
            return;
        }
        Map<ManifestEntry.Identifier, ManifestEntry> live = liveFiles.of(latest);
        for (ManifestEntry change : changes) {
            if (change.kind() == FileKind.DELETE && !live.containsKey(change.identifier())) {
                throw new CommitConflictException(paths.root(), "Commit conflict on table " + paths.root() + ": file " + change.file().fileName()
                        + " was already removed by snapshot <= " + latest.id() + " (a concurrent compaction?)");
            }
        }
        if (!upperAdds || schema.primaryKeys().isEmpty()) {
            return;
        }
        RowComparator keys = RowComparator.of(schema.trimmedPrimaryKeyType());
        Set<ManifestEntry.Identifier> removed = new HashSet<>();
        for (ManifestEntry c : changes) {
            if (c.kind() == FileKind.DELETE) {
                removed.add(c.identifier());
            }
        }
        for (ManifestEntry add : changes) {
            if (add.kind() != FileKind.ADD || add.file().level() == 0) {
                continue;
            }
            for (ManifestEntry e : live.values()) {
                DataFileMeta f = e.file();
                if (e.bucket() == add.bucket() && f.level() == add.file().level() && e.partition().equals(add.partition())
                        && !removed.contains(e.identifier())
                        && overlaps(keys, f.minKey(), f.maxKey(), add.file().minKey(), add.file().maxKey())) {
                    throw new CommitConflictException(paths.root(), "Commit conflict on table " + paths.root() + ": file " + add.file().fileName()
                            + " overlaps " + f.fileName() + " in level " + f.level() + " of bucket " + add.bucket());
                }
            }
        }
    }

    /**
     * Each bucket whose index files of a type (deletion vectors, key hashes) the commit replaces must still
     * have exactly the files of that type the commit deletes (none if it deletes none): otherwise a
     * concurrent commit changed its vectors, or assigned keys to it.
     */
    void checkIndexFiles(Snapshot latest, List<IndexManifestEntry> indexChanges) throws IOException {
        if (indexChanges.isEmpty()) {
            return;
        }
        Map<IndexKey, Set<String>> expected = new LinkedHashMap<>();
        for (IndexManifestEntry e : indexChanges) {
            Set<String> names = expected.computeIfAbsent(IndexKey.of(e), k -> new TreeSet<>());
            if (e.kind() == FileKind.DELETE) {
                names.add(e.indexFile().fileName());
            }
        }
        Map<IndexKey, Set<String>> current = new LinkedHashMap<>();
        if (latest != null) {
            for (IndexManifestEntry e : snapshotFiles.liveIndexEntries(latest)) {
                current.computeIfAbsent(IndexKey.of(e), k -> new TreeSet<>()).add(e.indexFile().fileName());
            }
        }
        for (Map.Entry<IndexKey, Set<String>> b : expected.entrySet()) {
            Set<String> actual = current.getOrDefault(b.getKey(), Set.of());
            if (!actual.equals(b.getValue())) {
                boolean hashes = IndexFileMeta.HASH.equals(b.getKey().type());
                throw new CommitConflictException(paths.root(), "Commit conflict on table " + paths.root() + ": the "
                        + (hashes ? "key hash index" : "deletion vectors") + " of bucket " + b.getKey().bucket()
                        + " of partition " + paths.partitionPath(b.getKey().partition()) + " were changed by snapshot <= "
                        + (latest == null ? 0 : latest.id()) + " (index files " + actual + ", expected " + b.getValue()
                        + (hashes ? "; another writer assigned keys to it: a dynamic-bucket table takes one writer at a"
                                + " time)" : "; a concurrent compaction?)"));
            }
        }
    }

    /** The index files of one type of one bucket. */
    private record IndexKey(BinaryRow partition, int bucket, String type) {
        static IndexKey of(IndexManifestEntry e) {
            return new IndexKey(e.partition(), e.bucket(), e.indexFile().indexType());
        }
    }

    private static boolean overlaps(RowComparator c, Row aMin, Row aMax, Row bMin, Row bMax) {
        return c.compare(aMin, bMax) <= 0 && c.compare(bMin, aMax) <= 0;
    }
}
