package io.strata.hive.it;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreClients;
import io.strata.metastore.MetastoreSession;
import io.strata.metastore.MetastoreSync;
import io.strata.metastore.MetastoreSyncOptions;
import io.strata.metastore.SyncResult;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;

/**
 * Two Strata tables in a warehouse, written and then registered ONLY by the metastore sync, into
 * EmbeddedHive's own metastore through an embedded client in the same JVM (once per JVM).
 */
final class SyncedTables {

    static final List<String> appendRows = new ArrayList<>();
    static Table events;
    static Table orders;
    private static boolean done;

    private SyncedTables() {}

    private static GenericRow row(String dt, int id, String v) {
        return GenericRow.of(Utf8String.fromString(dt), id, Utf8String.fromString(v));
    }

    private static Table create(FileSystemCatalog catalog, String name, boolean primaryKey) {
        Schema.Builder b = Schema.newBuilder().column("dt", DataTypes.STRING()).column("id", DataTypes.INT())
                .column("v", DataTypes.STRING()).partitionKeys("dt");
        if (primaryKey) {
            b.primaryKey("dt", "id").option("bucket", "2");
        } else {
            b.option("bucket", "-1");
        }
        return catalog.createTable(Identifier.of("synced", name), b.build(), false);
    }

    static synchronized EmbeddedHive get() {
        EmbeddedHive hive = EmbeddedHive.get();
        if (done) {
            return hive;
        }
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new Path(hive.newDirectory("metastore-sync").toUri()));
        catalog.createDatabase("synced", true);
        events = create(catalog, "events", false);
        orders = create(catalog, "orders", true);
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite w = events.newBatchWrite(); BatchWrite o = orders.newBatchWrite()) {
                for (int i = 0; i < 30; i++) {
                    String dt = "2024-01-0" + (1 + i % 3);
                    w.write(row(dt, commit * 100 + i, "e" + i));
                    appendRows.add(dt + "\t" + (commit * 100 + i) + "\te" + i);
                    o.write(row(dt, i, "c" + commit)); // the second commit overwrites every key
                }
                w.commit();
                o.commit();
            }
        }
        try (BatchWrite o = orders.newBatchWrite()) {
            o.delete(GenericRow.ofKind(RowKind.DELETE, Utf8String.fromString("2024-01-01"), 0, null));
            o.commit();
        }
        // EmbeddedHive's metastore: the embedded client reads the same hive-site.xml as Hive's session.
        MetastoreSession.ClientFactory embedded = () -> MetastoreClients.open(MetastoreSyncOptions.EMBEDDED, new HiveConf());
        try (MetastoreSync sync = new MetastoreSync(new MetastoreSession(embedded, 2, Duration.ofMillis(10),
                Duration.ofMillis(100)), Map.of())) {
            SyncResult e = sync.sync(events);
            SyncResult o = sync.sync(orders);
            if (e.added() != 3 || o.added() != 3) {
                throw new IllegalStateException("Expected 3 partitions per table, got " + e + " and " + o);
            }
        }
        done = true;
        return hive;
    }
}
