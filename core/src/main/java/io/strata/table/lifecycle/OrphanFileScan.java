package io.strata.table.lifecycle;

import io.strata.fs.FileIO;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.IndexManifestFile;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.manifest.ManifestList;
import io.strata.manifest.MetadataFileNames;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.TagManager;
import io.strata.table.OrphanFileSearch;
import io.strata.table.TablePaths;
import io.strata.table.store.TableStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The implementation of {@link OrphanFileSearch}: which directories to look at, which of their files are
 * candidates, and what the table references, as Paimon's orphan-file removal decides them. A file that cannot
 * be read while collecting references fails the step: a partial set would make used files look orphaned.
 */
final class OrphanFileScan implements OrphanFileSearch {

    private static final String MAIN = "";
    private static final String BRANCH_PREFIX = "branch-";

    private final TableStore store;
    private final Instant olderThan;
    private final ManifestList lists;
    private final ManifestFile manifests;
    private final IndexManifestFile indexManifests;

    OrphanFileScan(TableStore store, Instant olderThan) {
        this.store = store;
        this.olderThan = olderThan;
        FileIO io = store.fileIO();
        Path manifestDir = store.paths().manifestDirectory();
        MetadataFileNames names = new MetadataFileNames();
        this.lists = new ManifestList(io, manifestDir, names);
        this.manifests = new ManifestFile(io, manifestDir, store.schema().partitionType(), Long.MAX_VALUE, names);
        this.indexManifests = new IndexManifestFile(io, manifestDir, names);
    }

    @Override
    public Instant olderThan() {
        return olderThan;
    }

    @Override
    public List<Path> directories() {
        Path root = store.location();
        List<Path> dirs = new ArrayList<>(List.of(new Path(root, "snapshot"), new Path(root, "changelog"),
                store.paths().manifestDirectory(), new Path(root, "index"), new Path(root, "statistics")));
        try {
            collectBucketDirectories(root, store.schema().partitionKeys().size(), dirs);
            // What killed distributed jobs staged (one directory per job): nothing there is ever referenced.
            for (FileStatus job : store.fileIO().list(store.paths().stagingDirectory())) {
                if (job.isDirectory()) {
                    collectDirectories(job.getPath(), dirs);
                }
            }
        } catch (IOException e) {
            throw failure("list the directories", e);
        }
        return dirs;
    }

    @Override
    public List<Candidate> candidates(Path directory) {
        FileStatus[] files;
        try {
            files = store.fileIO().list(directory);
        } catch (IOException e) {
            throw failure("list " + directory, e);
        }
        String name = directory.getName();
        boolean staged = isStaged(directory);
        // Only the table's own snapshot/ and changelog/ have these names: partition directories hold '='.
        boolean snapshots = !staged && (name.equals("snapshot") || name.equals("changelog"));
        List<Candidate> out = new ArrayList<>();
        for (FileStatus s : files) {
            if (!s.isFile() || s.getModificationTime() >= olderThan.toEpochMilli()) {
                continue;
            }
            String file = s.getPath().getName();
            if (snapshots) {
                // Snapshots, changelogs and hints are the table itself; anything else there is a commit's leftover.
                if (!file.startsWith(name + "-") && !file.equals("EARLIEST") && !file.equals("LATEST")) {
                    out.add(new Candidate(s.getPath(), false));
                }
            } else {
                out.add(new Candidate(s.getPath(), !staged));
            }
        }
        return out;
    }

    @Override
    public References references() {
        try {
            FileIO io = store.fileIO();
            Map<String, Long> latest = new LinkedHashMap<>();
            Set<String> metadata = new HashSet<>();
            Set<String> manifestNames = new HashSet<>();
            for (Map.Entry<String, Path> root : roots().entrySet()) {
                SnapshotManager snapshots = new SnapshotManager(io, root.getValue());
                // Read first: whatever lands after this id is for referencedAfter.
                Long id = snapshots.latestSnapshotId();
                latest.put(root.getKey(), id == null ? 0L : id);
                List<Snapshot> all = new ArrayList<>();
                for (long n : snapshots.listIds()) {
                    snapshots.snapshotIfExists(n).ifPresent(all::add);
                }
                all.addAll(new TagManager(io, root.getValue()).taggedSnapshots());
                all.addAll(changelogs(root.getValue()));
                for (Snapshot s : all) {
                    addMetadata(s, metadata, manifestNames, false);
                }
            }
            metadata.addAll(manifestNames);
            List<String> sorted = new ArrayList<>(manifestNames);
            sorted.sort(null);
            return new References(latest, metadata, sorted);
        } catch (IOException e) {
            throw failure("read the files its snapshots reference", e);
        }
    }

    @Override
    public List<String> dataFiles(String manifest) {
        List<ManifestEntry> entries;
        try {
            entries = manifests.read(manifest);
        } catch (FileNotFoundException e) {
            return List.of(); // expired meanwhile, with its snapshot
        } catch (IOException e) {
            throw failure("read manifest " + manifest, e);
        }
        List<String> names = new ArrayList<>();
        for (ManifestEntry e : entries) {
            names.add(e.file().fileName());
            names.addAll(e.file().extraFiles());
        }
        return names;
    }

    @Override
    public Set<String> referencedAfter(References references) {
        try {
            FileIO io = store.fileIO();
            Set<String> names = new HashSet<>();
            Set<String> deltaManifests = new HashSet<>();
            for (Map.Entry<String, Path> root : roots().entrySet()) {
                long known = references.latestSnapshots().getOrDefault(root.getKey(), 0L);
                List<Snapshot> later = new ArrayList<>();
                SnapshotManager snapshots = new SnapshotManager(io, root.getValue());
                for (long n : snapshots.listIds()) {
                    if (n > known) {
                        snapshots.snapshotIfExists(n).ifPresent(later::add);
                    }
                }
                for (Snapshot tagged : new TagManager(io, root.getValue()).taggedSnapshots()) {
                    if (tagged.id() > known) {
                        later.add(tagged);
                    }
                }
                for (Snapshot s : later) {
                    addMetadata(s, names, deltaManifests, true);
                }
            }
            names.addAll(deltaManifests);
            for (String manifest : deltaManifests) {
                names.addAll(dataFiles(manifest));
            }
            return names;
        } catch (IOException e) {
            throw failure("read the snapshots committed since the search began", e);
        }
    }

    @Override
    public List<Path> delete(List<Path> orphans) {
        SnapshotReferences references = new SnapshotReferences(store.fileIO(), store.paths(), store.schema());
        List<Path> deleted = new ArrayList<>();
        Set<Path> dirs = new HashSet<>();
        for (Path p : orphans) {
            references.delete(p, deleted);
            if (p.getParent().getName().startsWith("bucket-") || isStaged(p.getParent())) {
                dirs.add(p.getParent());
            }
        }
        references.deleteEmptyDirectories(dirs);
        return deleted;
    }

    /**
     * Adds the names {@code s} refers to: its manifest lists, index manifest and files, statistics, and the
     * manifests of its lists (of the delta and changelog lists only, when {@code deltaOnly}: the base list's
     * manifests are then added as metadata names without their contents).
     */
    private void addMetadata(Snapshot s, Set<String> metadata, Set<String> manifestsToRead, boolean deltaOnly)
            throws IOException {
        String[] names = {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()};
        for (int i = 0; i < names.length; i++) {
            if (names[i] == null) {
                continue;
            }
            metadata.add(names[i]);
            for (ManifestFileMeta meta : readListOrEmpty(names[i])) {
                (deltaOnly && i == 0 ? metadata : manifestsToRead).add(meta.fileName());
            }
        }
        if (s.indexManifest() != null) {
            metadata.add(s.indexManifest());
            try {
                for (IndexManifestEntry e : indexManifests.read(s.indexManifest())) {
                    metadata.add(e.indexFile().fileName());
                }
            } catch (FileNotFoundException e) {
                // Expired meanwhile, with its snapshot.
            }
        }
        if (s.statistics() != null) {
            metadata.add(s.statistics());
        }
    }

    /** The table's root ({@code ""}) and its branches' roots (their data lives in the main tree), by name. */
    private Map<String, Path> roots() throws IOException {
        Map<String, Path> roots = new LinkedHashMap<>();
        roots.put(MAIN, store.location());
        for (FileStatus s : store.fileIO().list(new Path(store.location(), "branch"))) {
            if (s.isDirectory() && s.getPath().getName().startsWith(BRANCH_PREFIX)) {
                roots.put(s.getPath().getName().substring(BRANCH_PREFIX.length()), s.getPath());
            }
        }
        return roots;
    }

    private boolean isStaged(Path directory) {
        String staging = store.paths().stagingDirectory().toUri().getPath();
        return directory.toUri().getPath().startsWith(staging + "/");
    }

    /** Bucket directories under {@code level} partition directory levels ({@code k=v}). */
    private void collectBucketDirectories(Path dir, int level, List<Path> out) throws IOException {
        for (FileStatus s : store.fileIO().list(dir)) {
            if (!s.isDirectory()) {
                continue;
            }
            String name = s.getPath().getName();
            if (level == 0 && name.startsWith("bucket-")) {
                out.add(s.getPath());
            } else if (level > 0 && name.contains("=")) {
                collectBucketDirectories(s.getPath(), level - 1, out);
            }
        }
    }

    /** {@code dir} and every directory below it. */
    private void collectDirectories(Path dir, List<Path> out) throws IOException {
        out.add(dir);
        for (FileStatus s : store.fileIO().list(dir)) {
            if (s.isDirectory()) {
                collectDirectories(s.getPath(), out);
            }
        }
    }

    private List<ManifestFileMeta> readListOrEmpty(String name) throws IOException {
        try {
            return lists.read(name);
        } catch (FileNotFoundException e) {
            // Its snapshot was expired while we read: Paimon skips it too.
            return List.of();
        }
    }

    private List<Snapshot> changelogs(Path root) throws IOException {
        List<Snapshot> out = new ArrayList<>();
        for (FileStatus s : store.fileIO().list(new Path(root, "changelog"))) {
            String name = s.getPath().getName();
            if (name.startsWith("changelog-")) {
                try {
                    out.add(Snapshot.fromJson(store.fileIO().readUtf8(s.getPath()), s.getPath().toString()));
                } catch (FileNotFoundException e) {
                    // Expired meanwhile.
                }
            }
        }
        return out;
    }

    private UncheckedIOException failure(String what, IOException e) {
        return new UncheckedIOException("Orphan files of table " + store.location() + ": cannot " + what + ": "
                + e.getMessage(), e);
    }
}
