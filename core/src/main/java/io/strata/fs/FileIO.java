package io.strata.fs;

import io.strata.api.PublicApi;
import java.io.BufferedOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * File access over any Hadoop FileSystem (local, HDFS, S3A). Every failure names the path. The one
 * operation the commit protocol depends on is {@link #tryAtomicWriteIfAbsent}: write a temporary file,
 * then rename it onto the target only if the target does not exist. That is atomic only where {@link
 * #supportsAtomicWriteIfAbsent} says so; on object stores commits need a lock.
 */
@PublicApi
public final class FileIO {

    /**
     * The default Hadoop resources, parsed once. A {@code new Configuration()} parses its XML resources
     * again at its first lookup (a few milliseconds of XML per table a caller loads); a copy of a parsed
     * one takes its properties as they are.
     */
    private static final Configuration DEFAULTS = new Configuration();

    private final Configuration conf;

    public FileIO(Configuration conf) {
        this.conf = conf;
    }

    /** A FileIO with a default Hadoop configuration. */
    public static FileIO local() {
        synchronized (DEFAULTS) {
            // Parses the resources if not done yet, or again after Hadoop added a default resource.
            DEFAULTS.size();
            return new FileIO(new Configuration(DEFAULTS));
        }
    }

    public Configuration hadoopConf() {
        return conf;
    }

    public FileSystem fileSystem(Path path) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        // The checksumming local file system writes a .crc file beside every file; Paimon's tables
        // have none, so local paths go to the raw file system.
        return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
    }

    /** Hadoop's own local file system, not a subclass that may change how files are created. */
    private static boolean isPlainLocal(FileSystem fs) {
        return fs.getClass() == RawLocalFileSystem.class;
    }

    private static boolean isLocal(FileSystem fs) {
        return fs instanceof RawLocalFileSystem;
    }

    public FSDataInputStream open(Path path) throws IOException {
        requireRegularFile(path);
        try {
            return fileSystem(path).open(path);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException("File does not exist: " + path);
        }
    }

    /**
     * Fails, naming the path, if it is a local FIFO, socket, device or directory. Opening a FIFO blocks
     * until something writes into it, so a table file replaced by one would hang a read or a compaction
     * for ever; Hadoop's local file system reports every such path as a file. Other file systems hold
     * only files and directories, and a missing path is left to the open that follows (its own error).
     */
    public void requireRegularFile(Path path) throws IOException {
        FileSystem fs = fileSystem(path);
        if (!isLocal(fs)) {
            return;
        }
        java.nio.file.Path local = ((RawLocalFileSystem) fs).pathToFile(path).toPath();
        if (Files.exists(local) && !Files.isRegularFile(local)) {
            String kind = Files.isDirectory(local) ? "a directory" : "a FIFO, socket or device";
            throw new IOException("Cannot read " + path + ": it is " + kind + ", not a regular file;"
                    + " a table's files are regular files (was it replaced?)");
        }
    }

    /** Creates a file for writing; fails if it exists unless {@code overwrite}. */
    public FSDataOutputStream create(Path path, boolean overwrite) throws IOException {
        FileSystem fs = fileSystem(path);
        if (isPlainLocal(fs)) {
            return createLocal((RawLocalFileSystem) fs, path, overwrite);
        }
        return fs.create(path, overwrite);
    }

    /**
     * Local files are opened with java.nio, not through Hadoop: Hadoop's local file system sets the
     * permission of every file and directory it creates, which without its native library forks a
     * {@code chmod} process each time (a data file, a manifest, a snapshot: milliseconds apiece, most of
     * a small commit). The mode comes out the same (0666 and 0777 under the umask).
     */
    private static FSDataOutputStream createLocal(RawLocalFileSystem raw, Path path, boolean overwrite)
            throws IOException {
        java.nio.file.Path file = raw.pathToFile(path).toPath();
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        OutputStream out;
        try {
            out = overwrite ? Files.newOutputStream(file)
                    : Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
            throw new org.apache.hadoop.fs.FileAlreadyExistsException("File already exists: " + path);
        }
        return new FSDataOutputStream(new BufferedOutputStream(out, LOCAL_BUFFER_SIZE), null);
    }

    private static final int LOCAL_BUFFER_SIZE = 64 * 1024;

    public boolean exists(Path path) throws IOException {
        return fileSystem(path).exists(path);
    }

    public long fileSize(Path path) throws IOException {
        return fileSystem(path).getFileStatus(path).getLen();
    }

    /** The entries of a directory; empty if it does not exist. */
    public FileStatus[] list(Path dir) throws IOException {
        try {
            return fileSystem(dir).listStatus(dir);
        } catch (FileNotFoundException e) {
            return new FileStatus[0];
        }
    }

    public boolean delete(Path path, boolean recursive) throws IOException {
        return fileSystem(path).delete(path, recursive);
    }

    /** Deletes, ignoring failures: for cleaning up after a failed write. */
    public void deleteQuietly(Path path) {
        try {
            delete(path, false);
        } catch (IOException | RuntimeException ignored) {
            // Best effort: a leftover file is an orphan that cleanup finds; it is never referenced.
        }
    }

    public void mkdirs(Path dir) throws IOException {
        FileSystem fs = fileSystem(dir);
        if (isPlainLocal(fs)) {
            // As in createLocal: no chmod process per directory.
            try {
                Files.createDirectories(((RawLocalFileSystem) fs).pathToFile(dir).toPath());
            } catch (FileAlreadyExistsException e) {
                throw new IOException("Cannot create directory " + dir + ": a file of that name exists", e);
            }
            return;
        }
        if (!fs.mkdirs(dir)) {
            throw new IOException("Cannot create directory " + dir);
        }
    }

    /** The whole file. */
    public byte[] readFully(Path path) throws IOException {
        try (InputStream in = open(path)) {
            return in.readAllBytes();
        }
    }

    public String readUtf8(Path path) throws IOException {
        return new String(readFully(path), StandardCharsets.UTF_8);
    }

    /** Writes a new file (it must not exist). */
    public void writeNew(Path path, byte[] content) throws IOException {
        try (FSDataOutputStream out = create(path, false)) {
            out.write(content);
        }
    }

    /**
     * Whether {@link #tryAtomicWriteIfAbsent} is atomic on the file system of {@code path}: on local
     * disks (a hard link fails if the target exists) and on HDFS and viewfs (rename fails if the target
     * exists). Everywhere else (S3A, GCS, ABFS, OSS...) rename is a check followed by a copy that
     * overwrites, so two writers can both "create" the same file: callers must hold a lock.
     */
    public boolean supportsAtomicWriteIfAbsent(Path path) throws IOException {
        FileSystem fs = fileSystem(path);
        if (isLocal(fs)) {
            return true;
        }
        String scheme = scheme(fs);
        return "hdfs".equals(scheme) || "viewfs".equals(scheme);
    }

    /** The scheme of the file system of {@code path} ({@code file}, {@code hdfs}, {@code s3a}...), for messages. */
    public String scheme(Path path) throws IOException {
        return scheme(fileSystem(path));
    }

    private static String scheme(FileSystem fs) {
        // getScheme() is optional for FileSystem implementations; the URI always has one.
        return fs.getUri().getScheme();
    }

    /**
     * Writes {@code content} to {@code target} only if {@code target} does not exist yet: the content
     * goes to a hidden temporary file beside it, which is then moved onto the target. Returns false,
     * leaving nothing behind, if the target exists (another writer won).
     *
     * <p>Atomic only where {@link #supportsAtomicWriteIfAbsent} says so. Elsewhere this is a check for
     * the target followed by a rename (on object stores a copy, so readers still never see a partial
     * file), which is correct only while the caller holds a lock that every writer of the target takes.
     */
    public boolean tryAtomicWriteIfAbsent(Path target, byte[] content) throws IOException {
        Path tmp = new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
        try {
            writeNew(tmp, content);
            FileSystem fs = fileSystem(target);
            if (isLocal(fs)) {
                // POSIX rename replaces an existing target; a hard link fails if the target exists, atomically.
                try {
                    RawLocalFileSystem raw = (RawLocalFileSystem) fs;
                    Files.createLink(raw.pathToFile(target).toPath(), raw.pathToFile(tmp).toPath());
                    return true;
                } catch (FileAlreadyExistsException e) {
                    return false;
                }
            }
            if (fs.exists(target)) {
                return false;
            }
            return fs.rename(tmp, target);
        } finally {
            deleteQuietly(tmp);
        }
    }

    /** Replaces the file's content atomically where the file system allows (temp file, then rename). */
    public void overwriteAtomic(Path target, byte[] content) throws IOException {
        Path tmp = new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
        try {
            writeNew(tmp, content);
            FileSystem fs = fileSystem(target);
            fs.delete(target, false);
            if (!fs.rename(tmp, target)) {
                throw new IOException("Cannot rename " + tmp + " to " + target);
            }
        } finally {
            deleteQuietly(tmp);
        }
    }

    /** Wraps an IOException so that it can cross a lambda, keeping the message that names the path. */
    public static UncheckedIOException unchecked(IOException e) {
        return new UncheckedIOException(e.getMessage(), e);
    }
}
