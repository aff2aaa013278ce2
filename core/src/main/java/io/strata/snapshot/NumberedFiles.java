package io.strata.snapshot;

import io.strata.fs.FileIO;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A directory of files named {@code <prefix><id>} with {@code LATEST} / {@code EARLIEST} hint files
 * beside them: the layout of {@code snapshot/} and of {@code changelog/} (docs/format.md section 3). Hints are written
 * best effort and read leniently: the directory listing is the truth, a hint only saves the listing.
 */
final class NumberedFiles {

    private static final Logger LOG = LoggerFactory.getLogger(NumberedFiles.class);

    static final String LATEST = "LATEST";
    static final String EARLIEST = "EARLIEST";

    private final FileIO io;
    private final Path directory;
    private final String prefix;
    /** What the files are, for messages: "snapshot", "changelog". */
    private final String what;

    NumberedFiles(FileIO io, Path directory, String prefix, String what) {
        this.io = io;
        this.directory = directory;
        this.prefix = prefix;
        this.what = what;
    }

    Path directory() {
        return directory;
    }

    Path path(long id) {
        return new Path(directory, prefix + id);
    }

    /** The ids of the files present, ascending; names that do not parse (temporary, foreign) are skipped. */
    List<Long> listIds() {
        FileStatus[] entries;
        try {
            entries = io.list(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + directory + ": " + e.getMessage(), e);
        }
        List<Long> ids = new ArrayList<>();
        for (FileStatus entry : entries) {
            String name = entry.getPath().getName();
            if (name.startsWith(prefix)) {
                try {
                    ids.add(Long.parseLong(name.substring(prefix.length())));
                } catch (NumberFormatException ignored) {
                    // Not one of ours; a stray name must not break reads.
                }
            }
        }
        ids.sort(Long::compare);
        return ids;
    }

    /** The id a hint names, or null if it is missing or unreadable (being rewritten, damaged). */
    Long readHint(String name) {
        Path path = new Path(directory, name);
        try {
            return Long.parseLong(io.readUtf8(path).trim());
        } catch (FileNotFoundException e) {
            return null;
        } catch (IOException | NumberFormatException e) {
            LOG.debug("Ignoring unreadable {} hint {}", what, path, e);
            return null;
        }
    }

    /** Rewrites a hint; a failure is logged, never thrown (readers verify hints). */
    void writeHint(String name, long id) {
        Path path = new Path(directory, name);
        try {
            io.overwriteAtomic(path, Long.toString(id).getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            LOG.warn("Cannot update {} hint {} to {}; readers will list the directory", what, path, id, e);
        }
    }
}
