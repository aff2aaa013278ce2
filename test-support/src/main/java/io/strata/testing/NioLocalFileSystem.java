package io.strata.testing;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import java.net.URI;
import java.net.URISyntaxException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFs;
import org.apache.hadoop.fs.DelegateToFileSystem;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Hadoop's local file system (checksums and all) for test JVMs, with permissions set and read in the JVM
 * ({@code java.nio}) instead of by the {@code chmod}, {@code ls -ld} and {@code readlink} processes Hadoop forks when
 * its native library is absent, as it is in every test JVM here. Hive, Tez and MapReduce set the permissions of
 * every scratch directory, job file and localized resource: measured in the Hive tests, forking those processes
 * from a 2 GB JVM took about a quarter of the CPU. The files and their permissions are the same. Modules whose
 * tests run Hive or MapReduce register it as {@code fs.file.impl} in a test {@code core-site.xml}.
 */
public class NioLocalFileSystem extends LocalFileSystem {

    public NioLocalFileSystem() {
        super(new NioRawLocalFileSystem());
    }

    /**
     * The same for {@code FileContext} ({@code fs.AbstractFileSystem.file.impl}), which Tez and MapReduce use to
     * localize job resources.
     */
    public static class Fs extends ChecksumFs {

        public Fs(URI uri, Configuration conf) throws IOException, URISyntaxException {
            super(new RawFs(uri, conf));
        }
    }

    /** The raw {@code FileContext} file system, delegating to {@link NioRawLocalFileSystem}. */
    static class RawFs extends DelegateToFileSystem {

        RawFs(URI uri, Configuration conf) throws IOException, URISyntaxException {
            super(uri, new NioRawLocalFileSystem(), conf, "file", false);
        }

        @Override
        public boolean isValidName(String src) {
            return true; // as Hadoop's local AbstractFileSystem: any local path name is valid
        }
    }

    /** The raw file system under the checksums. */
    public static class NioRawLocalFileSystem extends RawLocalFileSystem {

        @Override
        public void setPermission(Path p, FsPermission permission) throws IOException {
            java.nio.file.Path file = pathToFile(p).toPath();
            try {
                // The sticky bit (Hive's 1777 scratch root) has no java.nio form; a test JVM does not need it.
                Files.setPosixFilePermissions(file, posix(permission.toShort()));
            } catch (NoSuchFileException e) {
                throw new FileNotFoundException("File " + p + " does not exist");
            }
        }

        @Override
        public FileStatus getFileStatus(Path f) throws IOException {
            return status(f, true);
        }

        @Override
        public FileStatus getFileLinkStatus(Path f) throws IOException {
            return status(f, false);
        }

        @Override
        public FileStatus[] listStatus(Path f) throws IOException {
            FileStatus[] listed = super.listStatus(f);
            FileStatus[] out = new FileStatus[listed.length];
            for (int i = 0; i < listed.length; i++) {
                // Hadoop's statuses load their permissions by running ls when asked: read them now, in the JVM.
                out[i] = status(listed[i].getPath(), true);
            }
            return out;
        }

        private FileStatus status(Path f, boolean followLinks) throws IOException {
            java.nio.file.Path file = pathToFile(f).toPath();
            LinkOption[] options = followLinks ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
            PosixFileAttributes a;
            try {
                a = Files.readAttributes(file, PosixFileAttributes.class, options);
            } catch (NoSuchFileException e) {
                throw new FileNotFoundException("File " + f + " does not exist");
            }
            Path qualified = f.makeQualified(getUri(), getWorkingDirectory());
            Path symlink = null;
            if (a.isSymbolicLink()) {
                java.nio.file.Path target = Files.readSymbolicLink(file);
                symlink = new Path(target.isAbsolute() ? target.toString() : file.resolveSibling(target).toString());
            }
            return new FileStatus(a.isDirectory() ? 0 : a.size(), a.isDirectory(), 1, getDefaultBlockSize(f),
                    a.lastModifiedTime().toMillis(), a.lastAccessTime().toMillis(), new FsPermission(bits(a.permissions())),
                    a.owner().getName(), a.group().getName(), symlink, qualified);
        }

        private static Set<PosixFilePermission> posix(short mode) {
            Set<PosixFilePermission> set = EnumSet.noneOf(PosixFilePermission.class);
            PosixFilePermission[] order = {PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
                PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE,
                PosixFilePermission.GROUP_READ, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_READ};
            for (int bit = 0; bit < order.length; bit++) {
                if ((mode & (1 << bit)) != 0) {
                    set.add(order[bit]);
                }
            }
            return set;
        }

        private static short bits(Set<PosixFilePermission> permissions) {
            short mode = 0;
            for (PosixFilePermission p : permissions) {
                mode |= (short) (1 << switch (p) {
                    case OTHERS_EXECUTE -> 0;
                    case OTHERS_WRITE -> 1;
                    case OTHERS_READ -> 2;
                    case GROUP_EXECUTE -> 3;
                    case GROUP_WRITE -> 4;
                    case GROUP_READ -> 5;
                    case OWNER_EXECUTE -> 6;
                    case OWNER_WRITE -> 7;
                    case OWNER_READ -> 8;
                });
            }
            return mode;
        }
    }
}
