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
import io.strata.table.RemoveOrphanFiles;
import io.strata.table.TablePaths;
import io.strata.table.store.TableStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/** The implementation of {@link RemoveOrphanFiles}. */
public final class OrphanFileRemoval implements RemoveOrphanFiles {

    private final TableStore store;
    private final Instant olderThan;

    /** Files older than a day by the table's {@link TableStore#clock() clock}. */
    public OrphanFileRemoval(TableStore store) {
        this(store, store.clock().instant().minus(Duration.ofDays(1)));
    }

    private OrphanFileRemoval(TableStore store, Instant olderThan) {
        this.store = store;
        this.olderThan = olderThan;
    }

    @Override
    public RemoveOrphanFiles olderThan(Instant time) {
        if (!time.isBefore(store.clock().instant())) {
            throw new IllegalArgumentException("Orphan files of table " + store.location() + ": olderThan " + time
                    + " must be in the past, or files being written now would be deleted");
        }
        return new OrphanFileRemoval(store, time);
    }

    @Override
    public List<Path> list() {
        try {
            return orphans();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list the orphan files of table " + store.location() + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public List<Path> execute() {
        List<Path> orphans = list();
        List<Path> deleted = new ArrayList<>();
        SnapshotReferences references = new SnapshotReferences(store.fileIO(), store.paths(), store.schema());
        Set<Path> dirs = new HashSet<>();
        for (Path p : orphans) {
            references.delete(p, deleted);
            if (p.getParent().getName().startsWith("bucket-")
                    || p.getParent().getParent().getName().equals(TablePaths.STAGING_DIRECTORY)) {
                dirs.add(p.getParent());
            }
        }
        references.deleteEmptyDirectories(dirs);
        return deleted;
    }

    private List<Path> orphans() throws IOException {
        FileIO io = store.fileIO();
        Path root = store.location();
        List<FileStatus> candidates = new ArrayList<>();
        for (FileStatus s : io.list(new Path(root, "snapshot"))) {
            String name = s.getPath().getName();
            if (!name.startsWith("snapshot-") && !name.equals("EARLIEST") && !name.equals("LATEST")) {
                candidates.add(s);
            }
        }
        for (FileStatus s : io.list(new Path(root, "changelog"))) {
            String name = s.getPath().getName();
            if (!name.startsWith("changelog-") && !name.equals("EARLIEST") && !name.equals("LATEST")) {
                candidates.add(s);
            }
        }
        List<Path> dirs = new ArrayList<>(List.of(new Path(root, "manifest"), new Path(root, "index"),
                new Path(root, "statistics")));
        collectBucketDirectories(root, store.schema().partitionKeys().size(), dirs);
        for (Path dir : dirs) {
            candidates.addAll(List.of(io.list(dir)));
        }
        // What killed distributed jobs staged (one directory per job): nothing there is ever referenced.
        List<FileStatus> staged = new ArrayList<>();
        for (FileStatus job : io.list(store.paths().stagingDirectory())) {
            if (job.isDirectory()) {
                staged.addAll(List.of(io.list(job.getPath())));
            }
        }
        // Read what is used only after listing: a file committed meanwhile is then seen as used.
        Set<String> used = usedFileNames();
        List<Path> orphans = new ArrayList<>();
        for (FileStatus s : candidates) {
            if (s.isFile() && s.getModificationTime() < olderThan.toEpochMilli()
                    && (isSnapshotDirectoryFile(s) || !used.contains(s.getPath().getName()))) {
                orphans.add(s.getPath());
            }
        }
        for (FileStatus s : staged) {
            if (s.isFile() && s.getModificationTime() < olderThan.toEpochMilli()) {
                orphans.add(s.getPath());
            }
        }
        orphans.sort(null);
        return orphans;
    }

    private static boolean isSnapshotDirectoryFile(FileStatus s) {
        String parent = s.getPath().getParent().getName();
        return parent.equals("snapshot") || parent.equals("changelog");
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

    /**
     * The names of every file referenced by a snapshot, tag or changelog of the table and of its
     * branches (their data lives in the main tree). A file that cannot be read fails the whole run:
     * a partial set would make used files look orphaned.
     */
    private Set<String> usedFileNames() throws IOException {
        List<Path> roots = new ArrayList<>(List.of(store.location()));
        for (FileStatus s : store.fileIO().list(new Path(store.location(), "branch"))) {
            if (s.isDirectory() && s.getPath().getName().startsWith("branch-")) {
                roots.add(s.getPath());
            }
        }
        FileIO io = store.fileIO();
        Path manifestDir = store.paths().manifestDirectory();
        MetadataFileNames names = new MetadataFileNames();
        ManifestList lists = new ManifestList(io, manifestDir, names);
        ManifestFile manifests = new ManifestFile(io, manifestDir, store.schema().partitionType(), Long.MAX_VALUE, names);
        IndexManifestFile indexManifests = new IndexManifestFile(io, manifestDir, names);
        Set<String> used = new HashSet<>();
        Set<String> manifestNames = new HashSet<>();
        for (Path root : roots) {
            List<Snapshot> all = new ArrayList<>();
            SnapshotManager snapshots = new SnapshotManager(io, root);
            for (long id : snapshots.listIds()) {
                snapshots.snapshotIfExists(id).ifPresent(all::add);
            }
            all.addAll(new TagManager(io, root).taggedSnapshots());
            all.addAll(changelogs(root));
            for (Snapshot s : all) {
                for (String list : new String[] {s.baseManifestList(), s.deltaManifestList(), s.changelogManifestList()}) {
                    if (list == null) {
                        continue;
                    }
                    used.add(list);
                    for (ManifestFileMeta meta : readListOrEmpty(lists, list)) {
                        manifestNames.add(meta.fileName());
                    }
                }
                if (s.indexManifest() != null) {
                    used.add(s.indexManifest());
                    try {
                        for (IndexManifestEntry e : indexManifests.read(s.indexManifest())) {
                            used.add(e.indexFile().fileName());
                        }
                    } catch (FileNotFoundException e) {
                        // Expired meanwhile, with its snapshot.
                    }
                }
                if (s.statistics() != null) {
                    used.add(s.statistics());
                }
            }
        }
        used.addAll(manifestNames);
        for (String manifest : manifestNames) {
            List<ManifestEntry> entries;
            try {
                entries = manifests.read(manifest);
            } catch (FileNotFoundException e) {
                continue;
            }
            for (ManifestEntry e : entries) {
                used.add(e.file().fileName());
                used.addAll(e.file().extraFiles());
            }
        }
        return used;
    }

    private static List<ManifestFileMeta> readListOrEmpty(ManifestList lists, String name) throws IOException {
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
}
