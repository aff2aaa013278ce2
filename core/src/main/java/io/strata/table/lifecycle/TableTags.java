package io.strata.table.lifecycle;

import io.strata.manifest.ManifestEntry;
import io.strata.schema.LifecycleOptions;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.snapshot.Tag;
import io.strata.snapshot.TagManager;
import io.strata.table.Tags;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The implementation of {@link Tags}. */
public final class TableTags implements Tags {

    private static final Logger LOG = LoggerFactory.getLogger(Tags.class);

    private final TableStore store;
    private final TagManager tags;
    private final SnapshotManager snapshots;

    public TableTags(TableStore store) {
        this.store = store;
        this.tags = store.tagManager();
        this.snapshots = store.snapshotManager();
    }

    @Override
    public List<Tag> list() {
        return tags.tags();
    }

    @Override
    public Optional<Tag> tag(String name) {
        return tags.tagInfo(name);
    }

    @Override
    public Tag create(String name) {
        Snapshot latest = snapshots.latestSnapshot().orElseThrow(() -> new IllegalStateException(
                "Cannot create tag '" + name + "': table " + store.location() + " has no snapshot"));
        return create(name, latest, defaultRetention());
    }

    @Override
    public Tag create(String name, long snapshotId) {
        return create(name, snapshotId, defaultRetention());
    }

    @Override
    public Tag create(String name, long snapshotId, Duration timeRetained) {
        return create(name, findSnapshot(snapshotId, name), timeRetained);
    }

    Tag create(String name, Snapshot snapshot, Duration timeRetained) {
        TagManager.checkName(name);
        if (timeRetained != null && (timeRetained.isNegative() || timeRetained.isZero())) {
            throw new IllegalArgumentException("Tag '" + name + "' of table " + store.location()
                    + ": retention must be positive, got " + timeRetained);
        }
        if (!tags.createTag(name, snapshot, timeRetained, LocalDateTime.now(store.clock()))) {
            throw new IllegalArgumentException("Tag '" + name + "' already exists in table " + store.location());
        }
        return tags.tagInfo(name).orElseThrow();
    }

    @Override
    public List<Path> delete(String name) {
        Tag tag = tags.tagInfo(name).orElseThrow(() -> new IllegalArgumentException(
                "Table " + store.location() + " has no tag '" + name + "'"));
        Snapshot tagged = tag.snapshot();
        if (snapshots.snapshotExists(tagged.id())) {
            tags.deleteTagFile(name);
            return List.of();
        }
        // Read every tag before the file goes: the neighbours decide what stays.
        List<Tag> all = tags.tags();
        tags.deleteTagFile(name);
        long sharing = all.stream().filter(t -> t.snapshot().id() == tagged.id()).count();
        if (sharing > 1) {
            return List.of();
        }
        List<Snapshot> taggedSnapshots = new ArrayList<>();
        for (Tag t : all) {
            if (taggedSnapshots.isEmpty() || taggedSnapshots.get(taggedSnapshots.size() - 1).id() != t.snapshot().id()) {
                taggedSnapshots.add(t.snapshot());
            }
        }
        return cleanFilesOnlyHeldBy(tagged, taggedSnapshots);
    }

    private List<Path> cleanFilesOnlyHeldBy(Snapshot tagged, List<Snapshot> taggedSnapshots) {
        List<Snapshot> neighbours = new ArrayList<>();
        int index = -1;
        for (int i = 0; i < taggedSnapshots.size(); i++) {
            if (taggedSnapshots.get(i).id() == tagged.id()) {
                index = i;
            }
        }
        if (index > 0) {
            neighbours.add(taggedSnapshots.get(index - 1));
        }
        Optional<Snapshot> earliest = Optional.ofNullable(snapshots.earliestSnapshotId()).flatMap(snapshots::snapshotIfExists);
        Snapshot right = earliest.orElse(null);
        if (index + 1 < taggedSnapshots.size()) {
            Snapshot rightTag = taggedSnapshots.get(index + 1);
            right = right == null || rightTag.id() < right.id() ? rightTag : right;
        }
        if (right != null) {
            neighbours.add(right);
        }
        SnapshotReferences references = new SnapshotReferences(store.fileIO(), store.paths(), store.schema());
        List<Path> deleted = new ArrayList<>();
        try {
            Set<SnapshotReferences.DataFileKey> keep = new HashSet<>();
            Set<String> keepMetadata = new HashSet<>();
            for (Snapshot s : neighbours) {
                keep.addAll(references.liveDataFiles(s));
                keepMetadata.addAll(references.metadataFiles(s));
            }
            for (ManifestEntry e : references.liveEntries(tagged)) {
                if (!keep.contains(SnapshotReferences.key(e))) {
                    references.dataFilePaths(e).forEach(p -> references.delete(p, deleted));
                }
            }
            // Changelog files are not a tag's: snapshot expiration handles them.
            for (Path p : references.unusedMetadataFiles(tagged, keepMetadata, false)) {
                references.delete(p, deleted);
            }
        } catch (IOException e) {
            LOG.warn("Tag of snapshot {} of {} deleted; its files stay as orphans: {}", tagged.id(), store.location(),
                    e.toString());
        }
        return deleted;
    }

    private Snapshot findSnapshot(long snapshotId, String tagName) {
        Optional<Snapshot> s = snapshots.snapshotIfExists(snapshotId);
        if (s.isPresent()) {
            return s.get();
        }
        for (Snapshot t : tags.taggedSnapshots()) {
            if (t.id() == snapshotId) {
                return t;
            }
        }
        throw new IllegalArgumentException("Cannot create tag '" + tagName + "': snapshot " + snapshotId
                + " of table " + store.location() + " does not exist");
    }

    private Duration defaultRetention() {
        return LifecycleOptions.TAG_DEFAULT_TIME_RETAINED.get(store.schema().options());
    }
}
