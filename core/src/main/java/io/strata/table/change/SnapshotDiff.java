package io.strata.table.change;

import io.strata.api.PublicApi;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which partitions changed between two snapshots of a table, read from the delta manifest lists of
 * every snapshot after the older one up to the newer one: a partition changed if any of those
 * snapshots added or removed one of its files. When a snapshot of the range (or one of its delta
 * manifests) is gone, as after snapshot expiration, the answer is empty and the caller must compare
 * whole snapshots instead.
 */
@PublicApi
public final class SnapshotDiff {

    private SnapshotDiff() {}

    /**
     * The partition directories (as {@link TablePaths#partitionPath}) whose files changed in snapshots
     * {@code (fromExclusive, toInclusive]}; empty when that history is no longer complete.
     *
     * @throws IllegalArgumentException if {@code fromExclusive > toInclusive}
     */
    public static Optional<Set<String>> changedPartitions(Table api, long fromExclusive, long toInclusive) {
        TableStore table = TableStore.of(api);
        if (fromExclusive > toInclusive) {
            throw new IllegalArgumentException("Table " + table.location() + ": cannot diff snapshot " + fromExclusive
                    + " to the older snapshot " + toInclusive);
        }
        SnapshotManager snapshots = table.snapshotManager();
        SnapshotFiles files = table.snapshotFiles();
        ManifestFile manifests = files.manifestFile(Long.MAX_VALUE);
        Set<String> changed = new TreeSet<>();
        for (long id = fromExclusive + 1; id <= toInclusive; id++) {
            if (!snapshots.snapshotExists(id)) {
                return Optional.empty();
            }
            try {
                Snapshot snapshot = snapshots.snapshot(id);
                for (ManifestFileMeta meta : files.manifestList().read(snapshot.deltaManifestList())) {
                    for (ManifestEntry entry : manifests.read(meta.fileName())) {
                        changed.add(table.paths().partitionPath(entry.partition()));
                    }
                }
            } catch (FileNotFoundException e) {
                // Expired between the existence check and the read: the history is incomplete.
                return Optional.empty();
            } catch (IOException e) {
                if (!snapshots.snapshotExists(id)) {
                    return Optional.empty();
                }
                throw new UncheckedIOException("Cannot read the delta of snapshot " + id + " of table "
                        + table.location() + ": " + e.getMessage(), e);
            } catch (RuntimeException e) {
                // snapshot(id) fails when the file vanished after the check (expiration racing us).
                if (!snapshots.snapshotExists(id)) {
                    return Optional.empty();
                }
                throw e;
            }
        }
        return Optional.of(changed);
    }
}
