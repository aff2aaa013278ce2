package io.strata.reliability.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreClients;
import io.strata.metastore.MetastoreProcess;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.source.PartitionStatistics;
import io.strata.testing.SecondJvm;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of {@code strata sync} processes in the middle of their work, trial after trial, against a real
 * Thrift metastore (its own process). Each trial commits a batch that adds partitions and empties others, starts
 * a sync and kills it: half of the time 0 to 100 ms after the metastore shows the sync's first change, otherwise 0
 * to 4 s after its JVM is up (a sync process of one batch takes 2 to 3 s here, most of it starting up). After each kill the metastore must show no partition whose
 * data is not committed and no snapshot that is not committed; a sync run to its end must then bring it to the
 * latest snapshot exactly (its partitions, and the snapshot id). {@code -Dreliability.sync-trials} sets the
 * number of trials (2 in {@code ./mvnw verify}, 100 in run-reliability-suite.sh).
 */
class SyncCrashTrialsIT {

    /** New partitions per batch: enough metastore calls that a kill often lands inside the sync. */
    private static final int PARTITIONS_PER_BATCH = 40;

    private static final int KILL_WINDOW_MILLIS = 4000;

    @TempDir
    Path dir;

    @Test
    void aKilledSyncNeverShowsUncommittedDataAndTheNextSyncConverges() throws Exception {
        int trials = Integer.getInteger("reliability.sync-trials", 2);
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        Random random = new Random(seed);
        try (MetastoreProcess metastore = new MetastoreProcess(dir.resolve("metastore"))) {
            metastore.start();
            FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                    new org.apache.hadoop.fs.Path(dir.resolve("warehouse").toUri()));
            catalog.createDatabase("db", true);
            Table table = catalog.createTable(Identifier.of("db", "events"), Schema.newBuilder()
                    .column("dt", DataTypes.STRING()).column("id", DataTypes.INT()).column("v", DataTypes.STRING())
                    .partitionKeys("dt").primaryKey("dt", "id").option("bucket", "1").build(), false);
            // A local path, as a user types it (strata sync takes paths, not URIs).
            String tablePath = Path.of(table.location().toUri()).toString();
            Map<String, Long> firstData = new HashMap<>();
            Set<String> live = new TreeSet<>();
            int killedMidSync = 0;
            int killsOnChange = 0;
            List<Long> syncMillis = new ArrayList<>();
            int partitionsBeforeData = 0;
            int uncommittedSnapshots = 0;
            long start = System.nanoTime();
            try (IMetaStoreClient client = MetastoreClients.open(metastore.thriftUri(), new Configuration())) {
                for (int trial = 0; trial < trials; trial++) {
                    long snapshot = commitBatch(table, trial, random, live, firstData);
                    String before = describe(client);
                    Process sync = syncWorker("sync-" + trial, tablePath, metastore.thriftUri());
                    if (random.nextBoolean()) {
                        // Inside the sync's writes: once the metastore shows its first change, 0 to 100 ms later.
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                        while (sync.isAlive() && describe(client).equals(before) && System.nanoTime() < deadline) {
                            Thread.sleep(2);
                        }
                        Thread.sleep(random.nextInt(100));
                        killsOnChange++;
                    } else {
                        Thread.sleep(random.nextInt(KILL_WINDOW_MILLIS));
                    }
                    sync.destroyForcibly();
                    assertThat(sync.waitFor(60, TimeUnit.SECONDS)).isTrue();
                    String after = describe(client);
                    if (!after.equals(before) && !after.equals(expected(table, snapshot))) {
                        killedMidSync++;
                    }
                    // What the killed sync left: nothing ahead of the table.
                    long shown = syncedSnapshot(client);
                    if (shown > snapshot) {
                        uncommittedSnapshots++;
                    }
                    for (String name : partitions(client)) {
                        Long first = firstData.get(name.substring("dt=".length()));
                        if (first == null || first > snapshot) {
                            partitionsBeforeData++;
                        }
                    }
                    // A sync run to its end converges.
                    SecondJvm.Finished finished = syncJvm("resync-" + trial, tablePath, metastore.thriftUri())
                            .run(Duration.ofMinutes(3));
                    assertThat(finished.exitCode()).as("the sync after trial %d: %s", trial, finished.logTail())
                            .isZero();
                    syncMillis.add(finished.wallMillis());
                    assertThat(describe(client)).as("the metastore after trial %d's second sync", trial)
                            .isEqualTo(expected(table, snapshot));
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "[SyncCrashTrialsIT] seed %d: %d trials in %.0f s; %d kills right after the"
                            + " sync's first change; %d syncs killed with part of their work done; partitions shown before their data %d, uncommitted snapshots"
                            + " shown %d; every second sync converged (its process took %s ms)%n", seed, trials, seconds,
                    killsOnChange, killedMidSync, partitionsBeforeData, uncommittedSnapshots, syncMillis);
            assertThat(partitionsBeforeData).isZero();
            assertThat(uncommittedSnapshots).isZero();
        }
    }

    /** Adds rows in new partitions and empties a live one; returns the snapshot it committed. */
    private static long commitBatch(Table table, int trial, Random random, Set<String> live, Map<String, Long> firstData)
            throws Exception {
        Long latest = table.snapshots().latestSnapshotId();
        long next = (latest == null ? 0 : latest) + 1;
        try (BatchWrite write = table.newBatchWrite()) {
            for (int p = 0; p < PARTITIONS_PER_BATCH; p++) {
                String dt = "t" + trial + "p" + p;
                write.write(GenericRow.of(Utf8String.fromString(dt), 1, Utf8String.fromString("v" + trial)));
                live.add(dt);
                firstData.putIfAbsent(dt, next);
            }
            List<String> older = new ArrayList<>(live);
            older.removeIf(dt -> dt.startsWith("t" + trial + "p"));
            for (int e = 0; e < 10 && !older.isEmpty(); e++) {
                String dt = older.remove(random.nextInt(older.size()));
                write.delete(GenericRow.ofKind(RowKind.DELETE, Utf8String.fromString(dt), 1, null));
                live.remove(dt);
            }
            return write.commit();
        }
    }

    /**
     * What a sync of {@code snapshot} must leave: its snapshot id and the partitions that hold live files in it
     * (a partition whose rows were all deleted keeps its files, and its metastore entry, until a compaction).
     */
    private static String expected(Table table, long snapshot) {
        Table fresh = Tables.load(table.fileIO(), table.location());
        Set<String> partitions = new TreeSet<>();
        for (PartitionStatistics.Partition p : PartitionStatistics.of(fresh, fresh.snapshots().snapshot(snapshot))
                .values()) {
            partitions.add("dt=" + p.values().get(0));
        }
        return snapshot + " " + partitions;
    }

    private static String describe(IMetaStoreClient client) throws Exception {
        return syncedSnapshot(client) + " " + new TreeSet<>(partitions(client));
    }

    private static long syncedSnapshot(IMetaStoreClient client) throws Exception {
        if (!client.tableExists("db", "events")) {
            return -1;
        }
        String id = client.getTable("db", "events").getParameters().get("strata.snapshot-id");
        return id == null ? -1 : Long.parseLong(id);
    }

    private static List<String> partitions(IMetaStoreClient client) throws Exception {
        return client.tableExists("db", "events") ? client.listPartitionNames("db", "events", (short) -1) : List.of();
    }

    private Process syncWorker(String name, String table, String metastore) throws Exception {
        return syncJvm(name, table, metastore).start(dir.resolve(name + ".log"), "ready"::equals,
                Duration.ofSeconds(120));
    }

    private SecondJvm syncJvm(String name, String table, String metastore) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx256m"));
        // Hive's metastore client needs on JDK 17 what this JVM opens to it.
        options.addAll(SecondJvm.openedModules());
        return SecondJvm.of(Files.createDirectories(dir.resolve(name)), SyncWorker.class)
                .classPath(SecondJvm.testClassPath()).jvmOptions(options)
                .args("sync", "--table", table, "--metastore", metastore, "--no-progress");
    }
}
