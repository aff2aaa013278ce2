package io.strata.table;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The local disk registered as the {@code hdfs} scheme, renaming as HDFS does: atomically, and refusing
 * a target that exists, so FileIO commits without a lock as it does on HDFS and on local disks. Unlike
 * the plain local file system (where the commit is one hard link the test cannot get between), its
 * rename goes through the file system, so {@link RenameFaults} can fail it after it took effect.
 */
public class HdfsLikeFileSystem extends ObjectStoreFileSystem {

    static final String SCHEME = "hdfs";

    /** Registers the scheme in a Hadoop configuration (not cached: each test gets its own instance). */
    static Configuration register(Configuration conf) {
        conf.set("fs." + SCHEME + ".impl", HdfsLikeFileSystem.class.getName());
        conf.setBoolean("fs." + SCHEME + ".impl.disable.cache", true);
        return conf;
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    /** A hard link, then the source removed: atomic, and it fails if the target exists. */
    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        RenameFaults.beforeRename(dst);
        java.nio.file.Path from = disk().pathToFile(onDiskPath(src)).toPath();
        java.nio.file.Path to = disk().pathToFile(onDiskPath(dst)).toPath();
        if (!Files.isRegularFile(from)) {
            return false;
        }
        try {
            Files.createLink(to, from);
        } catch (FileAlreadyExistsException e) {
            return false;
        }
        Files.delete(from);
        RenameFaults.afterRename(dst);
        return true;
    }
}
