package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.assertDescribes;
import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.fs.FileIO;
import io.strata.table.Table;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.Test;

/** Syncing a whole warehouse, and watch mode following new snapshots. */
class WarehouseSyncIT {

    private static final LocalMetastore HMS = LocalMetastore.get();

    @Test
    void aWholeWarehouseIsSynced() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("whole");
        Table a = SyncTestTables.create(catalog, "wh_sales", "orders", true, Map.of());
        Table b = SyncTestTables.create(catalog, "wh_sales", "refunds", false, Map.of());
        Table c = SyncTestTables.create(catalog, "wh_ops", "events", false, Map.of());
        long sa = commit(a, row("d1", 1, "x"));
        long sb = commit(b, row("d1", 1, "x"), row("d2", 1, "x"));
        long sc = commit(c, row("d9", 1, "x"));
        try (WarehouseSync sync = WarehouseSync.connect(FileIO.local(), WarehouseSync.optionsFor(HMS.thriftUri()));
                IMetaStoreClient reader = HMS.newThriftClient()) {
            List<WarehouseSync.Outcome> outcomes = sync.syncWarehouse(catalog.warehouse());
            assertThat(outcomes).hasSize(3).allMatch(WarehouseSync.Outcome::succeeded);
            assertDescribes(reader, "wh_sales", "orders", a, sa);
            assertDescribes(reader, "wh_sales", "refunds", b, sb);
            assertDescribes(reader, "wh_ops", "events", c, sc);
            assertThat(reader.getDatabase("wh_ops").getLocationUri()).endsWith("wh_ops.db");
        }
    }

    @Test
    void watchModeFollowsNewSnapshotsUntilStopped() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("watch");
        Table table = SyncTestTables.create(catalog, "watch_db", "t", false, Map.of());
        MetastoreSync sync = MetastoreSync.connect(WarehouseSync.optionsFor(HMS.thriftUri()), HMS.thriftConf());
        try (IMetaStoreClient reader = HMS.newThriftClient()) {
            SnapshotWatcher watcher = new SnapshotWatcher(FileIO.local(), table.location(), sync, Duration.ofMillis(100));
            long s1 = commit(table, row("a", 1, "x"));
            awaitSynced(watcher, s1);
            assertDescribes(reader, "watch_db", "t", table, s1);
            long s2 = commit(table, row("b", 1, "x"));
            awaitSynced(watcher, s2);
            assertDescribes(reader, "watch_db", "t", table, s2);
            watcher.close();
            // Its thread has ended, so no sync can come after this commit: no need to wait and see.
            assertThat(watcher.isRunning()).isFalse();
            long s3 = commit(table, row("c", 1, "x"));
            assertThat(s3).isGreaterThan(s2);
            assertThat(watcher.lastSyncedSnapshot()).isEqualTo(s2);
            assertThat(reader.getTable("watch_db", "t").getParameters()).containsEntry("strata.snapshot-id", Long.toString(s2));
        }
    }

    private static void awaitSynced(SnapshotWatcher watcher, long snapshot) throws InterruptedException {
        // A bounded wait for the background sync, not a timing assertion.
        for (int i = 0; i < 600 && watcher.lastSyncedSnapshot() < snapshot; i++) {
            Thread.sleep(50);
        }
        assertThat(watcher.lastSyncedSnapshot()).isEqualTo(snapshot);
    }
}
