package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.strata.table.FileStoreTable;
import io.strata.types.DataTypes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hive 4.1 queries tables that only the metastore sync registered (no CREATE TABLE by the user): the
 * sync writes into EmbeddedHive's own metastore through an embedded client in the same JVM.
 */
class MetastoreSyncHiveIT {

    private static EmbeddedHive hive;
    private static final List<String> appendRows = new ArrayList<>();
    private static FileStoreTable events;
    private static FileStoreTable orders;

    private static GenericRow row(String dt, int id, String v) {
        return GenericRow.of(Utf8String.fromString(dt), id, Utf8String.fromString(v));
    }

    private static FileStoreTable create(FileSystemCatalog catalog, String name, boolean primaryKey) {
        Schema.Builder b = Schema.newBuilder().column("dt", DataTypes.STRING()).column("id", DataTypes.INT())
                .column("v", DataTypes.STRING()).partitionKeys("dt");
        if (primaryKey) {
            b.primaryKey("dt", "id").option("bucket", "2");
        } else {
            b.option("bucket", "-1");
        }
        return catalog.createTable(Identifier.of("synced", name), b.build(), false);
    }

    @BeforeAll
    static void writeAndSync() {
        hive = EmbeddedHive.get();
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
            assertThat(e.added()).isEqualTo(3);
            assertThat(o.added()).isEqualTo(3);
        }
    }

    @Test
    void hiveReadsTheSyncedTableWithoutACreateTable() {
        assertThat(hive.query("SHOW PARTITIONS synced.events"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        assertThat(hive.query("SELECT dt, id, v FROM synced.events")).containsExactlyInAnyOrderElementsOf(appendRows);
    }

    @Test
    void partitionPruningHappensInTheMetastore() {
        List<String> expected = appendRows.stream().filter(r -> r.startsWith("2024-01-02")).toList();
        assertThat(hive.query("SELECT dt, id, v FROM synced.events WHERE dt = '2024-01-02'"))
                .containsExactlyInAnyOrderElementsOf(expected);
        String dependency = String.join("\n", hive.query(
                "EXPLAIN DEPENDENCY SELECT * FROM synced.events WHERE dt = '2024-01-02'"));
        System.out.println("[sync-hive] " + dependency);
        assertThat(dependency).contains("dt=2024-01-02").doesNotContain("dt=2024-01-01").doesNotContain("dt=2024-01-03");
    }

    @Test
    void countStarIsExactWithStatisticsAnswering() {
        hive.query("SET hive.compute.query.using.stats=true");
        try {
            // Append table: the metastore's numRows is exact and marked accurate.
            assertThat(hive.query("SELECT count(*) FROM synced.events")).containsExactly(Integer.toString(appendRows.size()));
            // Primary-key table: files hold 60 upserts and a delete for 29 live keys; never answered from numRows.
            assertThat(hive.query("SELECT count(*) FROM synced.orders")).containsExactly("29");
            assertThat(hive.query("SELECT count(*) FROM synced.orders WHERE dt = '2024-01-01'")).containsExactly("9");
        } finally {
            hive.query("SET hive.compute.query.using.stats=false");
        }
    }

    @Test
    void theEntryIsWhatHiveItselfWouldRegisterForTheHandler() throws Exception {
        try (var client = MetastoreClients.open(MetastoreSyncOptions.EMBEDDED, new HiveConf())) {
            Table synced = client.getTable("synced", "events");
            System.out.println("[sync-hive] synced storage: " + synced.getSd().getInputFormat() + " / "
                    + synced.getSd().getOutputFormat() + " / " + synced.getSd().getSerdeInfo().getSerializationLib());
            hive.query("CREATE EXTERNAL TABLE strata_it.by_hand STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                    + events.location() + "'");
            Table byHand = client.getTable("strata_it", "by_hand");
            System.out.println("[sync-hive] CREATE TABLE storage: " + byHand.getSd().getInputFormat() + " / "
                    + byHand.getSd().getOutputFormat() + " / " + byHand.getSd().getSerdeInfo().getSerializationLib());
            assertThat(synced.getSd().getInputFormat()).isEqualTo(byHand.getSd().getInputFormat());
            assertThat(synced.getSd().getSerdeInfo().getSerializationLib())
                    .isEqualTo(byHand.getSd().getSerdeInfo().getSerializationLib());
        }
    }
}
