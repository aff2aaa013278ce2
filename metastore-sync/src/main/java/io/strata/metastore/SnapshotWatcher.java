package io.strata.metastore;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.table.Table;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watch mode: follows a table's new snapshots by polling its latest snapshot id every interval and
 * syncing when it moved. A failed sync is logged and retried at the next poll. An error that retrying
 * cannot cure (a {@link LinkageError}: a class missing from the class path) stops the watcher; it is
 * kept in {@link #failure()}. Stopped by {@link #close()}.
 */
public final class SnapshotWatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotWatcher.class);

    private final FileIO io;
    private final Path location;
    private final MetastoreSync sync;
    private final Duration interval;
    private final AtomicLong synced = new AtomicLong(Long.MIN_VALUE);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Throwable failure;

    /** Starts watching the table at {@code location}; the watcher owns {@code sync} and closes it. */
    public SnapshotWatcher(FileIO io, Path location, MetastoreSync sync, Duration interval) {
        this.io = io;
        this.location = location;
        this.sync = sync;
        this.interval = interval;
        this.thread = new Thread(this::run, "strata-metastore-watch-" + location.getName());
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Watches the table at {@code location}, syncing to the metastore of {@code options}
     * ({@code metastore.sync.uri}) every {@code metastore.sync.watch.interval}.
     */
    public static SnapshotWatcher start(FileIO io, Path location, Map<String, String> options) {
        return new SnapshotWatcher(io, location, MetastoreSync.connect(options, io.hadoopConf()),
                MetastoreSyncOptions.WATCH_INTERVAL.get(options));
    }

    /** The last snapshot synced by this watcher, or {@link Long#MIN_VALUE} before the first. */
    public long lastSyncedSnapshot() {
        return synced.get();
    }

    /** The error that stopped the watcher by itself, if one did. */
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    /**
     * Whether the watcher's thread is still there to follow the table: true until it has ended after
     * {@link #close()} or a fatal error. Once false, nothing syncs any more, which is what a caller
     * can rely on (no poll that was already under way lands later).
     */
    public boolean isRunning() {
        return stopped.getCount() > 0;
    }

    private void run() {
        try {
            while (running) {
                pollOnce();
                try {
                    Thread.sleep(interval.toMillis());
                } catch (InterruptedException e) {
                    break;
                }
            }
        } finally {
            sync.close();
            stopped.countDown();
        }
    }

    private void pollOnce() {
        try {
            Table table = Tables.load(io, location);
            Long latest = table.snapshots().latestSnapshotId();
            long target = latest == null ? -1 : latest;
            if (target != synced.get()) {
                sync.syncTo(table, target);
                synced.set(target);
            }
        } catch (RuntimeException e) {
            LOG.warn("Watch of {}: sync failed, retrying in {}: {}", location, interval, e.getMessage());
        } catch (LinkageError e) {
            // Retrying cannot load a class that is not there: stop, and say why instead of dying silently.
            LOG.error("Watch of {} stopped: {}", location, e.toString(), e);
            failure = e;
            running = false;
        }
    }

    /** Stops watching and waits for a running sync to finish. */
    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        stopped.await(1, TimeUnit.MINUTES);
    }
}
