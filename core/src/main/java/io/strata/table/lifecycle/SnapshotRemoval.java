package io.strata.table.lifecycle;

import io.strata.manifest.FileSource;
import io.strata.manifest.ManifestEntry;
import io.strata.schema.ChangelogProducer;
import io.strata.schema.LifecycleOptions;
import io.strata.schema.TableOptions;
import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.TagManager;
import io.strata.table.ExpireSnapshots;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes the snapshots an expiration planned, and the files only they referenced, in Paimon 1.4.2's
 * deletion order; {@link ExpireSnapshots} is the action that plans and runs it.
 *
 * <p>Which: what {@link ExpireSnapshots.Plan} plans (the same plan a dry run previews): the snapshots
 * from the earliest up to (excluding) an end snapshot, bounded by retain-min, retain-max, consumers,
 * max-deletes and the age cutoff.
 *
 * <p>Order, so that a crash at any point leaves every snapshot that is still listed whole, and whatever
 * it did not get to delete an orphan that orphan removal finds: first the snapshot files, oldest first,
 * and the EARLIEST hint (the snapshots were read before, so what they reference is known); then the
 * data files that the deltas of snapshots (begin, end] removed, unless the nearest earlier tag still
 * holds them; then the changelog files of the expired snapshots; then the manifests, manifest lists,
 * index manifests and index (deletion-vector) files that neither the end snapshot nor a tag in the
 * range needs. A file removed by snapshot s is not live in s or later (file names are never reused), so
 * every retained snapshot stays whole. (Paimon 1.4.2 deletes the snapshot files last: a crash there left
 * listed snapshots whose manifests were gone, which Strata's crash trials found.)
 *
 * <p>When changelogs outlive snapshots ({@link LifecycleOptions#changelogDecoupled}), each expired
 * snapshot is first written to {@code changelog/changelog-N}, its changelog files and changelog
 * manifest list stay, and without a changelog producer (the changelog is then the delta) so do its base
 * and delta manifest lists and the APPEND-source data files that later deltas removed;
 * {@link ChangelogExpiration} removes them when the changelog expires.
 */
final class SnapshotRemoval {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotRemoval.class);

    private final SnapshotReferences references;
    private final SnapshotManager snapshots;
    private final TagManager tags;
    private final boolean cleanEmptyDirectories;
    /** Changelogs outlive snapshots: expired snapshots leave {@code changelog-N} and their changelog behind. */
    private final boolean changelogDecoupled;
    /** The table has a changelog producer; without one, a kept changelog is read from the snapshot's delta. */
    private final boolean produceChangelog;
    private final ChangelogManager changelogs;

    SnapshotRemoval(SnapshotReferences references, Map<String, String> options) {
        this.references = references;
        Path root = references.paths().root();
        this.snapshots = new SnapshotManager(references.io(), root);
        this.tags = new TagManager(references.io(), root);
        this.cleanEmptyDirectories = LifecycleOptions.SNAPSHOT_CLEAN_EMPTY_DIRECTORIES.get(options);
        this.changelogDecoupled = LifecycleOptions.changelogDecoupled(options);
        this.produceChangelog = TableOptions.CHANGELOG_PRODUCER.get(options) != ChangelogProducer.NONE;
        this.changelogs = new ChangelogManager(references.io(), root);
    }

    /** Expires what the rules allow ({@link ExpireSnapshots.Plan}); see the class comment. */
    ExpireSnapshots.Result expire(ExpireSnapshots.Plan plan) {
        return plan.earliest() < 0 ? ExpireSnapshots.Result.NONE : expireUntil(plan.earliest(), plan.endExclusive());
    }

    /** Expires the snapshots in [earliest, endExclusive). */
    ExpireSnapshots.Result expireUntil(long earliest, long endExclusive) {
        if (endExclusive <= earliest) {
            return ExpireSnapshots.Result.NONE;
        }
        List<Snapshot> including = new ArrayList<>();
        for (long id = earliest; id <= endExclusive; id++) {
            snapshots.snapshotIfExists(id).ifPresent(including::add);
        }
        if (including.isEmpty()) {
            return ExpireSnapshots.Result.NONE;
        }
        Snapshot end = including.get(including.size() - 1);
        List<Snapshot> expiring = including.stream().filter(s -> s.id() != endExclusive).toList();
        long begin = including.get(0).id();
        List<Snapshot> tagged = tags.taggedSnapshots();
        List<Path> deleted = new ArrayList<>();
        List<Long> expired = new ArrayList<>();
        if (end.id() == endExclusive) {
            for (Snapshot s : expiring) {
                if (changelogDecoupled) {
                    // The same JSON under changelog/, written before the snapshot file goes: never neither.
                    changelogs.commit(s);
                }
                snapshots.deleteSnapshot(s.id());
                expired.add(s.id());
            }
            snapshots.commitEarliestHint(endExclusive);
        }

        deleteRemovedDataFiles(including, begin, tagged, deleted);
        // Kept changelogs keep their changelog files; ChangelogExpiration deletes them later.
        for (Snapshot s : changelogDecoupled ? List.<Snapshot>of() : expiring) {
            try {
                for (ManifestEntry e : references.addedChangelogFiles(s)) {
                    references.dataFilePaths(e).forEach(p -> references.delete(p, deleted));
                }
            } catch (IOException e) {
                LOG.warn("Skipping changelog files of snapshot {} of {}: {}", s.id(), references.paths().root(), e.toString());
            }
        }
        if (cleanEmptyDirectories) {
            Set<Path> dirs = new HashSet<>();
            for (Path p : deleted) {
                dirs.add(p.getParent());
            }
            references.deleteEmptyDirectories(dirs);
        }
        if (end.id() != endExclusive) {
            // The end snapshot is gone (another expiration or a rollback ran): stop before metadata.
            return new ExpireSnapshots.Result(List.of(), deleted);
        }
        Set<String> keep = new HashSet<>();
        try {
            for (Snapshot s : tagsOverlapping(tagged, begin, endExclusive)) {
                keep.addAll(references.metadataFiles(s));
            }
            keep.addAll(references.metadataFiles(end));
        } catch (IOException e) {
            LOG.warn("Not deleting manifests of {}: cannot read what retained snapshots need: {}",
                    references.paths().root(), e.toString());
            keep = null;
        }
        if (keep != null) {
            for (Snapshot s : expiring) {
                try {
                    // A kept changelog keeps its changelog manifest list, and without a changelog producer
                    // also its base and delta lists (it is read from its delta).
                    boolean dataLists = !changelogDecoupled || produceChangelog;
                    for (Path p : references.unusedMetadataFiles(s, keep, dataLists, !changelogDecoupled)) {
                        references.delete(p, deleted);
                    }
                } catch (IOException e) {
                    LOG.warn("Skipping manifests of snapshot {} of {}: {}", s.id(), references.paths().root(), e.toString());
                }
            }
        }
        LOG.info("Expired snapshots [{}, {}) of {}: {} files deleted", begin, endExclusive,
                references.paths().root(), deleted.size());
        return new ExpireSnapshots.Result(expired, deleted);
    }

    /**
     * Data files removed by the deltas of snapshots (begin, end]: a file the delta of s removed is
     * live in s-1 and earlier only, so only the nearest tag before s can still hold it.
     */
    private void deleteRemovedDataFiles(List<Snapshot> including, long begin, List<Snapshot> tagged, List<Path> deleted) {
        Map<Long, Set<SnapshotReferences.DataFileKey>> tagFiles = new HashMap<>();
        for (Snapshot s : including) {
            if (s.id() == begin) {
                continue;
            }
            Set<SnapshotReferences.DataFileKey> skip = Set.of();
            Snapshot previousTag = null;
            for (Snapshot t : tagged) {
                if (t.id() < s.id()) {
                    previousTag = t;
                }
            }
            try {
                if (previousTag != null) {
                    Snapshot tag = previousTag;
                    if (!tagFiles.containsKey(tag.id())) {
                        tagFiles.clear();
                        tagFiles.put(tag.id(), references.liveDataFiles(tag));
                    }
                    skip = tagFiles.get(tag.id());
                }
                for (Map.Entry<SnapshotReferences.DataFileKey, ManifestEntry> e : references.removedByDelta(s).entrySet()) {
                    if (!skip.contains(e.getKey()) && !keptAsChangelog(e.getValue())) {
                        references.dataFilePaths(e.getValue()).forEach(p -> references.delete(p, deleted));
                    }
                }
            } catch (IOException e) {
                LOG.warn("Skipping data files removed by snapshot {} of {}: {}", s.id(), references.paths().root(),
                        e.toString());
            }
        }
    }

    /**
     * Without a changelog producer a kept changelog is the delta of its snapshot: files written from
     * incoming rows (source APPEND, or unknown in old files) stay until their changelog expires.
     */
    private boolean keptAsChangelog(ManifestEntry entry) {
        return changelogDecoupled && !produceChangelog
                && (entry.file().fileSource() == null || entry.file().fileSource() == FileSource.APPEND);
    }

    /** The tags from the nearest one at or before {@code begin} up to the last one before {@code end}. */
    static List<Snapshot> tagsOverlapping(List<Snapshot> tagged, long begin, long end) {
        int right = -1;
        int left = 0;
        for (int i = 0; i < tagged.size(); i++) {
            if (tagged.get(i).id() < end) {
                right = i;
            }
            if (tagged.get(i).id() <= begin) {
                left = i;
            }
        }
        return right < 0 ? List.of() : tagged.subList(left, right + 1);
    }
}
