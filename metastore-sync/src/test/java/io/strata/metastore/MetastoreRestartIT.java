package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.assertDescribes;
import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.delete;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.data.GenericRow;
import io.strata.fs.FileIO;
import io.strata.table.CommitCallbackException;
import io.strata.table.Table;
import io.strata.table.source.PartitionStatistics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metastore server killed ({@code kill -9}) while writers commit and in the middle of a sync, then
 * restarted on the same port over the same Derby database: commits are never lost, and the next sync
 * converges. The server runs in its own JVM ({@link MetastoreProcess}), killed and restarted once.
 */
class MetastoreRestartIT {

    @TempDir
    static Path dir;

    private static MetastoreProcess server;
    private static final List<Duration> RESTARTS = new ArrayList<>();

    @BeforeAll
    static void startServer() throws Exception {
        server = new MetastoreProcess(dir.resolve("metastore"));
        Duration first = server.start();
        System.out.println("[MetastoreRestartIT] first start (schema created): " + first.toMillis() + " ms");
    }

    @AfterAll
    static void stopServer() throws Exception {
        System.out.println("[MetastoreRestartIT] restarts over the existing database: "
                + RESTARTS.stream().map(d -> d.toMillis() + " ms").toList());
        if (server != null) {
            server.close();
        }
    }

    private static void restart() throws Exception {
        RESTARTS.add(server.start());
    }

    private static FileSystemCatalog warehouse(String name) {
        return new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.resolve(name).toUri()));
    }

    private static Map<String, String> commitSync(boolean strict) {
        Map<String, String> o = new HashMap<>();
        o.put("metastore.sync.uri", server.thriftUri());
        o.put("metastore.sync.strict", Boolean.toString(strict));
        o.put("metastore.sync.retry.max-attempts", "2");
        o.put("metastore.sync.retry.initial-backoff", "20 ms");
        return o;
    }

    private static String snapshotOf(IMetaStoreClient client, String db, String table) throws Exception {
        return client.getTable(db, table).getParameters().get("strata.snapshot-id");
    }

    /**
     * One outage for three scenarios, because each start of the server costs a JVM and Hive's startup
     * (about 20 s here): a sync is killed between its batches of partitions (the kill is the outage),
     * lenient and strict writers commit while the server is dead, then one restart, then each converges.
     */
    @Test
    void killedMidSyncAndDuringCommitsThenRestartedEverythingConverges() throws Exception {
        FileSystemCatalog catalog = warehouse("lake");
        // Both tables sync from the commit hook (metastore.sync.uri is a table option).
        Table lenient = SyncTestTables.create(catalog, "crash_db", "orders", true, commitSync(false));
        Table strict = SyncTestTables.create(catalog, "crash_db", "strict_orders", false, commitSync(true));
        Table batched = SyncTestTables.create(catalog, "crash_db", "events", false,
                Map.of("metastore.sync.partition-batch-size", "15"));
        long s1 = commit(lenient, row("d1", 1, "a"), row("d2", 2, "b"), row("d3", 3, "c"));
        long t1 = commit(strict, row("d1", 1, "a"));
        long b1 = commit(batched, row("base", 0, "x"));
        try (MetastoreSync sync = MetastoreSync.connect(Map.of("metastore.sync.uri", server.thriftUri()), new Configuration());
                IMetaStoreClient reader = server.newClient()) {
            sync.sync(batched);
            assertDescribes(reader, "crash_db", "orders", lenient, s1);
            assertDescribes(reader, "crash_db", "strict_orders", strict, t1);
            assertDescribes(reader, "crash_db", "events", batched, b1);
        }

        // 1. The server dies in the middle of a sync of 60 new partitions, 15 per call.
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            rows.add(row(String.format("p%02d", i), i, "v" + i));
        }
        long b2 = commit(batched, rows.toArray(new GenericRow[0]));
        Set<String> committed = PartitionStatistics.of(batched, batched.snapshots().snapshot(b2)).keySet();
        killDuringSecondAddPartitions(batched);

        // 2. Lenient: commits return normally (the hook logs the lag), their snapshots are the table's state.
        long s2 = commit(lenient, row("d4", 4, "d"), delete("d1", 1));
        long s3 = commit(lenient, row("d2", 5, "e"));
        assertThat(s3).isGreaterThan(s2);
        assertThat(lenient.snapshots().latestSnapshotId()).isEqualTo(s3);
        assertThat(SyncTestTables.read(lenient)).containsExactly("d2,2,b", "d2,5,e", "d3,3,c", "d4,4,d");
        // 3. Strict: the writer sees the failure, which says the snapshot stays committed; it does.
        assertThatThrownBy(() -> commit(strict, row("d9", 9, "z"))).isInstanceOf(CommitCallbackException.class)
                .hasMessageContaining("stays committed");
        long t2 = strict.snapshots().latestSnapshotId();
        assertThat(t2).isGreaterThan(t1);
        assertThat(SyncTestTables.read(strict)).containsExactly("d1,1,a", "d9,9,z");

        restart();
        try (IMetaStoreClient reader = server.newClient()) {
            // What was committed in the metastore before the kill survived it, nothing after it is there.
            assertDescribes(reader, "crash_db", "orders", lenient, s1);
            assertDescribes(reader, "crash_db", "strict_orders", strict, t1);
            // The killed sync: only whole batches, each partition one whose data is committed, no duplicate,
            // and the table still at the old snapshot (it advances only after all partitions are in).
            List<String> names = reader.listPartitionNames("crash_db", "events", (short) -1);
            System.out.println("[MetastoreRestartIT] partitions of the killed sync visible after recovery: "
                    + names.size() + " of " + committed.size());
            assertThat(names).doesNotHaveDuplicates()
                    .hasSize(reader.listPartitions("crash_db", "events", (short) -1).size());
            assertThat(committed).containsAll(names);
            assertThat(names).as("'base' and the first batch of 15, not the second").hasSize(16);
            assertThat(snapshotOf(reader, "crash_db", "events")).isEqualTo(Long.toString(b1));

            // The next commit's sync catches up over the whole lag (s1 -> s4: d1 emptied, d4 added, d2 changed).
            lenient.compactFull();
            long s4 = commit(lenient, row("d5", 6, "f"));
            assertDescribes(reader, "crash_db", "orders", lenient, s4);
            assertThat(reader.listPartitionNames("crash_db", "orders", (short) -1))
                    .containsExactlyInAnyOrder("dt=d2", "dt=d3", "dt=d4", "dt=d5");
            // A plain sync (strata sync, watch mode) converges the others.
            try (MetastoreSync sync = MetastoreSync.connect(commitSync(true), new Configuration())) {
                assertThat(sync.sync(strict).snapshotId()).isEqualTo(t2);
                SyncResult rerun = sync.sync(batched);
                assertThat(rerun.snapshotId()).isEqualTo(b2);
                assertThat(rerun.added()).isEqualTo(committed.size() - names.size());
            }
            assertDescribes(reader, "crash_db", "strict_orders", strict, t2);
            assertDescribes(reader, "crash_db", "events", batched, b2);
            assertThat(new HashSet<>(reader.listPartitionNames("crash_db", "events", (short) -1))).isEqualTo(committed);
        }
    }

    /**
     * Syncs {@code table} through recorded clients and kills the server 150 ms into the second
     * {@code add_partitions_req} (a batch takes about a second on Derby, so the call is in flight).
     */
    private static void killDuringSecondAddPartitions(Table table) throws Exception {
        RecordingClients clients = new RecordingClients(server::newClient);
        // Killed (and waited for) in the sync's own thread just before its second batch goes out: the
        // outage always falls between two batches, whatever the machine's speed (a timed kill did not).
        clients.beforeMethod("add_partitions_req", () -> clients.beforeMethod("add_partitions_req", () -> {
            try {
                server.kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }));
        try (MetastoreSync sync = new MetastoreSync(new MetastoreSession(clients, 2, Duration.ofMillis(20),
                Duration.ofMillis(100)), Map.of())) {
            assertThatThrownBy(() -> sync.sync(table)).isInstanceOf(MetastoreSyncException.class)
                    .hasMessageContaining("unreachable");
        }
        assertThat(server.running()).isFalse();
        assertThat(clients.count("add_partitions_req")).isGreaterThanOrEqualTo(2);
        System.out.println("[MetastoreRestartIT] calls of the killed sync: " + clients.calls);
    }
}
