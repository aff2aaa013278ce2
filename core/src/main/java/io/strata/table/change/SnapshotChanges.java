package io.strata.table.change;

import io.strata.manifest.DataFileMeta;
import io.strata.manifest.FileKind;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.manifest.ManifestList;
import io.strata.schema.ChangelogProducer;
import io.strata.schema.TableOptions;
import io.strata.snapshot.ChangelogManager;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.table.ChangeSplit;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.source.SnapshotScan;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What each snapshot contributes to incremental and streaming reads, with Paimon 1.4.2's rules: a
 * table with a changelog producer is read from the changelog files of every snapshot that has some
 * (APPEND and COMPACT alike; input changelogs come with APPEND snapshots, lookup and full-compaction
 * ones with COMPACT snapshots); a table without one from the data files that APPEND snapshots added
 * (COMPACT and OVERWRITE snapshots only rewrite what is there). A snapshot that has expired is read
 * from its kept changelog ({@code changelog/changelog-N}) when the table keeps changelogs longer.
 */
final class SnapshotChanges {

    private final TableStore store;
    private final ChangelogManager changelogs;
    private final ChangeSplit.Source source;

    SnapshotChanges(TableStore store) {
        this(store, sourceOf(store));
    }

    /** Reads {@code source} (DELTA or CHANGELOG) whatever the table's producer, as a scan mode may ask. */
    SnapshotChanges(TableStore store, ChangeSplit.Source source) {
        if (source == ChangeSplit.Source.FULL || source == ChangeSplit.Source.DIFF) {
            throw new IllegalArgumentException(source + " is not a source of the changes of one snapshot");
        }
        this.store = store;
        this.changelogs = new ChangelogManager(store.fileIO(), store.location());
        this.source = source;
    }

    /** Changelog files where the table has a changelog producer, else the delta. */
    static ChangeSplit.Source sourceOf(TableStore store) {
        boolean primaryKey = !store.schema().primaryKeys().isEmpty();
        ChangelogProducer producer = store.schema().tableOptions().changelogProducer();
        return primaryKey && producer != ChangelogProducer.NONE ? ChangeSplit.Source.CHANGELOG : ChangeSplit.Source.DELTA;
    }

    ChangeSplit.Source source() {
        return source;
    }

    /** Snapshot {@code id}, or its kept changelog once the snapshot expired; empty if neither is there. */
    Optional<Snapshot> snapshotOrChangelog(long id) {
        Optional<Snapshot> snapshot = store.snapshotManager().snapshotIfExists(id);
        return snapshot.isPresent() ? snapshot : changelogs.changelog(id);
    }

    /** Whether reads of changes read anything from this snapshot. */
    boolean contributes(Snapshot snapshot) {
        return switch (source) {
            case CHANGELOG -> snapshot.changelogManifestList() != null && snapshot.commitKind() != CommitKind.OVERWRITE;
            case DELTA -> snapshot.commitKind() == CommitKind.APPEND;
            case FULL, DIFF -> throw new IllegalStateException(source + " is not a source of the changes of one snapshot");
        };
    }

    /** The splits of the changes one snapshot made (none if it {@link #contributes} nothing). */
    List<ChangeSplit> changes(Snapshot snapshot) throws IOException {
        if (!contributes(snapshot)) {
            return List.of();
        }
        String list = source == ChangeSplit.Source.CHANGELOG ? snapshot.changelogManifestList()
                : snapshot.deltaManifestList();
        SnapshotFiles files = store.snapshotFiles();
        ManifestList lists = files.manifestList();
        ManifestFile manifests = files.manifestFile(Long.MAX_VALUE);
        Map<SnapshotFiles.BucketKey, List<ManifestEntry>> byBucket = new LinkedHashMap<>();
        try {
            for (ManifestFileMeta meta : lists.read(list)) {
                for (ManifestEntry e : manifests.read(meta.fileName())) {
                    // A delta also lists the files an APPEND commit replaced; only what it added is new.
                    if (e.kind() == FileKind.ADD && !e.postponed()) {
                        byBucket.computeIfAbsent(new SnapshotFiles.BucketKey(e.partition(), e.bucket()),
                                k -> new ArrayList<>()).add(e);
                    }
                }
            }
        } catch (FileNotFoundException e) {
            throw new IllegalStateException("Table " + store.location() + ": the " + source.name().toLowerCase()
                    + " of snapshot " + snapshot.id() + " is no longer readable (" + e.getMessage()
                    + "); it expired without a kept changelog", e);
        }
        List<ChangeSplit> splits = new ArrayList<>();
        for (Map.Entry<SnapshotFiles.BucketKey, List<ManifestEntry>> b : byBucket.entrySet()) {
            List<DataFileMeta> metas = new ArrayList<>();
            for (ManifestEntry e : b.getValue()) {
                metas.add(e.file());
            }
            ManifestEntry first = b.getValue().get(0);
            splits.add(new ChangeSplit(snapshot.id(), source, first.partition(), first.bucket(), first.totalBuckets(),
                    metas, List.of()));
        }
        return splits;
    }

    /**
     * The full state of a snapshot, as Paimon's streaming start reads it: with a lookup producer
     * without level 0 and with a full-compaction producer only the top level, because the rows of the
     * other files will still arrive as changelog of a later compaction.
     */
    List<ChangeSplit> full(Snapshot snapshot) {
        Plan plan = new SnapshotScan(store).asOfSnapshot(snapshot.id()).plan();
        TableOptions options = store.schema().tableOptions();
        boolean primaryKey = !store.schema().primaryKeys().isEmpty();
        ChangelogProducer producer = options.changelogProducer();
        int topLevel = options.numLevels() - 1;
        List<ChangeSplit> splits = new ArrayList<>();
        for (Split s : plan.splits()) {
            List<DataFileMeta> kept = new ArrayList<>();
            for (DataFileMeta f : s.files()) {
                boolean keep = !primaryKey || switch (producer) {
                    case LOOKUP -> f.level() > 0;
                    case FULL_COMPACTION -> f.level() == topLevel;
                    case NONE, INPUT -> true;
                };
                if (keep) {
                    kept.add(f);
                }
            }
            if (!kept.isEmpty()) {
                splits.add(new ChangeSplit(snapshot.id(), ChangeSplit.Source.FULL, s.partition(), s.bucket(),
                        s.totalBuckets(), kept, s.deletionIndexFiles()));
            }
        }
        return splits;
    }
}
