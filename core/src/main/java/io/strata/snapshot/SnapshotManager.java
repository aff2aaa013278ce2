package io.strata.snapshot;

import io.strata.fs.FileIO;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * The snapshots of one table, in {@code <table>/snapshot/}: {@code snapshot-<id>} files plus the
 * {@code LATEST} and {@code EARLIEST} hint files.
 *
 * <p>Hints are only hints: they are rewritten best effort after a commit or an expiration, so they may
 * lag. {@code LATEST} is trusted if its snapshot exists, then the ids after it are probed until one is
 * absent (a few; snapshot ids have no gaps); {@code EARLIEST} only if its snapshot exists. Otherwise the
 * directory is listed.
 */
public final class SnapshotManager implements Snapshots {

    static final String SNAPSHOT_PREFIX = "snapshot-";
    private static final String LATEST = NumberedFiles.LATEST;
    private static final String EARLIEST = NumberedFiles.EARLIEST;

    /** How many ids past the LATEST hint are probed before the snapshot directory is listed instead. */
    private static final int HINT_LOOK_AHEAD = 16;

    private final FileIO io;
    private final Path tableRoot;
    private final NumberedFiles files;

    public SnapshotManager(FileIO io, Path tableRoot) {
        this.io = Objects.requireNonNull(io, "io");
        this.tableRoot = Objects.requireNonNull(tableRoot, "tableRoot");
        this.files = new NumberedFiles(io, snapshotDirectory(), SNAPSHOT_PREFIX, "snapshot");
    }

    public Path tableRoot() {
        return tableRoot;
    }

    public Path snapshotDirectory() {
        return new Path(tableRoot, "snapshot");
    }

    public Path snapshotPath(long id) {
        return new Path(snapshotDirectory(), SNAPSHOT_PREFIX + id);
    }

    /** The newest snapshot id, or null if the table has no snapshot. */
    @Override
    public Long latestSnapshotId() {
        Long hint = readHint(LATEST);
        if (hint != null && hint > 0 && exists(snapshotPath(hint))) {
            // Beside busy writers the hint lags a few commits behind (each writes it after its snapshot):
            // a few existence checks find the latest where a listing would cost one call per snapshot kept.
            long id = hint;
            for (int probe = 0; probe < HINT_LOOK_AHEAD; probe++) {
                if (!exists(snapshotPath(id + 1))) {
                    return id;
                }
                id++;
            }
        }
        List<Long> ids = listIds();
        return ids.isEmpty() ? null : ids.get(ids.size() - 1);
    }

    /**
     * Fails when {@code LATEST} names a snapshot whose file is gone while no later snapshot exists. Strata
     * writes a snapshot before its hint and removes snapshots only below the latest (expiration) or after
     * rewriting the hint (rollback), so this means snapshot files were lost or deleted outside Strata: a
     * commit would take the lost id again and bury whatever that snapshot referenced. Reads go on from the
     * newest snapshot present. Costs one hint read and one existence check, plus a listing only when the
     * hint's snapshot is missing.
     *
     * @throws IllegalStateException naming the table, the missing snapshot and how to go on
     */
    public void requireLatestPresent() {
        // The hint before the listing: a concurrent commit's hint is written after its snapshot, so a hint
        // read first never names a snapshot the listing that follows could miss.
        Long hint = readHint(LATEST);
        if (hint == null || hint <= 0 || exists(snapshotPath(hint))) {
            return;
        }
        List<Long> ids = listIds();
        long newest = ids.isEmpty() ? 0 : ids.get(ids.size() - 1);
        if (hint > newest) {
            throw new IllegalStateException("Table " + tableRoot + ": snapshot/" + LATEST + " names snapshot " + hint
                    + " but " + (newest == 0 ? "no snapshot file exists" : "the newest snapshot file is snapshot-" + newest)
                    + ": snapshot " + (newest + 1 == hint ? String.valueOf(hint) : (newest + 1) + " to " + hint)
                    + " was lost or deleted outside Strata, and a commit now would reuse its id. Nothing was"
                    + " committed. Restore the missing snapshot file from a backup, or, to go on from snapshot "
                    + newest + ", roll back to it (strata rollback, which rewrites " + LATEST + ")");
        }
    }

    /** The oldest snapshot id still present, or null if the table has no snapshot. */
    @Override
    public Long earliestSnapshotId() {
        Long hint = readHint(EARLIEST);
        if (hint != null && exists(snapshotPath(hint))) {
            return hint;
        }
        List<Long> ids = listIds();
        return ids.isEmpty() ? null : ids.get(0);
    }

    @Override
    public boolean snapshotExists(long id) {
        return exists(snapshotPath(id));
    }

    /** Snapshot {@code id}; fails if it does not exist, or naming the file if it is corrupt. */
    @Override
    public Snapshot snapshot(long id) {
        Path path = snapshotPath(id);
        String json;
        try {
            json = io.readUtf8(path);
        } catch (FileNotFoundException e) {
            throw new IllegalStateException("Snapshot " + id + " of table " + tableRoot + " does not exist", e);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read snapshot file " + path + ": " + e.getMessage(), e);
        }
        Snapshot snapshot = Snapshot.fromJson(json, path.toString());
        if (snapshot.id() != id) {
            throw new IllegalStateException("Snapshot file " + path + " holds snapshot id " + snapshot.id() + ", not " + id);
        }
        return snapshot;
    }

    /** The newest snapshot, or empty if the table has none. */
    @Override
    public Optional<Snapshot> latestSnapshot() {
        Long id = latestSnapshotId();
        return id == null ? Optional.empty() : Optional.of(snapshot(id));
    }

    /** Every snapshot present, oldest first. */
    @Override
    public List<Snapshot> snapshots() {
        List<Snapshot> snapshots = new ArrayList<>();
        for (long id : listIds()) {
            snapshots.add(snapshot(id));
        }
        return snapshots;
    }

    /**
     * The newest snapshot committed at or before {@code timeMillis}, or null if every snapshot is
     * newer (or there is none). Commit times grow with ids, so this is a binary search.
     */
    @Override
    public Snapshot latestSnapshotAtOrBefore(long timeMillis) {
        Long earliest = earliestSnapshotId();
        Long latest = latestSnapshotId();
        if (earliest == null || latest == null) {
            return null;
        }
        Snapshot found = null;
        long low = earliest;
        long high = latest;
        while (low <= high) {
            long mid = low + (high - low) / 2;
            Snapshot s = snapshot(mid);
            if (s.timeMillis() <= timeMillis) {
                found = s;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return found;
    }

    /**
     * Publishes {@code snapshot} as {@code snapshot-<id>}, only if no snapshot of that id exists. Returns
     * false, leaving nothing behind, when another commit took the id first. Atomic where {@link
     * FileIO#supportsAtomicWriteIfAbsent} says so; elsewhere (object stores) only while the caller holds
     * the table's commit lock.
     */
    public boolean tryCommit(Snapshot snapshot) {
        Path path = snapshotPath(snapshot.id());
        try {
            return io.tryAtomicWriteIfAbsent(path, snapshot.toJson().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write snapshot file " + path + ": " + e.getMessage(), e);
        }
    }

    /** Rewrites the LATEST hint; a failure is logged, never thrown (readers verify hints). */
    public void commitLatestHint(long id) {
        writeHint(LATEST, id);
    }

    /** Rewrites the EARLIEST hint; a failure is logged, never thrown (readers verify hints). */
    public void commitEarliestHint(long id) {
        writeHint(EARLIEST, id);
    }

    /** Deletes a snapshot file (expiration, rollback); a file already gone is not an error. */
    public void deleteSnapshot(long id) {
        io.deleteQuietly(snapshotPath(id));
    }

    /** The snapshot, or empty if its file does not exist (expired or rolled back meanwhile). */
    @Override
    public Optional<Snapshot> snapshotIfExists(long id) {
        Path path = snapshotPath(id);
        String json;
        try {
            json = io.readUtf8(path);
        } catch (FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read snapshot file " + path + ": " + e.getMessage(), e);
        }
        return Optional.of(Snapshot.fromJson(json, path.toString()));
    }

    /** The ids of the snapshot files present, ascending. */
    @Override
    public List<Long> listIds() {
        return files.listIds();
    }

    private Long readHint(String name) {
        return files.readHint(name);
    }

    private void writeHint(String name, long id) {
        files.writeHint(name, id);
    }

    private boolean exists(Path path) {
        try {
            return io.exists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot check " + path + ": " + e.getMessage(), e);
        }
    }
}
