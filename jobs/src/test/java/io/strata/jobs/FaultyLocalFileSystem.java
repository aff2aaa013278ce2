package io.strata.jobs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system with one injected failure, for tests of task retries on a YARN cluster, whose tasks are
 * JVMs of their own: registered as {@code fs.file.impl} in a job's configuration (so the job's tasks use it),
 * while the marker file {@value #MARKER} names exists, the process that opens its {@value #FAIL_AT}th distinct
 * data file ({@code data-*}) deletes the marker, then fails that open. So exactly one task attempt of the whole
 * job fails, after it compacted the buckets whose files it opened before, and its retry (no marker) succeeds.
 */
public final class FaultyLocalFileSystem extends LocalFileSystem {

    public static final String MARKER = "strata.test.faulty.marker";
    public static final String FAIL_AT = "strata.test.faulty.fail-at";

    public FaultyLocalFileSystem() {
        super(new Raw());
    }

    /** Makes the jobs of {@code conf} fail once (while {@code marker} exists) as the class comment says. */
    public static void register(Configuration conf, java.nio.file.Path marker, int failAt) {
        conf.setClass("fs.file.impl", FaultyLocalFileSystem.class, FileSystem.class);
        // Not the cached local file system of a process that already has one (the test JVM): a new one.
        conf.setBoolean("fs.file.impl.disable.cache", true);
        conf.set(MARKER, marker.toString());
        conf.setInt(FAIL_AT, failAt);
    }

    /** The raw local file system under it, which Strata's FileIO uses, and which fails. */
    public static final class Raw extends RawLocalFileSystem {

        /** The data files this process opened. */
        private static final Set<String> OPENED = new HashSet<>();

        private java.nio.file.Path marker;
        private int failAt;

        @Override
        public void initialize(URI uri, Configuration conf) throws IOException {
            super.initialize(uri, conf);
            String file = conf.get(MARKER);
            marker = file == null ? null : java.nio.file.Path.of(file);
            failAt = conf.getInt(FAIL_AT, 1);
        }

        @Override
        public FSDataInputStream open(Path f, int bufferSize) throws IOException {
            if (marker != null && f.getName().startsWith("data-")) {
                boolean fail;
                synchronized (OPENED) {
                    fail = OPENED.add(f.getName()) && OPENED.size() == failAt && claimMarker();
                }
                if (fail) {
                    throw new IOException("Injected failure: open of " + f + ", the data file #" + failAt
                            + " of this process (marker " + marker + ")");
                }
            }
            return super.open(f, bufferSize);
        }

        /** Deletes the marker; true for the one process that did. */
        private boolean claimMarker() {
            try {
                Files.delete(marker);
                return true;
            } catch (NoSuchFileException e) {
                return false;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
