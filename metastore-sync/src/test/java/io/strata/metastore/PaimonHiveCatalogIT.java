package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.table.FileStoreTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.hive.HiveCatalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.options.Options;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTableFactory;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;

/**
 * Apache Paimon's Hive catalog (paimon-bundle 1.4.2) against the metastore Strata synced: the catalog
 * itself cannot run on Hive 4.1's classes (asserted, with the reason), so the test checks the entry it
 * would look for and reads the table through the location the metastore gives.
 */
class PaimonHiveCatalogIT {

    private static final LocalMetastore HMS = LocalMetastore.get();

    private static Options options(FileSystemCatalog warehouse) {
        Options options = new Options();
        options.set("metastore", "hive");
        options.set("uri", HMS.thriftUri());
        options.set("warehouse", warehouse.warehouse().toString());
        return options;
    }

    /**
     * Paimon's Hive catalog built without its factory: the factory's createHiveConf reads
     * HiveConf.ConfVars.METASTOREURIS, which Hive 4 renamed (METASTORE_URIS), and the constructor reads
     * METASTOREWAREHOUSE (now METASTORE_WAREHOUSE) unless location-in-properties is set.
     */
    private static Catalog paimonCatalog(FileSystemCatalog warehouse) throws java.io.IOException {
        HiveConf conf = new HiveConf(HMS.thriftConf(), HiveConf.class);
        conf.set("hive.metastore.uris", HMS.thriftUri());
        conf.set("location-in-properties", "true");
        CatalogContext context = CatalogContext.create(options(warehouse), conf);
        return new HiveCatalog(org.apache.paimon.fs.FileIO.get(new org.apache.paimon.fs.Path(warehouse.warehouse().toString()), context),
                conf, "org.apache.hadoop.hive.metastore.HiveMetaStoreClient", context, warehouse.warehouse().toString());
    }

    private static MetastoreSync sync(Map<String, String> overrides) {
        return new MetastoreSync(new MetastoreSession(new RecordingClients(HMS::newThriftClient), 2,
                Duration.ofMillis(10), Duration.ofMillis(50)), overrides);
    }

    private static List<String> paimonRows(Table table) throws Exception {
        ReadBuilder read = table.newReadBuilder();
        List<String> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = read.newRead().createReader(read.newScan().plan().splits())) {
            reader.forEachRemaining(r -> out.add(r.getString(0) + "," + r.getInt(1) + "," + r.getString(2)));
        }
        Collections.sort(out);
        return out;
    }

    @Test
    void paimonsHiveCatalogCannotRunOnHive4ClassesButTheEntryIsWhatItLooksFor() throws Exception {
        FileSystemCatalog warehouse = SyncTestTables.warehouse("paimon");
        FileStoreTable table = SyncTestTables.create(warehouse, "paimon_db", "events", true, Map.of());
        commit(table, row("d1", 1, "a"), row("d2", 2, "b"));
        commit(table, row("d1", 1, "a2"), row("d3", 3, "c"));
        // Registered for Strata's Hive connector (the default) and, under a second name, with Paimon's formats.
        try (MetastoreSync strata = sync(Map.of());
                MetastoreSync paimon = sync(Map.of("metastore.sync.paimon-formats", "true",
                        "metastore.sync.table", "events_paimon"))) {
            strata.sync(table);
            paimon.sync(table);
        }
        // Paimon 1.4.2's Hive catalog cannot run against Hive 4.1's classes: built through its factory it
        // fails in createHiveConf, built by hand it fails on its first metastore call (the client pool's
        // cache key). Both read HiveConf.ConfVars.METASTOREURIS, which Hive 4 renamed to METASTORE_URIS.
        assertThatThrownBy(() -> CatalogFactory.createCatalog(CatalogContext.create(options(warehouse), HMS.thriftConf())))
                .isInstanceOf(NoSuchFieldError.class).hasMessageContaining("METASTOREURIS");
        assertThatThrownBy(() -> {
            try (Catalog catalog = paimonCatalog(warehouse)) {
                catalog.listTables("paimon_db");
            }
        }).isInstanceOf(NoSuchFieldError.class).hasMessageContaining("METASTOREURIS");

        // What Paimon's catalog would do with the entries, from a separate metastore client: it takes a table
        // for its own only when the storage descriptor names PaimonInputFormat and PaimonOutputFormat
        // (HiveCatalog.isPaimonTable), then loads the table from the entry's location.
        try (IMetaStoreClient client = HMS.newThriftClient()) {
            org.apache.hadoop.hive.metastore.api.Table paimonEntry = client.getTable("paimon_db", "events_paimon");
            assertThat(paimonEntry.getSd().getInputFormat()).isEqualTo("org.apache.paimon.hive.mapred.PaimonInputFormat");
            assertThat(paimonEntry.getSd().getOutputFormat()).isEqualTo("org.apache.paimon.hive.mapred.PaimonOutputFormat");
            assertThat(paimonEntry.getParameters()).containsEntry("table_type", "PAIMON")
                    .containsEntry("storage_handler", "org.apache.paimon.hive.PaimonStorageHandler");
            org.apache.hadoop.hive.metastore.api.Table strataEntry = client.getTable("paimon_db", "events");
            assertThat(strataEntry.getSd().getInputFormat()).isEqualTo("io.strata.hive.StrataInputFormat");
            assertThat(client.listPartitionNames("paimon_db", "events_paimon", (short) -1))
                    .containsExactlyInAnyOrder("dt=d1", "dt=d2", "dt=d3");

            // Paimon reads the table at the location the metastore gives: the same rows as Strata.
            org.apache.paimon.fs.Path location = new org.apache.paimon.fs.Path(paimonEntry.getSd().getLocation());
            Table read = FileStoreTableFactory.create(org.apache.paimon.fs.local.LocalFileIO.create(), location);
            assertThat(paimonRows(read)).isEqualTo(SyncTestTables.read(table)).hasSize(3);
            assertThat(read.partitionKeys()).containsExactly("dt");
            assertThat(read.primaryKeys()).containsExactly("dt", "id");
        }
    }
}
