package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.assertDescribes;
import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.delete;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.fs.FileIO;
import io.strata.table.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Metastore faults at random points of many commits that sync (part of the reliability suite,
 * docs/reliability.md): a real Thrift metastore in its own process ({@link MetastoreProcess}), reached by the
 * writer through a TCP proxy ({@link TcpProxy}). Before or during a commit the proxy refuses connections, or
 * cuts them a few milliseconds into the commit and its sync, or the metastore process is killed with
 * {@code SIGKILL} (and restarted after the commit). Every commit must succeed (the sync is not strict); a
 * watcher reading the metastore directly all along must never see a partition whose data no committed snapshot
 * holds yet, nor a synced snapshot id that is not committed; and once the faults stop, the next commit's sync
 * must bring the metastore to exactly the latest snapshot. {@code -Dreliability.metastore-commits} sets the
 * number of commits (15 in {@code ./mvnw verify}, 100 in run-reliability-suite.sh).
 */
class MetastoreFaultTrialsIT {

    private enum Fault { REFUSED, CUT_MID_COMMIT, KILLED_MID_COMMIT }

    private static final int PARTITIONS = 8;

    @TempDir
    Path dir;

    @Test
    void theMetastoreNeverShowsAPartitionBeforeItsDataAndConvergesAfterEveryFault() throws Exception {
        int commits = Integer.getInteger("reliability.metastore-commits", 15);
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        Random random = new Random(seed);
        try (MetastoreProcess server = new MetastoreProcess(dir.resolve("metastore"));
             TcpProxy proxy = new TcpProxy(server.port())) {
            server.start();
            Map<String, String> options = new HashMap<>();
            options.put("metastore.sync.uri", proxy.uri());
            options.put("metastore.sync.strict", "false");
            options.put("metastore.sync.retry.max-attempts", "2");
            options.put("metastore.sync.retry.initial-backoff", "20 ms");
            FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                    new org.apache.hadoop.fs.Path(dir.resolve("warehouse").toUri()));
            Table table = SyncTestTables.create(catalog, "faults", "t", true, options);

            // The snapshot in which each partition first held data: the watcher's reference.
            Map<String, Long> firstData = new ConcurrentHashMap<>();
            Watcher watcher = new Watcher(server, table, firstData);
            Thread watching = new Thread(watcher, "metastore-watcher");
            watching.start();

            Map<String, Set<Integer>> live = new HashMap<>();
            Map<Fault, Integer> faults = new EnumMap<>(Fault.class);
            int lagging = 0;
            long begin = System.nanoTime();
            for (int c = 0; c < commits; c++) {
                List<GenericRow> rows = new ArrayList<>();
                long next = latest(table) + 1;
                String emptied = random.nextInt(5) == 0 ? someLivePartition(live, random) : null;
                if (emptied != null) {
                    for (int id : live.remove(emptied)) {
                        rows.add(delete(emptied, id));
                    }
                } else {
                    for (int r = 0, n = 1 + random.nextInt(3); r < n; r++) {
                        String dt = "d" + random.nextInt(PARTITIONS);
                        int id = random.nextInt(20);
                        rows.add(row(dt, id, "c" + c));
                        live.computeIfAbsent(dt, k -> new TreeSet<>()).add(id);
                        // Before the commit: the watcher may see the partition as soon as the snapshot exists.
                        firstData.putIfAbsent(dt, next);
                    }
                }
                Fault fault = fault(random);
                Thread injector = null;
                if (fault != null) {
                    faults.merge(fault, 1, Integer::sum);
                    long delay = random.nextInt(40);
                    Runnable inject = switch (fault) {
                        case REFUSED, CUT_MID_COMMIT -> proxy::cut;
                        case KILLED_MID_COMMIT -> () -> {
                            try {
                                server.kill();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        };
                    };
                    if (fault == Fault.REFUSED) {
                        inject.run();
                    } else {
                        injector = new Thread(() -> {
                            sleep(delay);
                            inject.run();
                        });
                        injector.start();
                    }
                }
                long landed = commit(table, rows.toArray(GenericRow[]::new));
                assertThat(landed).as("commit %d", c).isEqualTo(next);
                if (injector != null) {
                    injector.join();
                }
                if (fault != null) {
                    proxy.restore();
                    if (!server.running()) {
                        server.start();
                    }
                }
                if (syncedSnapshot(server) < landed) {
                    lagging++;
                }
            }
            double seconds = (System.nanoTime() - begin) / 1e9;
            // The faults are over: the next commit's sync brings the metastore to its snapshot. Its partition may be
            // new (a short run may never have written d0 before).
            firstData.putIfAbsent("d0", latest(table) + 1);
            long last = commit(table, row("d0", 99, "final"));
            watcher.stop();
            watching.join();
            try (IMetaStoreClient client = server.newClient()) {
                assertDescribes(client, "faults", "t", Tables.load(table.fileIO(), table.location()), last);
            }
            assertThat(watcher.problems).as("what the watcher saw").isEmpty();
            assertThat(watcher.observations.get()).isPositive();
            System.out.printf(Locale.ROOT, "[MetastoreFaultTrialsIT] seed %d: %d commits with sync in %.1f s, faults"
                            + " %s (%d in all), every commit succeeded; the metastore lagged after %d commits and"
                            + " converged to snapshot %d after the last; %d watcher reads of the metastore, partitions"
                            + " shown before their data: %d, uncommitted snapshot ids shown: %d%n", seed, commits,
                    seconds, faults, faults.values().stream().mapToInt(Integer::intValue).sum(), lagging, last,
                    watcher.observations.get(), watcher.earlyPartitions.get(), watcher.earlySnapshots.get());
        }
    }

    /** The snapshot the metastore describes now ({@code -1}: none, or the metastore is down). */
    private static long syncedSnapshot(MetastoreProcess server) {
        try (IMetaStoreClient client = MetastoreClients.open(server.thriftUri(), new Configuration())) {
            String id = client.getTable("faults", "t").getParameters().get("strata.snapshot-id");
            return id == null ? -1 : Long.parseLong(id);
        } catch (Exception e) {
            return -1;
        }
    }

    /** The table's latest snapshot id, 0 before the first commit. */
    private static long latest(Table table) {
        Long id = table.snapshots().latestSnapshotId();
        return id == null ? 0 : id;
    }

    private static Fault fault(Random random) {
        int r = random.nextInt(20);
        return r < 2 ? Fault.REFUSED : r < 4 ? Fault.CUT_MID_COMMIT : r == 4 ? Fault.KILLED_MID_COMMIT : null;
    }

    private static String someLivePartition(Map<String, Set<Integer>> live, Random random) {
        List<String> names = new ArrayList<>(new TreeSet<>(live.keySet()));
        return names.isEmpty() ? null : names.get(random.nextInt(names.size()));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Reads the metastore directly (not through the proxy) every few milliseconds while the writer commits:
     * each partition it lists must hold data in a committed snapshot, and the synced snapshot id must be
     * committed, where "committed" is judged by the table's latest snapshot read after the metastore.
     */
    private static final class Watcher implements Runnable {

        private final MetastoreProcess server;
        private final Table table;
        private final Map<String, Long> firstData;
        private final AtomicBoolean stopped = new AtomicBoolean();
        private final List<String> problems = new ArrayList<>();
        private final AtomicInteger observations = new AtomicInteger();
        private final AtomicInteger earlyPartitions = new AtomicInteger();
        private final AtomicInteger earlySnapshots = new AtomicInteger();

        Watcher(MetastoreProcess server, Table table, Map<String, Long> firstData) {
            this.server = server;
            this.table = table;
            this.firstData = firstData;
        }

        void stop() {
            stopped.set(true);
        }

        @Override
        public void run() {
            IMetaStoreClient client = null;
            while (!stopped.get()) {
                try {
                    if (client == null) {
                        client = MetastoreClients.open(server.thriftUri(), new Configuration());
                    }
                    if (client.tableExists("faults", "t")) {
                        String param = client.getTable("faults", "t").getParameters().get("strata.snapshot-id");
                        List<String> partitions = client.listPartitionNames("faults", "t", (short) -1);
                        long latest = latest(Tables.load(table.fileIO(), table.location()));
                        check(param == null ? -1 : Long.parseLong(param), partitions, latest);
                    }
                } catch (Exception e) {
                    // The metastore is down or cut off: read again once it is back.
                    if (client != null) {
                        client.close();
                    }
                    client = null;
                    sleep(50);
                }
                sleep(5);
            }
            if (client != null) {
                client.close();
            }
        }

        private synchronized void check(long syncedId, List<String> partitions, long latest) {
            observations.incrementAndGet();
            if (syncedId > latest) {
                earlySnapshots.incrementAndGet();
                problems.add("the metastore shows snapshot " + syncedId + " while the latest committed is " + latest);
            }
            for (String name : partitions) {
                String dt = name.substring("dt=".length());
                Long first = firstData.get(dt);
                if (first == null || first > latest) {
                    earlyPartitions.incrementAndGet();
                    problems.add("the metastore shows partition " + name + " (data from snapshot " + first
                            + ") while the latest committed snapshot is " + latest);
                }
            }
        }
    }
}
