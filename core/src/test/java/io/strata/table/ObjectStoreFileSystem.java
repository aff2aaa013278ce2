package io.strata.table;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local disk under the scheme {@code objstore:}, renaming the way an object store does: a copy
 * that overwrites an existing target (the copy appears whole, as an object does), then a delete of the
 * source; nothing makes "check that the target is absent, then rename" atomic. Not a {@link
 * RawLocalFileSystem} subclass, so FileIO sees an unknown, non-atomic file system, as it would S3A.
 *
 * <p>Hooks make the race between two writers deterministic: {@link #raceRenamesOnto} holds renames onto
 * one file name until that many writers are inside, {@link #pauseRenamesOnto} holds the first rename
 * onto a name until released, and {@link #delayRenamesOfSnapshots} widens every snapshot rename.
 */
public class ObjectStoreFileSystem extends FileSystem {

    static final String SCHEME = "objstore";

    private static volatile Race race;
    private static volatile Pause pause;
    private static volatile long snapshotRenameDelayMillis;

    private RawLocalFileSystem disk;
    private Path workingDirectory;

    /** Registers the scheme in a Hadoop configuration. */
    static Configuration register(Configuration conf) {
        conf.set("fs." + SCHEME + ".impl", ObjectStoreFileSystem.class.getName());
        return conf;
    }

    /** Renames onto {@code fileName} wait until {@code writers} of them are in progress, then all copy. */
    static void raceRenamesOnto(String fileName, int writers) {
        race = new Race(fileName, new CyclicBarrier(writers));
    }

    /** The first rename onto {@code fileName} stops before copying until {@link Pause#release()}. */
    static Pause pauseRenamesOnto(String fileName) {
        Pause p = new Pause(fileName);
        pause = p;
        return p;
    }

    static void delayRenamesOfSnapshots(long millis) {
        snapshotRenameDelayMillis = millis;
    }

    static void reset() {
        RenameFaults.reset();
        race = null;
        Pause p = pause;
        pause = null;
        if (p != null) {
            p.release();
        }
        snapshotRenameDelayMillis = 0;
    }

    @Override
    public void initialize(URI name, Configuration conf) throws IOException {
        super.initialize(name, conf);
        setConf(conf);
        disk = new RawLocalFileSystem();
        disk.initialize(URI.create("file:///"), conf);
        workingDirectory = new Path(getScheme() + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public URI getUri() {
        return URI.create(getScheme() + ":///");
    }

    private static Path onDisk(Path path) {
        return new Path("file", null, path.toUri().getPath());
    }

    private Path inStore(Path path) {
        return new Path(getScheme(), null, path.toUri().getPath());
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        RenameFaults.beforeRead(f);
        return disk.open(onDisk(f), bufferSize);
    }

    /** The local disk under this file system, for subclasses that rename differently. */
    RawLocalFileSystem disk() {
        return disk;
    }

    static Path onDiskPath(Path path) {
        return onDisk(path);
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
            short replication, long blockSize, Progressable progress) throws IOException {
        // Object stores have no permissions; the overload without one also spares a chmod process per file.
        return disk.create(onDisk(f), overwrite, bufferSize, replication, blockSize, progress);
    }

    @Override
    public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) throws IOException {
        throw new IOException("objstore: append is not supported (" + f + ")");
    }

    /** Copy (overwriting the target), then delete: the target may be replaced by a concurrent rename. */
    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        RenameFaults.beforeRename(dst);
        Path from = onDisk(src);
        if (!disk.exists(from) || disk.getFileStatus(from).isDirectory()) {
            return false;
        }
        String name = dst.getName();
        Race r = race;
        if (r != null && r.fileName.equals(name)) {
            r.arrive();
        }
        Pause p = pause;
        if (p != null && p.fileName.equals(name)) {
            p.hold();
        }
        if (snapshotRenameDelayMillis > 0 && name.startsWith("snapshot-")) {
            sleep(snapshotRenameDelayMillis);
        }
        // Like an object store's server-side copy, the new target appears whole, replacing any old one.
        java.nio.file.Path target = disk.pathToFile(onDisk(dst)).toPath();
        java.nio.file.Path copy = target.resolveSibling("._objstore_copy_" + java.util.UUID.randomUUID());
        java.nio.file.Files.copy(disk.pathToFile(from).toPath(), copy);
        java.nio.file.Files.move(copy, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        disk.delete(from, false);
        RenameFaults.afterRename(dst);
        return true;
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("objstore: interrupted in rename");
        }
    }

    @Override
    public boolean delete(Path f, boolean recursive) throws IOException {
        return disk.delete(onDisk(f), recursive);
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        FileStatus[] statuses = disk.listStatus(onDisk(f));
        for (FileStatus s : statuses) {
            s.setPath(inStore(s.getPath()));
        }
        return statuses;
    }

    @Override
    public void setWorkingDirectory(Path dir) {
        workingDirectory = dir;
    }

    @Override
    public Path getWorkingDirectory() {
        return workingDirectory;
    }

    @Override
    public boolean mkdirs(Path f, FsPermission permission) throws IOException {
        return disk.mkdirs(onDisk(f));
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        FileStatus status = disk.getFileStatus(onDisk(f));
        status.setPath(inStore(status.getPath()));
        return status;
    }

    /** Renames onto one name that wait for each other, so that each has passed its exists check. */
    private record Race(String fileName, CyclicBarrier barrier) {
        void arrive() throws IOException {
            try {
                // A safety net against a hung build, not a timing assertion.
                barrier.await(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IOException("objstore: the renames onto " + fileName + " never met", e);
            }
        }
    }

    /** Holds the first rename onto a name until the test releases it. */
    static final class Pause {
        private final String fileName;
        private final CountDownLatch paused = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private final java.util.concurrent.atomic.AtomicBoolean taken = new java.util.concurrent.atomic.AtomicBoolean();

        private Pause(String fileName) {
            this.fileName = fileName;
        }

        private void hold() throws IOException {
            if (!taken.compareAndSet(false, true)) {
                return;
            }
            paused.countDown();
            try {
                if (!released.await(60, TimeUnit.SECONDS)) {
                    throw new IOException("objstore: the rename onto " + fileName + " was never released");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("objstore: interrupted in rename");
            }
        }

        /** Waits until a rename is held. */
        void awaitPaused() throws InterruptedException {
            if (!paused.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("No rename onto " + fileName + " started");
            }
        }

        void release() {
            released.countDown();
        }
    }
}
