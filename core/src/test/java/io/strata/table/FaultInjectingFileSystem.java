package io.strata.table;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the scheme {@code faulty:}, failing the N-th file creation on demand: a
 * real Hadoop FileSystem, used to fail each step of the commit protocol in turn.
 */
public class FaultInjectingFileSystem extends RawLocalFileSystem {

    /** Fail the create call with this number (1-based); 0 = never. */
    static final AtomicInteger FAIL_AT_CREATE = new AtomicInteger();
    static final AtomicInteger CREATES = new AtomicInteger();

    static void failAtCreate(int n) {
        CREATES.set(0);
        FAIL_AT_CREATE.set(n);
    }

    @Override
    public URI getUri() {
        return URI.create("faulty:///");
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize,
            short replication, long blockSize, Progressable progress) throws IOException {
        int n = CREATES.incrementAndGet();
        if (n == FAIL_AT_CREATE.get()) {
            throw new IOException("Injected failure creating " + f);
        }
        return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    }

    @Override
    public FSDataOutputStream create(Path f, boolean overwrite, int bufferSize, short replication, long blockSize,
            Progressable progress) throws IOException {
        int n = CREATES.incrementAndGet();
        if (n == FAIL_AT_CREATE.get()) {
            throw new IOException("Injected failure creating " + f);
        }
        return super.create(f, overwrite, bufferSize, replication, blockSize, progress);
    }
}
