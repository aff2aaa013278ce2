package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.delete;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.metastore.paimon.PaimonCatalogProcess;
import io.strata.schema.SchemaChange;
import io.strata.schema.SchemaManager;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.GetTableRequest;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.options.Options;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apache Paimon's real Hive catalog (paimon-bundle 1.4.2, created through {@code CatalogFactory} with
 * {@code metastore=hive}) pointed at the metastore Strata synced. The catalog cannot run on Hive 4.1's
 * classes, so it runs in a second JVM on Hive 3.1.3's client ({@link PaimonCatalogProcess}), as its users
 * run it. It lists and reads a table Strata registered with {@code metastore.sync.paimon-formats=true};
 * an entry with Strata's formats (the default, for Hive 4 through Strata's connector) is not a Paimon
 * table to it: one metastore entry serves one of the two (docs/metastore-sync.md).
 */
class PaimonHiveCatalogIT {

    private static final LocalMetastore HMS = LocalMetastore.get();

    @TempDir
    Path work;

    private static MetastoreSync sync(Map<String, String> overrides) {
        return new MetastoreSync(new MetastoreSession(new RecordingClients(HMS::newThriftClient), 2,
                Duration.ofMillis(10), Duration.ofMillis(50)), overrides);
    }

    @Test
    void paimonsHiveCatalogListsAndReadsWhatStrataSyncedWithPaimonFormats() throws Exception {
        FileSystemCatalog warehouse = SyncTestTables.warehouse("paimon");
        Table table = SyncTestTables.create(warehouse, "paimon_db", "events", true, Map.of());
        long began = System.nanoTime();
        // Paimon's entry: created at the first commit, then brought forward incrementally over updates,
        // deletes and a new column.
        try (MetastoreSync forPaimon = sync(Map.of("metastore.sync.paimon-formats", "true"))) {
            commit(table, row("d1", 1, "a"), row("d1", 2, "b"), row("d2", 3, "c"), row("d3", 4, "d"));
            forPaimon.sync(table);
            commit(table, row("d1", 1, "a2"), row("d2", 5, "e"), row("d4", 6, null));
            // d3 loses its only row; its partition keeps a live file (the delete record) until compaction.
            commit(table, delete("d1", 2), delete("d3", 4));
            forPaimon.sync(table);
            commit(table, row("d2", 3, "c2"), row("d4", 7, "g"));
            // A column added later: Paimon reads the older files with the evolved schema.
            new SchemaManager(table.fileIO(), table.location()).commitChanges(
                    SchemaChange.addColumn("score", DataTypes.DOUBLE(), "added later"));
            table = Tables.load(table.fileIO(), table.location());
            commit(table, GenericRow.of(Utf8String.fromString("d5"), 8, Utf8String.fromString("h"), 1.5));
            forPaimon.sync(table);
        }
        List<String> strataRows = SyncTestTables.read(table);
        assertThat(strataRows).containsExactly("d1,1,a2,null", "d2,3,c2,null", "d2,5,e,null", "d4,6,null,null",
                "d4,7,g,null", "d5,8,h,1.5");

        // The same table three times more: for Hive 4 through Strata's connector (paimon_db.events_hive, the
        // default formats), the documented way to serve both under one name (Strata's entry in a database of
        // its own, strata_db.events, next to Paimon's), and one more for Paimon to drop. The sync creates
        // only the database of the table's own directory (<db>.db); another one is created by its owner.
        long paimonEntryMillis = (System.nanoTime() - began) / 1_000_000;
        began = System.nanoTime();
        try (IMetaStoreClient client = HMS.newThriftClient()) {
            client.createDatabase(new Database("strata_db", "Strata's entries for Hive 4",
                    HMS.newDirectory("strata_db").toUri().toString(), new HashMap<>()));
        }
        try (MetastoreSync forHive = sync(Map.of("metastore.sync.table", "events_hive"));
                MetastoreSync toDrop = sync(Map.of("metastore.sync.paimon-formats", "true",
                        "metastore.sync.table", "events_dropped"));
                // As docs/metastore-sync.md shows it: a sync with its own options on top of the table's.
                MetastoreSync forHiveElsewhere = MetastoreSync.connect(Map.of("metastore.sync.uri", HMS.thriftUri(),
                        "metastore.sync.database", "strata_db"), HMS.thriftConf())) {
            forHive.sync(table);
            forHiveElsewhere.sync(table);
            toDrop.sync(table);
        }
        try (IMetaStoreClient client = HMS.newThriftClient()) {
            assertThat(client.listPartitionNames("paimon_db", "events", (short) -1))
                    .containsExactlyInAnyOrder("dt=d1", "dt=d2", "dt=d3", "dt=d4", "dt=d5");
            assertThat(client.getTable(new GetTableRequest("paimon_db", "events")).getParameters())
                    .containsEntry(HiveTableDefinition.SNAPSHOT_ID, "5");
        }

        long otherEntriesMillis = (System.nanoTime() - began) / 1_000_000;

        List<String> commands = List.of(
                "databases",
                "tables paimon_db",
                "tables strata_db",
                "table paimon_db.events",
                "read paimon_db.events",
                "read paimon_db.events dt=d2",
                "read paimon_db.events dt=d3",
                "partitions paimon_db.events",
                "table paimon_db.events_hive",
                "tables no_such_db",
                "drop paimon_db.events_dropped",
                "table paimon_db.events_dropped");
        PaimonCatalogProcess.Result paimon = PaimonCatalogProcess.run(work, HMS.thriftUri(),
                warehouse.warehouse().toString(), commands);
        System.out.println("[PaimonHiveCatalogIT] Strata's 5 commits and 3 syncs of Paimon's entry: " + paimonEntryMillis
                + " ms; 3 more entries: " + otherEntriesMillis + " ms");
        System.out.println("[PaimonHiveCatalogIT] " + paimon.catalogClass() + " on " + paimon.hiveJar()
                + " in a second JVM: " + paimon.wallMillis() + " ms wall, peak heap "
                + paimon.peakHeapBytes() / (1 << 20) + " MB, catalog created in " + paimon.catalogMillis()
                + " ms, commands " + paimon.millis());
        paimon.transcript().output().forEach((command, lines) -> System.out.println("[PaimonHiveCatalogIT] " + command + " -> " + lines));
        paimon.errors().forEach((command, error) -> System.out.println("[PaimonHiveCatalogIT] " + command + " -> " + error));

        assertThat(paimon.catalogClass()).isEqualTo("org.apache.paimon.hive.HiveCatalog");
        assertThat(paimon.hiveJar()).isEqualTo("hive-common-3.1.3.jar");
        assertThat(paimon.of("databases")).contains("paimon_db", "strata_db");
        // Only the entries with Paimon's input and output formats are Paimon tables to the catalog.
        assertThat(paimon.of("tables paimon_db")).containsExactlyInAnyOrder("events", "events_dropped");
        assertThat(paimon.of("tables strata_db")).isEmpty();
        assertThat(paimon.of("table paimon_db.events")).containsExactly(
                "name\tevents",
                "field\tdt\tSTRING NOT NULL",
                "field\tid\tINT NOT NULL",
                "field\tv\tSTRING",
                "field\tscore\tDOUBLE",
                "partition-keys\tdt",
                "primary-keys\tdt,id");
        assertThat(sorted(paimon.of("read paimon_db.events"))).isEqualTo(strataRows);
        assertThat(sorted(paimon.of("read paimon_db.events dt=d2"))).containsExactly("d2,3,c2,null", "d2,5,e,null");
        // Paimon lists partitions from the table's files (the metastore's only with tag-to-partition); its
        // record counts, like the numRows Strata registers, count every record in the live files (superseded
        // versions and delete records too, so d3 is there with its delete record).
        List<String> registered = new ArrayList<>();
        try (IMetaStoreClient client = HMS.newThriftClient()) {
            for (Partition p : client.listPartitions("paimon_db", "events", (short) -1)) {
                registered.add("{dt=" + p.getValues().get(0) + "}\t" + p.getParameters().get("numRows"));
            }
        }
        assertThat(registered).hasSize(5);
        assertThat(paimon.of("partitions paimon_db.events")).containsExactlyInAnyOrderElementsOf(registered);
        assertThat(paimon.errors().get("table paimon_db.events_hive")).contains("TableNotExistException");
        assertThat(paimon.errors().get("tables no_such_db")).contains("DatabaseNotExistException");

        // A Paimon user dropping an entry: the entry is an external table, so its data stays, and Strata's
        // other entries and the table itself are untouched.
        assertThat(paimon.of("drop paimon_db.events_dropped")).isEmpty();
        assertThat(paimon.errors().get("table paimon_db.events_dropped")).contains("TableNotExistException");
        try (IMetaStoreClient client = HMS.newThriftClient()) {
            assertThat(client.getTables("paimon_db", "*")).containsExactlyInAnyOrder("events", "events_hive");
        }
        assertThat(SyncTestTables.read(Tables.load(table.fileIO(), table.location()))).isEqualTo(strataRows);
    }

    /**
     * Why the catalog runs in a second JVM: on Hive 4.1's classes its factory fails in createHiveConf,
     * which reads {@code HiveConf.ConfVars.METASTOREURIS} (Hive 4 renamed it {@code METASTORE_URIS}). Should
     * a Paimon release run on Hive 4, this fails and the second JVM can go.
     */
    @Test
    void paimonsHiveCatalogCannotRunOnHive4ClassesInThisJvm() {
        Options options = new Options();
        options.set("metastore", "hive");
        options.set("uri", HMS.thriftUri());
        options.set("warehouse", HMS.newDirectory("paimon-hive4").toUri().toString());
        assertThatThrownBy(() -> CatalogFactory.createCatalog(CatalogContext.create(options, HMS.thriftConf())))
                .isInstanceOf(NoSuchFieldError.class).hasMessageContaining("METASTOREURIS");
    }

    /** The second JVM runs on Hive 3.1.3's client only; without those jars it says where they belong. */
    @Test
    void theSecondJvmHasNoHive4JarAndNamesAMissingHive3Directory() throws Exception {
        List<String> classPath = PaimonCatalogProcess.classPath(PaimonCatalogProcess.hive3ClientDir());
        assertThat(classPath).anyMatch(e -> e.endsWith("hive-common-3.1.3.jar"))
                .anyMatch(e -> e.endsWith("libthrift-0.9.3.jar")).anyMatch(e -> e.contains("paimon-bundle"))
                .noneMatch(e -> e.contains("/hive-") && e.endsWith("-4.1.0.jar")).noneMatch(e -> e.contains("libthrift-0.16"))
                .noneMatch(e -> e.contains("strata-core")).noneMatch(e -> e.endsWith("classes"));
        Path empty = work.resolve("no-hive3");
        java.nio.file.Files.createDirectories(empty);
        assertThatThrownBy(() -> PaimonCatalogProcess.classPath(empty))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(empty.toString());
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }
}
