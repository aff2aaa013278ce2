package io.strata.lsm;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * The local lookup copies of data files ({@link LookupFile}) one writer keeps for all its buckets, as Paimon's
 * writers keep theirs: on local disk, in a directory of their own ({@code strata-lookup-<uuid>} under the temp
 * directory), at most {@code lookup.cache-max-disk-size} bytes of them (the least recently used deleted beyond
 * it; the copy just built always stays), each deleted once unused for {@code lookup.cache-file-retention}. In
 * memory only their block keys and the decoded blocks of the {@link LookupBlockCache}. {@link #close()} deletes
 * every copy and the directory. Thread-safe.
 */
public final class LookupFileCache implements Closeable {

    /** Builds the local copy of a data file into the given path. */
    @FunctionalInterface
    interface Builder {
        LookupFile build(Path path) throws IOException;
    }

    private record Cached(LookupFile file, long lastAccessMillis) {}

    private final Path root;
    private final long maxDiskBytes;
    private final long retentionMillis;
    private final LongSupplier clockMillis;
    private final LookupBlockCache blocks;
    private final Map<String, Cached> files = new LinkedHashMap<>(16, 0.75f, true);
    private Path directory;
    private long diskBytes;
    private long built;
    private boolean closed;

    /**
     * @param root where the directory of the copies is made (the temp directory)
     * @param maxDiskBytes {@code lookup.cache-max-disk-size}
     * @param retention {@code lookup.cache-file-retention}
     * @param maxMemoryBytes {@code lookup.cache-max-memory-size}: decoded blocks kept in memory
     * @param clockMillis the table's clock
     */
    public LookupFileCache(Path root, long maxDiskBytes, Duration retention, long maxMemoryBytes,
            LongSupplier clockMillis) {
        this.root = root;
        this.maxDiskBytes = maxDiskBytes;
        this.retentionMillis = retention.toMillis();
        this.clockMillis = clockMillis;
        this.blocks = new LookupBlockCache(maxMemoryBytes);
    }

    LookupBlockCache blocks() {
        return blocks;
    }

    /** The local copy of data file {@code dataFileName}, built with {@code builder} unless cached. */
    synchronized LookupFile get(String dataFileName, Builder builder) throws IOException {
        if (closed) {
            throw new IllegalStateException("The lookup cache in " + directory + " is closed");
        }
        long now = clockMillis.getAsLong();
        expire(now);
        Cached cached = files.get(dataFileName);
        if (cached != null) {
            files.put(dataFileName, new Cached(cached.file(), now));
            return cached.file();
        }
        if (directory == null) {
            Files.createDirectories(root);
            directory = Files.createTempDirectory(root, "strata-lookup-");
        }
        LookupFile file = builder.build(directory.resolve(UUID.randomUUID() + ".lookup"));
        built++;
        files.put(dataFileName, new Cached(file, now));
        diskBytes += file.diskBytes();
        Iterator<Map.Entry<String, Cached>> eldest = files.entrySet().iterator();
        while (diskBytes > maxDiskBytes && files.size() > 1) {
            drop(eldest.next().getValue().file());
            eldest.remove();
        }
        return file;
    }

    /** Deletes the copies unused for longer than the retention. */
    private void expire(long now) {
        Iterator<Map.Entry<String, Cached>> it = files.entrySet().iterator();
        while (it.hasNext()) {
            Cached c = it.next().getValue();
            if (now - c.lastAccessMillis() > retentionMillis) {
                drop(c.file());
                it.remove();
            }
        }
    }

    private void drop(LookupFile file) {
        diskBytes -= file.diskBytes();
        blocks.forget(file);
        file.delete();
    }

    /** Bytes of the local copies now on disk. */
    public synchronized long diskBytes() {
        return diskBytes;
    }

    /** How many local copies are cached now. */
    public synchronized int cachedFiles() {
        return files.size();
    }

    /** How many local copies were built so far (a copy dropped and needed again is built again). */
    public synchronized long builtFiles() {
        return built;
    }

    /** The directory of the copies, or null before the first. */
    public synchronized Path directory() {
        return directory;
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (Cached c : new ArrayList<>(files.values())) {
            drop(c.file());
        }
        files.clear();
        if (directory != null) {
            List<Path> left = new ArrayList<>();
            try (var stale = Files.list(directory)) {
                stale.forEach(left::add);
            } catch (IOException ignored) {
                // Gone already.
            }
            for (Path p : left) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // Best effort: a copy of committed data, in the temp directory.
                }
            }
            try {
                Files.deleteIfExists(directory);
            } catch (IOException ignored) {
                // Best effort, as above.
            }
        }
    }
}
