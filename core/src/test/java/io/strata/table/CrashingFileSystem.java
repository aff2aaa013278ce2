package io.strata.table;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The local file system under the scheme {@code crashing:}, that "crashes" at the N-th delete: it
 * throws {@link Crash}, an Error that no cleanup code catches, so the operation stops there as if the
 * process had died.
 */
public class CrashingFileSystem extends RawLocalFileSystem {

    /** The simulated death of the process. */
    static final class Crash extends Error {
        Crash(Path path) {
            super("Simulated crash deleting " + path);
        }
    }

    static final AtomicInteger CRASH_AT_DELETE = new AtomicInteger();
    static final AtomicInteger DELETES = new AtomicInteger();

    static void crashAtDelete(int n) {
        DELETES.set(0);
        CRASH_AT_DELETE.set(n);
    }

    @Override
    public URI getUri() {
        return URI.create("crashing:///");
    }

    @Override
    public boolean delete(Path p, boolean recursive) throws IOException {
        if (DELETES.incrementAndGet() == CRASH_AT_DELETE.get()) {
            throw new Crash(p);
        }
        return super.delete(p, recursive);
    }
}
