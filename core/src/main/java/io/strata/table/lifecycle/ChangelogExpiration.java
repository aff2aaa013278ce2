package io.strata.table.lifecycle;

import io.strata.manifest.ManifestEntry;
import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.ConsumerManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.TagManager;
import io.strata.table.ExpireSnapshots;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Expires the kept changelogs ({@code changelog/changelog-N}) of a table whose changelogs outlive its
 * snapshots, with Paimon 1.4.2's rules: counted against the latest snapshot, at least
 * {@code changelog.num-retained.min} and at most {@code changelog.num-retained.max} are kept, none a
 * consumer still needs, none younger than {@code changelog.time-retained}, at most
 * {@code snapshot.expire.limit} at a time, and never the newest kept changelog.
 *
 * <p>For each expiring changelog: its changelog files (or, without a changelog producer, the data
 * files its delta removed, unless the nearest earlier tag holds them), then its manifest lists and
 * manifests that neither the end changelog, the earliest snapshot nor an overlapping tag needs, then
 * the changelog file; last the EARLIEST hint.
 */
final class ChangelogExpiration {

    private static final Logger LOG = LoggerFactory.getLogger(ChangelogExpiration.class);

    private final SnapshotReferences references;
    private final SnapshotManager snapshots;
    private final ChangelogManager changelogs;
    private final TagManager tags;
    private final ConsumerManager consumers;
    private final Map<String, String> options;

    ChangelogExpiration(SnapshotReferences references, Map<String, String> options) {
        this.references = references;
        Path root = references.paths().root();
        this.snapshots = new SnapshotManager(references.io(), root);
        this.changelogs = new ChangelogManager(references.io(), root);
        this.tags = new TagManager(references.io(), root);
        this.consumers = new ConsumerManager(references.io(), root);
        this.options = options;
    }

    /** Expires what the table's {@code changelog.*} options allow, as of {@code now}. */
    ExpireSnapshots.Result expire(Instant now) {
        int retainMin = LifecycleOptions.changelogRetainMin(options);
        int retainMax = LifecycleOptions.changelogRetainMax(options);
        int maxDeletes = LifecycleOptions.SNAPSHOT_EXPIRE_LIMIT.get(options);
        long olderThan = now.minus(LifecycleOptions.changelogTimeRetained(options)).toEpochMilli();
        Long latestSnapshot = snapshots.latestSnapshotId();
        Long earliestSnapshot = snapshots.earliestSnapshotId();
        Long latestChangelog = changelogs.latestId();
        Long earliestChangelog = changelogs.earliestId();
        if (latestSnapshot == null || earliestSnapshot == null || latestChangelog == null || earliestChangelog == null) {
            return ExpireSnapshots.Result.NONE;
        }
        long min = Math.max(latestSnapshot - retainMax + 1, earliestChangelog);
        long maxExclusive = latestSnapshot - retainMin + 1;
        maxExclusive = Math.min(maxExclusive, consumers.minNextSnapshot().orElse(Long.MAX_VALUE));
        maxExclusive = Math.min(maxExclusive, earliestChangelog + maxDeletes);
        // The newest kept changelog stays: it bounds what the expired ones may share with it.
        maxExclusive = Math.min(maxExclusive, latestChangelog);
        for (long id = min; id <= maxExclusive; id++) {
            Optional<Snapshot> c = changelogs.changelog(id);
            if (c.isPresent() && olderThan <= c.get().timeMillis()) {
                return expireUntil(earliestChangelog, id, earliestSnapshot);
            }
        }
        return expireUntil(earliestChangelog, maxExclusive, earliestSnapshot);
    }

    private ExpireSnapshots.Result expireUntil(long earliest, long endExclusive, long earliestSnapshotId) {
        if (endExclusive <= earliest) {
            return ExpireSnapshots.Result.NONE;
        }
        List<Snapshot> tagged = tags.taggedSnapshots();
        Set<String> keep = new HashSet<>();
        try {
            List<Snapshot> skipping = new ArrayList<>(SnapshotRemoval.tagsOverlapping(tagged, earliest, endExclusive));
            changelogs.changelog(endExclusive).or(() -> snapshots.snapshotIfExists(endExclusive)).ifPresent(skipping::add);
            snapshots.snapshotIfExists(earliestSnapshotId).ifPresent(skipping::add);
            for (Snapshot s : skipping) {
                keep.addAll(references.metadataFilesPresent(s));
            }
        } catch (IOException e) {
            LOG.warn("Not expiring changelogs of {}: cannot read what retained snapshots need: {}",
                    references.paths().root(), e.toString());
            return ExpireSnapshots.Result.NONE;
        }
        List<Path> deleted = new ArrayList<>();
        List<Long> expired = new ArrayList<>();
        for (long id = earliest; id < endExclusive; id++) {
            Optional<Snapshot> found = changelogs.changelog(id);
            if (found.isEmpty()) {
                continue;
            }
            Snapshot changelog = found.get();
            try {
                deleteDataFiles(changelog, tagged, deleted);
                if (changelog.changelogManifestList() != null) {
                    deleteAll(references.unusedListFiles(changelog.changelogManifestList(), keep), keep, deleted);
                } else {
                    deleteAll(references.unusedListFiles(changelog.deltaManifestList(), keep), keep, deleted);
                    deleteAll(references.unusedListFiles(changelog.baseManifestList(), keep), keep, deleted);
                }
            } catch (IOException e) {
                LOG.warn("Skipping the files of changelog {} of {}: {}", id, references.paths().root(), e.toString());
                continue;
            }
            changelogs.delete(id);
            expired.add(id);
        }
        if (LifecycleOptions.SNAPSHOT_CLEAN_EMPTY_DIRECTORIES.get(options)) {
            Set<Path> dirs = new HashSet<>();
            for (Path p : deleted) {
                dirs.add(p.getParent());
            }
            references.deleteEmptyDirectories(dirs);
        }
        changelogs.commitEarliestHint(endExclusive);
        LOG.info("Expired changelogs [{}, {}) of {}: {} files deleted", earliest, endExclusive,
                references.paths().root(), deleted.size());
        return new ExpireSnapshots.Result(List.of(), deleted, expired);
    }

    /** Changelog files, or without them the files the delta removed (unless the nearest earlier tag holds them). */
    private void deleteDataFiles(Snapshot changelog, List<Snapshot> tagged, List<Path> deleted) throws IOException {
        if (changelog.changelogManifestList() != null) {
            for (ManifestEntry e : references.addedFiles(changelog.changelogManifestList())) {
                references.dataFilePaths(e).forEach(p -> references.delete(p, deleted));
            }
            return;
        }
        if (!references.listExists(changelog.deltaManifestList())) {
            return;
        }
        Snapshot previousTag = null;
        for (Snapshot t : tagged) {
            if (t.id() < changelog.id()) {
                previousTag = t;
            }
        }
        Set<SnapshotReferences.DataFileKey> tagFiles = previousTag == null ? Set.of() : references.liveDataFiles(previousTag);
        for (Map.Entry<SnapshotReferences.DataFileKey, ManifestEntry> e : references.removedByDelta(changelog).entrySet()) {
            if (!tagFiles.contains(e.getKey())) {
                references.dataFilePaths(e.getValue()).forEach(p -> references.delete(p, deleted));
            }
        }
    }

    private void deleteAll(List<Path> files, Set<String> keep, List<Path> deleted) {
        for (Path p : files) {
            // Shared by several expiring changelogs: the first deletes it, the others must not look again.
            keep.add(p.getName());
            references.delete(p, deleted);
        }
    }
}
