package io.strata.table.commit;

import io.strata.manifest.FileKind;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.store.SnapshotFiles;
import java.io.IOException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The live data files of the latest snapshot, kept up to date across the attempts of one commit.
 *
 * <p>A commit that deletes files checks before each attempt that they are still live. Reading every
 * manifest of the latest snapshot each time made an attempt of a compaction last longer than the gap
 * between two commits of busy writers, so it lost every race (issue 15). The first attempt reads them
 * all; a later one applies only the delta manifests of the snapshots committed since, which is exact:
 * the base of snapshot N+1 is the base of N with the delta of N merged in. When that chain is broken (a
 * snapshot expired or rolled back meanwhile) the files are read in full again.
 */
final class LiveFiles {

    private final SnapshotManager snapshots;
    private final SnapshotFiles snapshotFiles;
    private Map<ManifestEntry.Identifier, ManifestEntry> live;
    private Snapshot at;

    LiveFiles(SnapshotManager snapshots, SnapshotFiles snapshotFiles) {
        this.snapshots = snapshots;
        this.snapshotFiles = snapshotFiles;
    }

    /** The live entries of {@code latest}, by identifier (a view, valid until the next call). */
    Map<ManifestEntry.Identifier, ManifestEntry> of(Snapshot latest) throws IOException {
        if (live == null || !advanceTo(latest)) {
            live = new LinkedHashMap<>();
            for (ManifestEntry e : snapshotFiles.liveEntries(latest, null)) {
                live.put(e.identifier(), e);
            }
        }
        at = latest;
        return Collections.unmodifiableMap(live);
    }

    /** Applies the deltas of the snapshots after {@link #at} up to {@code latest}; false if the chain is broken. */
    private boolean advanceTo(Snapshot latest) throws IOException {
        if (latest.id() < at.id() || !sameSnapshot(snapshots.snapshotIfExists(at.id()), at)) {
            return false;
        }
        ManifestFile manifests = snapshotFiles.manifestFile(Long.MAX_VALUE);
        for (long id = at.id() + 1; id <= latest.id(); id++) {
            Optional<Snapshot> next = id == latest.id() ? Optional.of(latest) : snapshots.snapshotIfExists(id);
            if (next.isEmpty()) {
                return false;
            }
            for (ManifestFileMeta meta : snapshotFiles.manifestList().read(next.get().deltaManifestList())) {
                apply(manifests.read(meta.fileName()));
            }
        }
        return true;
    }

    private void apply(Collection<ManifestEntry> delta) {
        for (ManifestEntry e : delta) {
            if (e.kind() == FileKind.ADD) {
                live.put(e.identifier(), e);
            } else {
                live.remove(e.identifier());
            }
        }
    }

    /** Manifest list names are unique per commit: equal names mean the same snapshot, not one rolled back and retaken. */
    private static boolean sameSnapshot(Optional<Snapshot> found, Snapshot expected) {
        return found.isPresent() && found.get().deltaManifestList().equals(expected.deltaManifestList());
    }
}
