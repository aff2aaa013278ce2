package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.assertDescribes;
import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.delete;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.table.CommitCallback;
import io.strata.table.Table;
import io.strata.table.CommitCallbackException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.Test;

/** The metastore going away mid-sync or before it, and syncs interrupted at every step. */
class MetastoreSyncFaultIT {

    private static final LocalMetastore HMS = LocalMetastore.get();

    private static Map<String, String> options(String uri, boolean strict) {
        Map<String, String> o = new HashMap<>();
        o.put("metastore.sync.uri", uri);
        o.put("metastore.sync.strict", Boolean.toString(strict));
        o.put("metastore.sync.retry.max-attempts", "2");
        o.put("metastore.sync.retry.initial-backoff", "20 ms");
        return o;
    }

    private static CommitCallback callback(Table table) {
        List<CommitCallback> callbacks = new MetastoreSyncHooks().commitCallbacks(table);
        assertThat(callbacks).hasSize(1);
        return callbacks.get(0);
    }

    @Test
    void anUnreachableMetastoreNeverFailsACommitAndTheNextSyncCatchesUp() throws Exception {
        try (TcpProxy proxy = new TcpProxy(HMS.port()); IMetaStoreClient reader = HMS.newThriftClient()) {
            FileSystemCatalog catalog = SyncTestTables.warehouse("lenient");
            Table table = SyncTestTables.create(catalog, "lenient_db", "t", true, options(proxy.uri(), false));
            long s1 = commit(table, row("a", 1, "x"));
            callback(table).committed(table, table.snapshots().snapshot(s1));
            assertDescribes(reader, "lenient_db", "t", table, s1);

            proxy.cut();
            long s2 = commit(table, row("b", 1, "y"), delete("a", 1));
            callback(table).committed(table, table.snapshots().snapshot(s2)); // logs the lag, does not throw
            assertThat(SyncTestTables.read(table)).containsExactly("b,1,y");
            assertDescribes(reader, "lenient_db", "t", table, s1);

            proxy.restore();
            long s3 = commit(table, row("c", 1, "z"));
            callback(table).committed(table, table.snapshots().snapshot(s3));
            assertDescribes(reader, "lenient_db", "t", table, s3);
        }
    }

    @Test
    void strictSyncLetsTheCommitsCallerSeeTheFailureButKeepsTheSnapshot() throws Exception {
        try (TcpProxy proxy = new TcpProxy(HMS.port())) {
            FileSystemCatalog catalog = SyncTestTables.warehouse("strict");
            Table table = SyncTestTables.create(catalog, "strict_db", "t", false, options(proxy.uri(), true));
            proxy.cut();
            // Through core's commit (the hook is registered): the writer sees the failure, the snapshot stays.
            assertThatThrownBy(() -> commit(table, row("a", 1, "x"))).isInstanceOf(CommitCallbackException.class)
                    .hasMessageContaining("stays committed");
            long s1 = table.snapshots().latestSnapshotId();
            // The callback itself, as any caller may run it.
            assertThatThrownBy(() -> callback(table).committed(table, table.snapshots().snapshot(s1)))
                    .isInstanceOf(MetastoreSyncException.class)
                    .hasMessageContaining("Snapshot " + s1).hasMessageContaining(proxy.uri());
            assertThat(table.snapshots().latestSnapshotId()).isEqualTo(s1);
            assertThat(SyncTestTables.read(table)).containsExactly("a,1,x");
        }
    }

    @Test
    void aClosedPortIsLoggedNotThrown() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        FileSystemCatalog catalog = SyncTestTables.warehouse("closed");
        Table table = SyncTestTables.create(catalog, "closed_db", "t", false,
                options("thrift://127.0.0.1:" + closed, false));
        long s1 = commit(table, row("a", 1, "x"));
        callback(table).committed(table, table.snapshots().snapshot(s1));
        assertThat(table.snapshots().latestSnapshotId()).isEqualTo(s1);
    }

    @Test
    void theMetastoreGoingDownMidSyncThenComingBackConverges() throws Exception {
        try (TcpProxy proxy = new TcpProxy(HMS.port()); IMetaStoreClient reader = HMS.newThriftClient()) {
            FileSystemCatalog catalog = SyncTestTables.warehouse("midsync");
            Table table = SyncTestTables.create(catalog, "midsync_db", "t", true, Map.of());
            RecordingClients clients = new RecordingClients(() -> {
                try {
                    return MetastoreClients.open(proxy.uri(), HMS.thriftConf());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            MetastoreSync sync = new MetastoreSync(new MetastoreSession(clients, 2, Duration.ofMillis(10),
                    Duration.ofMillis(50)), Map.of());
            commit(table, row("a", 1, "x"), row("b", 1, "x"));
            sync.sync(table);
            long s2 = commit(table, row("c", 1, "y"), row("a", 2, "z"), delete("b", 1));
            table.compactFull();
            // Cut the network right before the third call of the sync (after reading the table and partitions).
            clients.beforeCall(3, proxy::cut);
            assertThatThrownBy(() -> sync.sync(table)).isInstanceOf(MetastoreSyncException.class)
                    .hasMessageContaining("unreachable");
            proxy.restore();
            SyncResult result = sync.sync(table);
            assertDescribes(reader, "midsync_db", "t", table, result.snapshotId());
            assertThat(result.snapshotId()).isGreaterThan(s2);
            sync.close();
        }
    }

    @Test
    void aSyncInterruptedAtAnyStepConvergesWhenRunAgain() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("interrupt");
        Table table = SyncTestTables.create(catalog, "interrupt_db", "t", true, Map.of());
        long a = commit(table, row("keep", 1, "x"), row("update", 1, "x"), row("empty", 1, "x"));
        commit(table, row("update", 2, "y"), row("new", 1, "y"), delete("empty", 1));
        table.compactFull();
        long s = table.snapshots().latestSnapshotId();
        // How many metastore calls a sync from a to s makes.
        RecordingClients counting = new RecordingClients(HMS::newEmbeddedClient);
        int steps;
        try (MetastoreSync sync = new MetastoreSync(new MetastoreSession(counting, 1, Duration.ZERO, Duration.ZERO),
                Map.of("metastore.sync.table", "probe"))) {
            sync.syncTo(table, a);
            counting.reset();
            sync.syncTo(table, s);
            steps = counting.calls.size();
            System.out.println("[interrupt] calls of one sync: " + counting.calls);
        }
        try (IMetaStoreClient reader = HMS.newThriftClient()) {
            for (int k = 1; k <= steps; k++) {
                Map<String, String> name = Map.of("metastore.sync.table", "t_" + k);
                RecordingClients clients = new RecordingClients(HMS::newEmbeddedClient);
                try (MetastoreSync sync = new MetastoreSync(new MetastoreSession(clients, 1, Duration.ZERO, Duration.ZERO), name)) {
                    sync.syncTo(table, a);
                    clients.failAtCall(k);
                    int step = k;
                    assertThatThrownBy(() -> sync.syncTo(table, s)).as("failure at call %s", step)
                            .isInstanceOf(MetastoreSyncException.class).hasMessageContaining("injected");
                    clients.failAtCall(-1);
                    sync.syncTo(table, s);
                }
                assertDescribes(reader, "interrupt_db", "t_" + k, table, s);
            }
        }
    }
}
