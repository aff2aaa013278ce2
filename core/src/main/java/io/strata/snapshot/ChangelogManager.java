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
 * The long-lived changelogs of one table, in {@code <table>/changelog/}: when a table keeps changelogs
 * longer than snapshots ({@code changelog.*} retention), expiring snapshot N writes {@code changelog-N},
 * the same JSON as the snapshot file, so that its changelog (or, without a changelog producer, its
 * delta) stays readable until the changelog itself expires. Plus {@code EARLIEST} and {@code LATEST}
 * hints, which are only hints: the directory listing is the truth.
 */
public final class ChangelogManager {

    static final String CHANGELOG_PREFIX = "changelog-";

    private final FileIO io;
    private final Path tableRoot;
    private final NumberedFiles files;

    public ChangelogManager(FileIO io, Path tableRoot) {
        this.io = Objects.requireNonNull(io, "io");
        this.tableRoot = Objects.requireNonNull(tableRoot, "tableRoot");
        this.files = new NumberedFiles(io, changelogDirectory(), CHANGELOG_PREFIX, "changelog");
    }

    public Path changelogDirectory() {
        return new Path(tableRoot, "changelog");
    }

    public Path changelogPath(long id) {
        return new Path(changelogDirectory(), CHANGELOG_PREFIX + id);
    }

    /** The changelog of snapshot {@code id}, or empty if none is kept. Fails naming the file if it is corrupt. */
    public Optional<Snapshot> changelog(long id) {
        Path path = changelogPath(id);
        String json;
        try {
            json = io.readUtf8(path);
        } catch (FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read changelog file " + path + ": " + e.getMessage(), e);
        }
        Snapshot changelog = Snapshot.fromJson(json, path.toString());
        if (changelog.id() != id) {
            throw new IllegalStateException("Changelog file " + path + " holds snapshot id " + changelog.id()
                    + ", not " + id);
        }
        return Optional.of(changelog);
    }

    /**
     * Keeps the changelog of an expiring snapshot: writes {@code changelog-<id>} (overwriting a copy
     * left by an interrupted expiration) and moves the LATEST hint.
     */
    public void commit(Snapshot snapshot) {
        Path path = changelogPath(snapshot.id());
        try {
            io.overwriteAtomic(path, snapshot.toJson().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write changelog file " + path + ": " + e.getMessage(), e);
        }
        writeHint(NumberedFiles.LATEST, snapshot.id());
    }

    /** Deletes a changelog file; one already gone is not an error. */
    public void delete(long id) {
        io.deleteQuietly(changelogPath(id));
    }

    /** Rewrites the EARLIEST hint; failures are logged, never thrown. */
    public void commitEarliestHint(long id) {
        writeHint(NumberedFiles.EARLIEST, id);
    }

    /** The ids of the changelog files present, ascending. */
    public List<Long> listIds() {
        return files.listIds();
    }

    /** The oldest kept changelog id, or null if none. */
    public Long earliestId() {
        List<Long> ids = listIds();
        return ids.isEmpty() ? null : ids.get(0);
    }

    /** The newest kept changelog id, or null if none. */
    public Long latestId() {
        List<Long> ids = listIds();
        return ids.isEmpty() ? null : ids.get(ids.size() - 1);
    }

    /** Every kept changelog, oldest first; one removed while listing is skipped. */
    public List<Snapshot> changelogs() {
        List<Snapshot> out = new ArrayList<>();
        for (long id : listIds()) {
            changelog(id).ifPresent(out::add);
        }
        return out;
    }

    private void writeHint(String name, long id) {
        files.writeHint(name, id);
    }
}
