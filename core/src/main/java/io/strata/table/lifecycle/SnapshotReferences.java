package io.strata.table.lifecycle;

import io.strata.data.BinaryRow;
import io.strata.fs.FileIO;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.IndexManifestFile;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.manifest.ManifestList;
import io.strata.manifest.MetadataFileNames;
import io.strata.schema.TableSchema;
import io.strata.snapshot.Snapshot;
import io.strata.table.TablePaths;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a snapshot references, for deciding what may be deleted: its live data files (by partition,
 * bucket and name, as Paimon compares them), the data files its delta removed, the changelog files it
 * added, and its metadata files (manifest lists, manifests, index manifest, index files, statistics).
 * Also where each of those files lives.
 */
final class SnapshotReferences {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotReferences.class);

    /** A data file as the deletion rules compare them: level and extra files do not matter. */
    record DataFileKey(BinaryRow partition, int bucket, String fileName) {}

    private final FileIO io;
    private final TablePaths paths;
    private final ManifestList manifestList;
    private final ManifestFile manifestFile;
    private final IndexManifestFile indexManifestFile;

    SnapshotReferences(FileIO io, TablePaths paths, TableSchema schema) {
        this.io = io;
        this.paths = paths;
        MetadataFileNames names = new MetadataFileNames();
        this.manifestList = new ManifestList(io, paths.manifestDirectory(), names);
        this.manifestFile = new ManifestFile(io, paths.manifestDirectory(), schema.partitionType(), Long.MAX_VALUE, names);
        this.indexManifestFile = new IndexManifestFile(io, paths.manifestDirectory(), names);
    }

    TablePaths paths() {
        return paths;
    }

    FileIO io() {
        return io;
    }

    /** The live data files of the snapshot; fails if any manifest cannot be read. */
    Set<DataFileKey> liveDataFiles(Snapshot snapshot) throws IOException {
        Map<ManifestEntry.Identifier, ManifestEntry> live = new LinkedHashMap<>();
        for (ManifestFileMeta meta : readList(snapshot.baseManifestList(), false)) {
            merge(live, manifestFile.read(meta.fileName()));
        }
        for (ManifestFileMeta meta : readList(snapshot.deltaManifestList(), false)) {
            merge(live, manifestFile.read(meta.fileName()));
        }
        Set<DataFileKey> keys = new HashSet<>();
        for (ManifestEntry e : live.values()) {
            keys.add(key(e));
        }
        return keys;
    }

    /** The live data file entries of the snapshot, for tag deletion; fails if a manifest cannot be read. */
    Collection<ManifestEntry> liveEntries(Snapshot snapshot) throws IOException {
        Map<ManifestEntry.Identifier, ManifestEntry> live = new LinkedHashMap<>();
        for (ManifestFileMeta meta : readList(snapshot.baseManifestList(), true)) {
            merge(live, readManifest(meta.fileName()));
        }
        for (ManifestFileMeta meta : readList(snapshot.deltaManifestList(), true)) {
            merge(live, readManifest(meta.fileName()));
        }
        return live.values();
    }

    /**
     * The files the snapshot's delta removed for good: DELETE entries not re-added by the same delta (a
     * file moved up a level is deleted and added with the same name, and must stay). Missing manifests
     * (a crashed expiration already removed them, after their data files) count as empty.
     */
    Map<DataFileKey, ManifestEntry> removedByDelta(Snapshot snapshot) throws IOException {
        Map<DataFileKey, ManifestEntry> removed = new LinkedHashMap<>();
        for (ManifestFileMeta meta : readList(snapshot.deltaManifestList(), true)) {
            for (ManifestEntry e : readManifest(meta.fileName())) {
                if (e.kind() == FileKind.ADD) {
                    removed.remove(key(e));
                } else {
                    removed.put(key(e), e);
                }
            }
        }
        return removed;
    }

    /** The data file entries the snapshot's delta added (for rollback). */
    List<ManifestEntry> addedByDelta(Snapshot snapshot) throws IOException {
        List<ManifestEntry> added = new ArrayList<>();
        for (ManifestFileMeta meta : readList(snapshot.deltaManifestList(), true)) {
            for (ManifestEntry e : readManifest(meta.fileName())) {
                if (e.kind() == FileKind.ADD) {
                    added.add(e);
                }
            }
        }
        return added;
    }

    /** The changelog files the snapshot added (none unless a changelog producer is set). */
    List<ManifestEntry> addedChangelogFiles(Snapshot snapshot) throws IOException {
        List<ManifestEntry> added = new ArrayList<>();
        if (snapshot.changelogManifestList() == null) {
            return added;
        }
        for (ManifestFileMeta meta : readList(snapshot.changelogManifestList(), true)) {
            for (ManifestEntry e : readManifest(meta.fileName())) {
                if (e.kind() == FileKind.ADD) {
                    added.add(e);
                }
            }
        }
        return added;
    }

    /**
     * Every metadata file name the snapshot needs: both data manifest lists and their manifests, the
     * index manifest and its index files, the statistics file. Fails if any cannot be read, because a
     * set built from partial reads would let a still-needed file be deleted.
     */
    Set<String> metadataFiles(Snapshot snapshot) throws IOException {
        Set<String> names = new HashSet<>();
        names.add(snapshot.baseManifestList());
        names.add(snapshot.deltaManifestList());
        for (ManifestFileMeta meta : readList(snapshot.baseManifestList(), false)) {
            names.add(meta.fileName());
        }
        for (ManifestFileMeta meta : readList(snapshot.deltaManifestList(), false)) {
            names.add(meta.fileName());
        }
        if (snapshot.indexManifest() != null) {
            names.add(snapshot.indexManifest());
            for (IndexManifestEntry e : indexManifestFile.read(snapshot.indexManifest())) {
                names.add(e.indexFile().fileName());
            }
        }
        if (snapshot.statistics() != null) {
            names.add(snapshot.statistics());
        }
        return names;
    }

    /**
     * As {@link #metadataFiles}, for a snapshot or kept changelog that may have lost some of them (a kept
     * changelog's data manifest lists and index manifest go when its snapshot expires): only the files
     * still there.
     */
    Set<String> metadataFilesPresent(Snapshot snapshot) throws IOException {
        Set<String> names = new HashSet<>();
        for (String list : new String[] {snapshot.baseManifestList(), snapshot.deltaManifestList()}) {
            if (listExists(list)) {
                names.add(list);
                for (ManifestFileMeta meta : readList(list, true)) {
                    names.add(meta.fileName());
                }
            }
        }
        if (snapshot.indexManifest() != null) {
            try {
                for (IndexManifestEntry e : indexManifestFile.read(snapshot.indexManifest())) {
                    names.add(e.indexFile().fileName());
                }
                names.add(snapshot.indexManifest());
            } catch (FileNotFoundException e) {
                // Deleted with its snapshot; nothing of it to keep.
            }
        }
        if (snapshot.statistics() != null) {
            names.add(snapshot.statistics());
        }
        return names;
    }

    /**
     * The metadata files of the snapshot not in {@code keep}, as paths; {@code withChangelog} adds its
     * changelog manifest list and manifests. Unreadable lists (already deleted) contribute only their
     * own name.
     */
    List<Path> unusedMetadataFiles(Snapshot snapshot, Set<String> keep, boolean withChangelog) throws IOException {
        return unusedMetadataFiles(snapshot, keep, true, withChangelog);
    }

    /**
     * As {@link #unusedMetadataFiles(Snapshot, Set, boolean)}; without {@code withDataLists} the base and
     * delta manifest lists and their manifests are kept too (a kept changelog of a table without a
     * changelog producer is read from its delta).
     */
    List<Path> unusedMetadataFiles(Snapshot snapshot, Set<String> keep, boolean withDataLists, boolean withChangelog)
            throws IOException {
        Set<String> manifests = new LinkedHashSet<>();
        if (withDataLists) {
            collectList(snapshot.baseManifestList(), keep, manifests);
            collectList(snapshot.deltaManifestList(), keep, manifests);
        }
        if (withChangelog && snapshot.changelogManifestList() != null) {
            collectList(snapshot.changelogManifestList(), keep, manifests);
        }
        List<Path> out = new ArrayList<>();
        for (String name : manifests) {
            out.add(new Path(paths.manifestDirectory(), name));
        }
        if (snapshot.indexManifest() != null && !keep.contains(snapshot.indexManifest())) {
            List<IndexManifestEntry> entries;
            try {
                entries = indexManifestFile.read(snapshot.indexManifest());
            } catch (FileNotFoundException e) {
                entries = List.of();
            }
            for (IndexManifestEntry e : entries) {
                if (!keep.contains(e.indexFile().fileName())) {
                    out.add(indexFilePath(e));
                }
            }
            out.add(new Path(paths.manifestDirectory(), snapshot.indexManifest()));
        }
        if (snapshot.statistics() != null && !keep.contains(snapshot.statistics())) {
            out.add(new Path(new Path(paths.root(), "statistics"), snapshot.statistics()));
        }
        return out;
    }

    /** A manifest list and its manifests not in {@code keep}, as paths; an unreadable list gives only its name. */
    List<Path> unusedListFiles(String listName, Set<String> keep) throws IOException {
        Set<String> names = new LinkedHashSet<>();
        collectList(listName, keep, names);
        List<Path> out = new ArrayList<>();
        for (String name : names) {
            out.add(new Path(paths.manifestDirectory(), name));
        }
        return out;
    }

    /** The data file entries a manifest list added; a missing list or manifest counts as empty. */
    List<ManifestEntry> addedFiles(String listName) throws IOException {
        List<ManifestEntry> added = new ArrayList<>();
        for (ManifestFileMeta meta : readList(listName, true)) {
            for (ManifestEntry e : readManifest(meta.fileName())) {
                if (e.kind() == FileKind.ADD) {
                    added.add(e);
                }
            }
        }
        return added;
    }

    /** Whether a manifest list file is there. */
    boolean listExists(String listName) throws IOException {
        return io.exists(new Path(paths.manifestDirectory(), listName));
    }

    private void collectList(String listName, Set<String> keep, Set<String> out) throws IOException {
        for (ManifestFileMeta meta : readList(listName, true)) {
            if (!keep.contains(meta.fileName())) {
                out.add(meta.fileName());
            }
        }
        if (!keep.contains(listName)) {
            out.add(listName);
        }
    }

    /** The data file and its extra files (file indexes), where they live. */
    List<Path> dataFilePaths(ManifestEntry entry) {
        DataFileMeta file = entry.file();
        List<Path> out = new ArrayList<>();
        Path dir;
        if (file.externalPath() != null) {
            Path external = new Path(file.externalPath());
            out.add(external);
            dir = external.getParent();
        } else {
            dir = paths.bucketDirectory(entry.partition(), entry.bucket());
            out.add(new Path(dir, file.fileName()));
        }
        for (String extra : file.extraFiles()) {
            out.add(new Path(dir, extra));
        }
        return out;
    }

    /**
     * Deletes a file, adding it to {@code deleted} if it was there. Failures are logged, not thrown:
     * a file left behind is an orphan that orphan-file removal finds later, never a broken table.
     */
    void delete(Path path, List<Path> deleted) {
        try {
            if (io.delete(path, false)) {
                deleted.add(path);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not delete {}; it stays behind as an orphan file", path, e);
        }
    }

    /** Removes the directories if empty, then their parents up to (excluding) the table root. */
    void deleteEmptyDirectories(Set<Path> directories) {
        Set<Path> level = new HashSet<>(directories);
        while (!level.isEmpty()) {
            Set<Path> parents = new HashSet<>();
            for (Path dir : level) {
                if (dir == null || dir.equals(paths.root()) || dir.depth() <= paths.root().depth()) {
                    continue;
                }
                try {
                    FileStatus[] children = io.list(dir);
                    if (children.length == 0 && io.delete(dir, false)) {
                        parents.add(dir.getParent());
                    }
                } catch (IOException | RuntimeException e) {
                    LOG.debug("Directory {} not removed", dir, e);
                }
            }
            level = parents;
        }
    }

    Path indexFilePath(IndexManifestEntry entry) {
        return entry.indexFile().externalPath() != null
                ? new Path(entry.indexFile().externalPath())
                : new Path(paths.indexDirectory(), entry.indexFile().fileName());
    }

    static DataFileKey key(ManifestEntry e) {
        return new DataFileKey(e.partition(), e.bucket(), e.file().fileName());
    }

    private static void merge(Map<ManifestEntry.Identifier, ManifestEntry> live, List<ManifestEntry> entries) {
        for (ManifestEntry e : entries) {
            if (e.kind() == FileKind.ADD) {
                live.put(e.identifier(), e);
            } else {
                live.remove(e.identifier());
            }
        }
    }

    private List<ManifestFileMeta> readList(String name, boolean missingIsEmpty) throws IOException {
        try {
            return manifestList.read(name);
        } catch (FileNotFoundException e) {
            if (missingIsEmpty) {
                return List.of();
            }
            throw e;
        }
    }

    private List<ManifestEntry> readManifest(String name) throws IOException {
        try {
            return manifestFile.read(name);
        } catch (FileNotFoundException e) {
            return List.of();
        }
    }
}
