package io.strata.lsm;

import io.strata.data.BinaryRow;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The sorted runs one write buffer spilled to local disk, in a directory of its own
 * ({@code strata-spill-<uuid>} under the spill root, created on the first spill). A run file is a
 * sequence of records: sequence number (8 bytes), row size (4 bytes), stored row bytes. Every file and
 * the directory are deleted by {@link #deleteAll()}, which the buffer calls after a flush and when its
 * writer is aborted.
 */
final class SpillFiles {

    private static final int IO_BUFFER_BYTES = 64 * 1024;

    /** One spilled run: its file and how many records it holds. */
    record Run(Path path, long records) {}

    private final Path root;
    private final int arity;
    private final List<Run> runs = new ArrayList<>();
    private Path directory;

    SpillFiles(Path root, int arity) {
        this.root = root;
        this.arity = arity;
    }

    int runCount() {
        return runs.size();
    }

    List<Run> runs() {
        return List.copyOf(runs);
    }

    /** Starts a new run file; {@link Writer#finish()} adds it to the runs. */
    Writer newRun() throws IOException {
        if (directory == null) {
            try {
                Files.createDirectories(root);
                directory = Files.createTempDirectory(root, "strata-spill-");
            } catch (IOException e) {
                throw new IOException("Could not create a write-buffer spill directory under " + root + ": " + e.getMessage(), e);
            }
        }
        Path path = directory.resolve("run-" + UUID.randomUUID() + ".spill");
        return new Writer(path);
    }

    /** Readers of the given runs, in order. */
    List<BufferedRun> open(List<Run> which) throws IOException {
        List<BufferedRun> readers = new ArrayList<>();
        try {
            for (Run run : which) {
                readers.add(new Reader(run));
            }
        } catch (IOException | RuntimeException e) {
            for (BufferedRun r : readers) {
                try {
                    r.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
        return readers;
    }

    /** Deletes the given runs' files and forgets them. */
    void delete(List<Run> which) {
        for (Run run : which) {
            deleteQuietly(run.path());
            runs.remove(run);
        }
    }

    /** Deletes every run file and the directory. */
    void deleteAll() {
        delete(List.copyOf(runs));
        if (directory != null) {
            try (var stale = Files.list(directory)) {
                // Files of runs that failed half-way are not in the list of runs.
                stale.forEach(SpillFiles::deleteQuietly);
            } catch (IOException | UncheckedIOException ignored) {
                // The directory is gone already or unreadable: nothing more to delete here.
            }
            deleteQuietly(directory);
            directory = null;
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // Best effort: a spill file left behind is in the temp directory and holds no committed data.
        }
    }

    /** Writes one run file. */
    final class Writer implements AutoCloseable {

        private final Path path;
        private final DataOutputStream out;
        private long records;
        private boolean done;

        private Writer(Path path) throws IOException {
            this.path = path;
            this.out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path), IO_BUFFER_BYTES));
        }

        DataOutputStream output() {
            return out;
        }

        /** Counts a record written directly to {@link #output()}. */
        void recordWritten() {
            records++;
        }

        void write(long sequenceNumber, BinaryRow row) throws IOException {
            byte[] bytes = row.toBytes();
            out.writeLong(sequenceNumber);
            out.writeInt(bytes.length);
            out.write(bytes);
            records++;
        }

        /** Closes the file and adds it to the runs. */
        Run finish() throws IOException {
            done = true;
            try {
                out.close();
            } catch (IOException e) {
                deleteQuietly(path);
                throw new IOException("Could not write write-buffer spill file " + path + ": " + e.getMessage(), e);
            }
            Run run = new Run(path, records);
            runs.add(run);
            return run;
        }

        /** Closes and deletes an unfinished file. */
        @Override
        public void close() {
            if (!done) {
                done = true;
                try {
                    out.close();
                } catch (IOException ignored) {
                    // The file is deleted next.
                }
                deleteQuietly(path);
            }
        }
    }

    /** Reads one run file; each record's row owns its bytes. */
    private final class Reader implements BufferedRun {

        private final Run run;
        private final DataInputStream in;
        private long remaining;
        private BinaryRow row;
        private long sequenceNumber;

        Reader(Run run) throws IOException {
            this.run = run;
            this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(run.path()), IO_BUFFER_BYTES));
            this.remaining = run.records();
        }

        @Override
        public boolean next() throws IOException {
            if (remaining == 0) {
                row = null;
                return false;
            }
            try {
                sequenceNumber = in.readLong();
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                row = new BinaryRow(arity, bytes, 0, bytes.length);
            } catch (EOFException e) {
                throw new IOException("Write-buffer spill file " + run.path() + " ends early: " + remaining
                        + " of " + run.records() + " records missing", e);
            }
            remaining--;
            return true;
        }

        @Override
        public BinaryRow row() {
            return row;
        }

        @Override
        public long sequenceNumber() {
            return sequenceNumber;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
