package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.metastore.MetastoreClients;
import io.strata.metastore.MetastoreSyncOptions;
import java.util.List;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hive 4.1 finds tables that only the metastore sync registered (no CREATE TABLE by the user): the
 * partitions and pruning in the metastore; the entry matches what Hive stores for the handler.
 */
class MetastoreSyncHiveIT {

    private static EmbeddedHive hive;

    @BeforeAll
    static void sync() {
        hive = SyncedTables.get();
    }

    @Test
    void hiveSeesTheSyncedPartitions() {
        assertThat(hive.query("SHOW PARTITIONS synced.events"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
        assertThat(hive.query("SHOW PARTITIONS synced.orders"))
                .containsExactly("dt=2024-01-01", "dt=2024-01-02", "dt=2024-01-03");
    }

    @Test
    void partitionPruningHappensInTheMetastore() {
        String dependency = String.join("\n", hive.query(
                "EXPLAIN DEPENDENCY SELECT * FROM synced.events WHERE dt = '2024-01-02'"));
        System.out.println("[sync-hive] " + dependency);
        assertThat(dependency).contains("dt=2024-01-02").doesNotContain("dt=2024-01-01").doesNotContain("dt=2024-01-03");
    }

    @Test
    void theEntryIsWhatHiveItselfRegistersForTheHandler() throws Exception {
        try (var client = MetastoreClients.open(MetastoreSyncOptions.EMBEDDED, new HiveConf())) {
            Table synced = client.getTable("synced", "events");
            hive.query("CREATE EXTERNAL TABLE strata_it.sync_by_hand STORED BY 'io.strata.hive.StrataStorageHandler'"
                    + " LOCATION '" + SyncedTables.events.location() + "'");
            Table byHand = client.getTable("strata_it", "sync_by_hand");
            System.out.println("[sync-hive] synced: " + synced.getSd().getInputFormat() + " / "
                    + synced.getSd().getOutputFormat() + " / " + synced.getSd().getSerdeInfo().getSerializationLib());
            System.out.println("[sync-hive] by CREATE TABLE: " + byHand.getSd().getInputFormat() + " / "
                    + byHand.getSd().getOutputFormat() + " / " + byHand.getSd().getSerdeInfo().getSerializationLib()
                    + " " + byHand.getParameters());
            assertThat(synced.getSd().getSerdeInfo().getSerializationLib())
                    .isEqualTo(byHand.getSd().getSerdeInfo().getSerializationLib());
            assertThat(byHand.getParameters().get("storage_handler")).isEqualTo("io.strata.hive.StrataStorageHandler");
            // The table is partitioned: the sync registers it for Hive's own partition path.
            assertThat(synced.getParameters().get("storage_handler"))
                    .isEqualTo("io.strata.hive.MetastorePartitionedStorageHandler");
        }
    }
}
