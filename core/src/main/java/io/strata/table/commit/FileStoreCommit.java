package io.strata.table.commit;

import io.strata.fs.FileIO;
import io.strata.manifest.FileKind;
import io.strata.manifest.IndexManifestEntries;
import io.strata.manifest.IndexManifestEntry;
import io.strata.manifest.IndexManifestFile;
import io.strata.manifest.ManifestEntry;
import io.strata.manifest.ManifestFile;
import io.strata.manifest.ManifestFileMeta;
import io.strata.manifest.ManifestList;
import io.strata.manifest.ManifestMerger;
import io.strata.manifest.MetadataFileNames;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.snapshot.SnapshotManager;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitConflictException;
import io.strata.table.CommitException;
import io.strata.table.CommitFailedException;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.TablePaths;
import io.strata.table.store.SnapshotFiles;
import io.strata.table.store.TableStore;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The commit protocol (docs/format.md section 14): write the changes as manifests, then for the latest
 * snapshot N write base and delta manifest lists and try to create {@code snapshot-(N+1)}; a writer that
 * loses the race re-reads, checks conflicts, recognises its own already-landed commit (same user,
 * identifier and kind), and retries.
 *
 * <p>Every commit ends in one of four ways (see {@link CommitException}): it lands; it fails, leaving
 * the table as it was and removing the metadata files it wrote ({@link CommitFailedException}); its
 * snapshot may or may not have landed ({@link CommitStateUnknownException}), and nothing is removed;
 * or it landed and a callback failed ({@link CommitCallbackException}). An error while creating the
 * snapshot file is not taken as a failure until the file is read back: a rename that took effect and
 * then threw must not cost a landed snapshot its files ({@link SnapshotPublisher}).
 *
 * <p>The writer's {@link CommitHooks} take part: the creation of {@code snapshot-(N+1)} (check that it
 * is absent, then create it) runs under the commit lock when there is one, and the callbacks run once
 * the snapshot landed.
 */
public final class FileStoreCommit {

    /** Paimon's commit identifier for batch writes and compactions (its {@code BatchWriteBuilder.COMMIT_IDENTIFIER}). */
    public static final long BATCH_COMMIT_IDENTIFIER = Long.MAX_VALUE;

    private static final Logger LOG = LoggerFactory.getLogger(FileStoreCommit.class);

    private final FileIO io;
    private final TablePaths paths;
    private final TableSchema schema;
    private final TableOptions options;
    private final SnapshotManager snapshots;
    private final SnapshotFiles snapshotFiles;
    private final CommitConflicts conflicts;
    private final String commitUser;
    private final CommitHooks hooks;
    private final Clock clock;
    private final MetadataFileNames names = new MetadataFileNames();
    private final CommitBackOff backOff;
    private final SnapshotPublisher publisher;

    public FileStoreCommit(TableStore store, String commitUser, CommitHooks hooks) {
        this.io = store.fileIO();
        this.paths = store.paths();
        this.schema = store.schema();
        this.options = schema.tableOptions();
        this.snapshots = store.snapshotManager();
        this.snapshotFiles = store.snapshotFiles();
        this.conflicts = new CommitConflicts(paths, schema, snapshotFiles);
        this.commitUser = commitUser;
        this.hooks = hooks;
        this.clock = store.clock();
        this.backOff = new CommitBackOff(options, paths.root());
        this.publisher = new SnapshotPublisher(snapshots, hooks, backOff, commitUser, paths.root());
    }

    /**
     * Commits the changes as one snapshot, then runs the callbacks; returns the snapshot's id.
     *
     * @throws CommitFailedException the commit did not land; the files it wrote are removed (the
     *     caller removes the data files it passed in)
     * @throws CommitStateUnknownException it may have landed: nothing may be removed
     * @throws CommitCallbackException it landed and a callback failed: the caller must keep its files
     */
    public long commit(List<ManifestEntry> changes, long commitIdentifier, CommitKind kind) {
        return commit(changes, List.of(), commitIdentifier, kind);
    }

    /**
     * Commits the changes and the changelog files produced with them (ADD entries, listed only in the
     * snapshot's changelog manifest list) as one snapshot; otherwise as {@link #commit(List, long, CommitKind)}.
     */
    public long commit(List<ManifestEntry> changes, List<ManifestEntry> changelog, long commitIdentifier, CommitKind kind) {
        return commit(changes, changelog, List.of(), commitIdentifier, kind);
    }

    /**
     * Same, with changes of deletion-vector index files: for each (partition, bucket) they name, DELETE
     * entries of the bucket's index files in the snapshot the writer started from, and the ADD of the
     * file that replaces them. If another commit changed that bucket's index files meanwhile, the
     * commit fails as a conflict (its vectors were computed on rows that changed).
     */
    public long commit(List<ManifestEntry> changes, List<ManifestEntry> changelog, List<IndexManifestEntry> indexChanges,
            long commitIdentifier, CommitKind kind) {
        return commit(changes, changelog, indexChanges, null, commitIdentifier, kind);
    }

    /**
     * The changes of a commit that depend on the latest snapshot (an overwrite's DELETE entries of the
     * files and index files it replaces): computed again from the latest snapshot before every attempt,
     * so that what another writer committed meanwhile is taken into account instead of failing the commit.
     */
    @FunctionalInterface
    public interface LatestChanges {
        /** The changes to make on top of {@code latest} (null for a table without snapshots). */
        Changes compute(Snapshot latest) throws IOException;
    }

    /** Data-file and index-file changes of one attempt. */
    public record Changes(List<ManifestEntry> files, List<IndexManifestEntry> index) {
        public Changes {
            files = List.copyOf(files);
            index = List.copyOf(index);
        }

        boolean isEmpty() {
            return files.isEmpty() && index.isEmpty();
        }
    }

    /**
     * Commits the fixed changes together with the changes {@code latestChanges} computes from the latest
     * snapshot before each attempt (their DELETE entries first), as one snapshot; otherwise as {@link
     * #commit(List, List, List, long, CommitKind)}. With {@code latestChanges}, a commit that would change
     * nothing (no fixed change and none computed) makes no snapshot and returns -1.
     */
    public long commit(List<ManifestEntry> changes, List<ManifestEntry> changelog, List<IndexManifestEntry> indexChanges,
            LatestChanges latestChanges, long commitIdentifier, CommitKind kind) {
        return landThenAnnounce(() -> land(changes, changelog, indexChanges, latestChanges, commitIdentifier, kind,
                null));
    }

    /**
     * Commits an ANALYZE snapshot, as Paimon does when it collects statistics: the latest snapshot's files
     * unchanged (no delta), with {@code statistics} naming the statistics file (under {@code statistics/},
     * already written). Later commits carry that file name on while the schema stays the same.
     *
     * @return the id of the ANALYZE snapshot
     */
    public long commitStatistics(String statisticsFileName) {
        return landThenAnnounce(() -> land(List.of(), List.of(), List.of(), null, BATCH_COMMIT_IDENTIFIER,
                CommitKind.ANALYZE, statisticsFileName));
    }

    /** One run of the commit protocol ({@link #land}). */
    @FunctionalInterface
    private interface Landing {
        Snapshot land() throws IOException;
    }

    /**
     * Lands the commit, then runs the callbacks and the table's maintenance (expiration...; see
     * {@link CommitHooks#committed}); returns the snapshot's id, or -1 when there was nothing to commit.
     */
    private long landThenAnnounce(Landing landing) {
        Snapshot landed;
        try {
            landed = landing.land();
        } catch (CommitException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw CommitFailedException.because(paths.root(), e);
        }
        if (landed == null) {
            return -1;
        }
        hooks.committed(landed);
        return landed.id();
    }

    /**
     * The commit protocol; returns the snapshot that landed, or fails leaving the table as it was
     * (removing the metadata files it wrote), or, when it cannot tell whether its snapshot landed,
     * throws {@link CommitStateUnknownException} and removes nothing. Null when {@code latestChanges}
     * leave nothing to commit.
     */
    private Snapshot land(List<ManifestEntry> changes, List<ManifestEntry> changelog,
            List<IndexManifestEntry> indexChanges, LatestChanges latestChanges, long commitIdentifier, CommitKind kind,
            String statistics) throws IOException {
        ManifestFile manifestFile = new ManifestFile(io, paths.manifestDirectory(), schema.partitionType(),
                options.manifestTargetFileSize(), names);
        ManifestList manifestList = new ManifestList(io, paths.manifestDirectory(), names);
        List<Path> written = new ArrayList<>();
        // Set once the files must stay: the commit landed, or it may have.
        boolean keepFiles = false;
        try {
            List<ManifestFileMeta> delta = manifestFile.write(changes);
            for (ManifestFileMeta m : delta) {
                written.add(manifestPath(m.fileName()));
            }
            // Changelog manifests do not depend on the latest snapshot: written once, like the delta.
            ChangelogManifests changelogManifests = null;
            if (!changelog.isEmpty()) {
                List<ManifestFileMeta> manifests = manifestFile.write(changelog);
                for (ManifestFileMeta m : manifests) {
                    written.add(manifestPath(m.fileName()));
                }
                ManifestList.Written list = manifestList.write(manifests);
                written.add(manifestPath(list.fileName()));
                long records = 0;
                for (ManifestEntry e : changelog) {
                    records += e.file().rowCount();
                }
                changelogManifests = new ChangelogManifests(list, records);
            }
            Long startLatest = snapshots.latestSnapshotId();
            // Snapshots after this one have not been looked at for our commit yet.
            long landedCheckedUpTo = startLatest == null ? 0 : startLatest;
            LiveFiles liveFiles = new LiveFiles(snapshots, snapshotFiles);
            int maxRetries = kind == CommitKind.COMPACT ? options.commitCompactionMaxRetries() : options.commitMaxRetries();
            for (int attempt = 0; ; attempt++) {
                snapshots.requireLatestPresent();
                Optional<Snapshot> latest = snapshots.latestSnapshot();
                if (latest.isPresent()) {
                    Optional<Snapshot> landed = findLanded(landedCheckedUpTo, latest.get(), commitIdentifier, kind);
                    if (landed.isPresent()) {
                        keepFiles = true;
                        return landed.get();
                    }
                    landedCheckedUpTo = Math.max(landedCheckedUpTo, latest.get().id());
                }
                Changes computed = latestChanges == null ? null : latestChanges.compute(latest.orElse(null));
                List<ManifestEntry> attemptChanges = changes;
                List<IndexManifestEntry> attemptIndexChanges = indexChanges;
                if (computed != null) {
                    if (computed.isEmpty() && changes.isEmpty() && changelog.isEmpty() && indexChanges.isEmpty()) {
                        return null;
                    }
                    attemptChanges = concat(computed.files(), changes);
                    attemptIndexChanges = concat(computed.index(), indexChanges);
                }
                if (latest.isPresent()) {
                    conflicts.checkFiles(latest.get(), liveFiles, attemptChanges);
                }
                // With the computed changes, which delete a replaced bucket's files as the latest snapshot lists them.
                conflicts.checkIndexFiles(latest.orElse(null), attemptIndexChanges);
                List<Path> attemptFiles = new ArrayList<>();
                Snapshot next;
                SnapshotPublisher.Outcome outcome;
                try {
                    List<ManifestFileMeta> attemptDelta = delta;
                    if (computed != null && !computed.files().isEmpty()) {
                        // Written for this attempt only: the next one computes them again.
                        List<ManifestFileMeta> computedManifests = manifestFile.write(computed.files());
                        for (ManifestFileMeta m : computedManifests) {
                            attemptFiles.add(manifestPath(m.fileName()));
                        }
                        attemptDelta = concat(computedManifests, delta);
                    }
                    next = buildSnapshot(latest.orElse(null), attemptDelta, attemptChanges, changelogManifests,
                            attemptIndexChanges, commitIdentifier, kind, statistics, manifestFile, manifestList,
                            attemptFiles);
                    outcome = publisher.create(next);
                } catch (CommitStateUnknownException e) {
                    keepFiles = true;
                    throw e;
                } catch (IOException | RuntimeException e) {
                    for (Path p : attemptFiles) {
                        io.deleteQuietly(p);
                    }
                    throw e;
                }
                if (outcome == SnapshotPublisher.Outcome.CREATED) {
                    // From here the commit has landed: nothing may delete its files any more.
                    keepFiles = true;
                    publisher.writeHints(next.id());
                    return next;
                }
                for (Path p : attemptFiles) {
                    io.deleteQuietly(p);
                }
                if (attempt >= maxRetries) {
                    String option = kind == CommitKind.COMPACT ? "commit.compaction-max-retries" : "commit.max-retries";
                    throw new CommitConflictException(paths.root(), "Commit to table " + paths.root() + " failed after "
                            + (attempt + 1) + " attempts and changed nothing: other writers kept committing snapshot "
                            + next.id() + " first. Retry when fewer writers commit, or raise the table option " + option
                            + " (now " + maxRetries + ")");
                }
                LOG.info("Snapshot {} of {} was taken by another writer; retrying", next.id(), paths.root());
                backOff.backOff(attempt);
            }
        } finally {
            if (!keepFiles) {
                for (Path p : written) {
                    io.deleteQuietly(p);
                }
            }
        }
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> all = new ArrayList<>(first.size() + second.size());
        all.addAll(first);
        all.addAll(second);
        return all;
    }

    private Path manifestPath(String name) {
        return new Path(paths.manifestDirectory(), name);
    }

    /**
     * The identifier of this commit user's latest snapshot, scanning back from the latest snapshot:
     * identifiers of one user only grow, so every identifier up to it has landed (or was given up). A
     * writer restarted after a crash uses it to recognise a replayed commit that already landed.
     */
    public OptionalLong latestCommittedIdentifier() throws IOException {
        Long latest = snapshots.latestSnapshotId();
        Long earliest = snapshots.earliestSnapshotId();
        if (latest == null) {
            return OptionalLong.empty();
        }
        for (long id = latest; id >= (earliest == null ? 1 : earliest); id--) {
            if (!snapshots.snapshotExists(id)) {
                // Expired while we looked: everything older is gone too.
                break;
            }
            Snapshot s = snapshots.snapshot(id);
            if (commitUser.equals(s.commitUser())) {
                return OptionalLong.of(s.commitIdentifier());
            }
        }
        return OptionalLong.empty();
    }

    /**
     * A snapshot after {@code checkedUpTo} up to {@code latest} with our user, identifier and kind: our
     * commit already landed. Each attempt looks only at the snapshots that appeared since the previous one,
     * so that a commit retried beside busy writers does not read more snapshots with every attempt.
     */
    private Optional<Snapshot> findLanded(long checkedUpTo, Snapshot latest, long commitIdentifier, CommitKind kind)
            throws IOException {
        for (long id = latest.id(); id > checkedUpTo; id--) {
            Optional<Snapshot> s = id == latest.id() ? Optional.of(latest) : snapshots.snapshotIfExists(id);
            if (s.isEmpty()) {
                // Expired while we looked: everything older is gone too.
                break;
            }
            if (commitUser.equals(s.get().commitUser()) && s.get().commitIdentifier() == commitIdentifier
                    && s.get().commitKind() == kind) {
                return s;
            }
        }
        return Optional.empty();
    }

    /** The changelog manifest list of a commit and the rows of its changelog files. */
    private record ChangelogManifests(ManifestList.Written list, long recordCount) {}

    private Snapshot buildSnapshot(Snapshot latest, List<ManifestFileMeta> delta, List<ManifestEntry> changes,
            ChangelogManifests changelog, List<IndexManifestEntry> indexChanges, long commitIdentifier, CommitKind kind,
            String statistics, ManifestFile manifestFile, ManifestList manifestList, List<Path> attemptFiles)
            throws IOException {
        List<ManifestFileMeta> base = new ArrayList<>();
        long previousTotal = 0;
        if (latest != null) {
            base.addAll(snapshotFiles.dataManifests(latest));
            previousTotal = latest.totalRecordCount() == null ? 0 : latest.totalRecordCount();
        }
        List<ManifestFileMeta> merged = ManifestMerger.merge(base, manifestFile, options.manifestTargetFileSize(),
                options.manifestMergeMinCount());
        Set<String> baseNames = new HashSet<>();
        for (ManifestFileMeta m : base) {
            baseNames.add(m.fileName());
        }
        for (ManifestFileMeta m : merged) {
            if (!baseNames.contains(m.fileName())) {
                attemptFiles.add(manifestPath(m.fileName()));
            }
        }
        ManifestList.Written baseList = manifestList.write(merged);
        attemptFiles.add(manifestPath(baseList.fileName()));
        ManifestList.Written deltaList = manifestList.write(delta);
        attemptFiles.add(manifestPath(deltaList.fileName()));
        long deltaRecords = 0;
        for (ManifestEntry e : changes) {
            deltaRecords += e.kind() == FileKind.ADD ? e.file().rowCount() : -e.file().rowCount();
        }
        long id = latest == null ? 1 : latest.id() + 1;
        String indexManifest = latest == null ? null : latest.indexManifest();
        if (!indexChanges.isEmpty()) {
            indexManifest = writeIndexManifest(latest, indexChanges, attemptFiles);
        }
        return Snapshot.builder()
                .id(id)
                .schemaId(schema.id())
                .baseManifestList(baseList.fileName())
                .baseManifestListSize(baseList.fileSize())
                .deltaManifestList(deltaList.fileName())
                .deltaManifestListSize(deltaList.fileSize())
                .changelogManifestList(changelog == null ? null : changelog.list().fileName())
                .changelogManifestListSize(changelog == null ? null : changelog.list().fileSize())
                .changelogRecordCount(changelog == null ? null : changelog.recordCount())
                .indexManifest(indexManifest)
                .commitUser(commitUser)
                .commitIdentifier(commitIdentifier)
                .commitKind(kind)
                .timeMillis(clock.millis())
                .totalRecordCount(previousTotal + deltaRecords)
                .deltaRecordCount(deltaRecords)
                // Snapshots of Paimon before 1.3 have no nextRowId: Paimon 1.4 starts from 0 then, as here.
                .nextRowId(latest == null || latest.nextRowId() == null ? 0L : latest.nextRowId())
                // As Paimon: the watermark and the statistics file carry on (statistics only while the schema,
                // whose column ids and types the file's values are read with, stays the same).
                .watermark(latest == null ? null : latest.watermark())
                .statistics(statistics != null ? statistics
                        : latest != null && latest.schemaId() == schema.id() ? latest.statistics() : null)
                .build();
    }

    /**
     * The index manifest of the next snapshot: the latest one's entries with the changes applied (a
     * bucket's DELETEs before its ADDs; by file name for append tables without buckets, as Paimon
     * combines them), or null when no index file is left.
     */
    private String writeIndexManifest(Snapshot latest, List<IndexManifestEntry> indexChanges, List<Path> attemptFiles)
            throws IOException {
        IndexManifestFile file = new IndexManifestFile(io, paths.manifestDirectory(), names);
        List<IndexManifestEntry> previous = latest == null || latest.indexManifest() == null
                ? List.of() : file.read(latest.indexManifest());
        boolean byFileName = schema.primaryKeys().isEmpty() && options.bucket() == -1;
        List<IndexManifestEntry> next = byFileName
                ? IndexManifestEntries.combineByFileName(previous, indexChanges)
                : IndexManifestEntries.combineByBucket(previous, indexChanges);
        if (next.isEmpty()) {
            return null;
        }
        String name = file.write(next);
        attemptFiles.add(manifestPath(name));
        return name;
    }
}
