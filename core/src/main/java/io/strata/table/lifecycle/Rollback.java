package io.strata.table.lifecycle;

import io.strata.manifest.ManifestEntry;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.Tag;
import io.strata.snapshot.TagManager;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolls a table back to a snapshot or a tag, in Paimon's order: the LATEST hint first, then the later
 * snapshot files from the newest down (a crash leaves a shorter but whole history), then the tags of
 * later snapshots. A rollback to a tag whose snapshot has expired writes the tag back as that
 * snapshot. Beyond Paimon 1.4.2 (which leaves them to orphan-file removal), the files only the removed
 * snapshots referenced are then deleted: their snapshots are gone, so this order can only leave
 * orphans. Snapshots up to the target keep every file.
 */
public final class Rollback {

    private static final Logger LOG = LoggerFactory.getLogger(Rollback.class);

    private final TableStore store;
    private final SnapshotManager snapshots;
    private final TagManager tags;

    public Rollback(TableStore store) {
        this.store = store;
        this.snapshots = store.snapshotManager();
        this.tags = store.tagManager();
    }

    public void toSnapshot(long id) {
        Optional<Snapshot> target = snapshots.snapshotIfExists(id);
        if (target.isPresent()) {
            removeLaterThan(target.get());
            return;
        }
        for (Tag tag : tags.tags()) {
            if (tag.snapshot().id() == id) {
                toTag(tag.name());
                return;
            }
        }
        throw new IllegalArgumentException("Cannot roll back table " + store.location() + " to snapshot " + id
                + ": it does not exist (expired, or never committed) and no tag holds it");
    }

    public void toTag(String name) {
        Snapshot tagged = tags.tag(name).orElseThrow(() -> new IllegalArgumentException(
                "Cannot roll back table " + store.location() + ": it has no tag '" + name + "'"));
        removeLaterThan(tagged);
        if (!snapshots.snapshotExists(tagged.id())) {
            Path path = snapshots.snapshotPath(tagged.id());
            try {
                store.fileIO().writeNew(path, tagged.toJson().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write snapshot file " + path + " from tag '" + name
                        + "': " + e.getMessage(), e);
            }
            snapshots.commitEarliestHint(tagged.id());
            snapshots.commitLatestHint(tagged.id());
        }
    }

    private void removeLaterThan(Snapshot retained) {
        Long earliest = snapshots.earliestSnapshotId();
        Long latest = snapshots.latestSnapshotId();
        List<Snapshot> removed = new ArrayList<>();
        if (earliest != null && latest != null) {
            for (long id = Math.max(earliest, retained.id() + 1); id <= latest; id++) {
                snapshots.snapshotIfExists(id).ifPresent(removed::add);
            }
        }
        snapshots.commitLatestHint(retained.id());
        for (int i = removed.size() - 1; i >= 0; i--) {
            snapshots.deleteSnapshot(removed.get(i).id());
        }
        Map<Long, Snapshot> removedTags = new LinkedHashMap<>();
        for (Tag tag : tags.tags()) {
            if (tag.snapshot().id() > retained.id()) {
                tags.deleteTagFile(tag.name());
                removedTags.putIfAbsent(tag.snapshot().id(), tag.snapshot());
            }
        }
        deleteFilesOnlyLaterSnapshotsHeld(retained, removed, removedTags.values());
    }

    /**
     * Files added after {@code retained}: by the removed snapshots' deltas, or still live in the newest
     * removed snapshot or tag. Any that the retained snapshot does not reference is unreachable now.
     */
    private void deleteFilesOnlyLaterSnapshotsHeld(Snapshot retained, List<Snapshot> removed,
            Collection<Snapshot> removedTags) {
        if (removed.isEmpty() && removedTags.isEmpty()) {
            return;
        }
        SnapshotReferences references = new SnapshotReferences(store.fileIO(), store.paths(), store.schema());
        List<Path> deleted = new ArrayList<>();
        try {
            Set<SnapshotReferences.DataFileKey> keep = references.liveDataFiles(retained);
            Set<String> keepMetadata = references.metadataFiles(retained);
            List<Snapshot> gone = new ArrayList<>(removed);
            gone.addAll(removedTags);
            Set<SnapshotReferences.DataFileKey> seen = new HashSet<>();
            List<ManifestEntry> candidates = new ArrayList<>();
            for (Snapshot s : gone) {
                candidates.addAll(references.addedByDelta(s));
                candidates.addAll(references.addedChangelogFiles(s));
            }
            if (!removed.isEmpty()) {
                candidates.addAll(references.liveEntries(removed.get(removed.size() - 1)));
            }
            for (ManifestEntry e : candidates) {
                SnapshotReferences.DataFileKey key = SnapshotReferences.key(e);
                if (!keep.contains(key) && seen.add(key)) {
                    references.dataFilePaths(e).forEach(p -> references.delete(p, deleted));
                }
            }
            for (Snapshot s : gone) {
                for (Path p : references.unusedMetadataFiles(s, keepMetadata, true)) {
                    references.delete(p, deleted);
                }
            }
        } catch (IOException e) {
            LOG.warn("Rolled back {} to snapshot {}; later files stay as orphans: {}", store.location(), retained.id(),
                    e.toString());
        }
        LOG.info("Rolled back {} to snapshot {}: removed {} snapshots, deleted {} files", store.location(),
                retained.id(), removed.size(), deleted.size());
    }
}
