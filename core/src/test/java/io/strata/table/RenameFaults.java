package io.strata.table;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;

/**
 * Faults of the test file systems that rename ({@link ObjectStoreFileSystem}, {@link HdfsLikeFileSystem}),
 * armed per file-name prefix: a rename that fails before it takes effect, one that takes effect and then
 * throws (an RPC timeout after the NameNode renamed, an error after an object store's copy), and reads
 * that fail (the file system still unreachable when the writer looks).
 */
final class RenameFaults {

    private static volatile Fault beforeRename;
    private static volatile Fault afterRename;
    private static volatile Fault reads;
    private static volatile Interference interference;

    private RenameFaults() {}

    /** The next {@code times} renames onto a name starting with {@code prefix} throw before renaming. */
    static void failBeforeRenamesOnto(String prefix, int times) {
        beforeRename = new Fault(prefix, times);
    }

    /** The next {@code times} renames onto a name starting with {@code prefix} rename, then throw. */
    static void failAfterRenamesOnto(String prefix, int times) {
        afterRename = new Fault(prefix, times);
    }

    /** The next {@code times} opens of a file whose name starts with {@code prefix} throw. */
    static void failReadsOf(String prefix, int times) {
        reads = new Fault(prefix, times);
    }

    /**
     * The next rename onto a name starting with {@code prefix} first runs {@code action} (once): another
     * writer committing just before this one, which then loses the race for that name.
     */
    static void runBeforeRenameOnto(String prefix, Runnable action) {
        interference = new Interference(prefix, action);
    }

    static void reset() {
        interference = null;
        beforeRename = null;
        afterRename = null;
        reads = null;
    }

    static void beforeRename(Path target) throws IOException {
        Interference i = interference;
        if (i != null && target.getName().startsWith(i.prefix)) {
            interference = null;
            i.action.run();
        }
        fire(beforeRename, target, "Injected failure before renaming onto ");
    }

    static void afterRename(Path target) throws IOException {
        fire(afterRename, target, "Injected failure after renaming onto ");
    }

    static void beforeRead(Path file) throws IOException {
        fire(reads, file, "Injected failure reading ");
    }

    private static void fire(Fault fault, Path path, String message) throws IOException {
        if (fault != null && path.getName().startsWith(fault.prefix) && fault.left.getAndDecrement() > 0) {
            throw new IOException(message + path);
        }
    }

    private record Interference(String prefix, Runnable action) {}

    private record Fault(String prefix, AtomicInteger left) {
        Fault(String prefix, int times) {
            this(prefix, new AtomicInteger(times));
        }
    }
}
