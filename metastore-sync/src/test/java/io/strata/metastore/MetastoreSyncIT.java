package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.assertDescribes;
import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.delete;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.data.GenericRow;
import io.strata.schema.SchemaChange;
import io.strata.schema.SchemaManager;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The sync against a real metastore, embedded and over Thrift, checked by a separate Thrift client. */
class MetastoreSyncIT {

    private static final LocalMetastore HMS = LocalMetastore.get();

    private static RecordingClients clients(String mode) {
        return new RecordingClients(mode.equals("embedded") ? HMS::newEmbeddedClient : HMS::newThriftClient);
    }

    private static MetastoreSync sync(RecordingClients clients) {
        return new MetastoreSync(new MetastoreSession(clients, 3, Duration.ofMillis(20), Duration.ofMillis(200)), Map.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "thrift"})
    void afterEachCommitASeparateClientSeesExactlyTheSnapshot(String mode) throws Exception {
        String db = "many_" + mode;
        FileSystemCatalog catalog = SyncTestTables.warehouse(db);
        io.strata.table.Table table = SyncTestTables.create(catalog, db, "orders", true, Map.of());
        RecordingClients clients = clients(mode);
        List<GenericRow[]> commits = new ArrayList<>();
        commits.add(new GenericRow[] {row("d1", 1, "a"), row("d1", 2, "b"), row("d2", 1, "c")});   // two added
        commits.add(new GenericRow[] {row("d3", 1, "x"), row("d1", 1, "a2")});                     // one added, one updated
        commits.add(new GenericRow[] {delete("d2", 1)});                                            // d2: only a delete record left
        commits.add(new GenericRow[] {row("d4", 7, "y"), row("d5", 8, "z")});
        commits.add(new GenericRow[] {delete("d4", 7), row("d3", 2, "w")});
        try (MetastoreSync sync = sync(clients); IMetaStoreClient reader = HMS.newThriftClient()) {
            for (GenericRow[] rows : commits) {
                long s = commit(table, rows);
                SyncResult result = sync.sync(table);
                assertThat(result.snapshotId()).isEqualTo(s);
                assertDescribes(reader, db, "orders", table, s);
            }
            // Full compaction removes the files of the partitions whose rows were all deleted: they are dropped.
            table.compactFull();
            long compacted = table.snapshots().latestSnapshotId();
            SyncResult result = sync.sync(table);
            assertThat(result.dropped()).isEqualTo(2);
            assertDescribes(reader, db, "orders", table, compacted);
            assertThat(reader.listPartitionNames(db, "orders", (short) -1)).containsExactlyInAnyOrder("dt=d1", "dt=d3", "dt=d5");
            Table hive = reader.getTable(db, "orders");
            assertThat(hive.getParameters()).containsEntry("primary-key", "dt,id").containsEntry("bucket", "1");
            assertThat(hive.getSd().getInputFormat()).isEqualTo("io.strata.hive.StrataInputFormat");
            assertThat(hive.getSd().getSerdeInfo().getSerializationLib()).isEqualTo("io.strata.hive.StrataSerDe");
            assertThat(hive.getSd().getCols()).containsExactly(new FieldSchema("id", "int", null),
                    new FieldSchema("v", "string", "the value"));
            assertThat(hive.getPartitionKeys()).containsExactly(new FieldSchema("dt", "string", null));
            // A second sync with nothing new changes nothing.
            clients.reset();
            SyncResult again = sync.sync(table);
            assertThat(again.added() + again.updated()).isZero();
            assertThat(clients.calls).doesNotContain("add_partitions_req", "alter_partitions", "alter_table_req");
        }
    }

    /** Partition expiration is a partition drop like any other: the sync removes the expired partitions. */
    @Test
    void expiredPartitionsLeaveTheMetastore() throws Exception {
        String db = "expiring";
        FileSystemCatalog catalog = SyncTestTables.warehouse(db);
        io.strata.table.Table table = SyncTestTables.create(catalog, db, "daily", true,
                Map.of("partition.expiration-time", "2 d", "partition.timestamp-formatter", "yyyyMMdd"));
        java.time.LocalDate today = java.time.LocalDate.now();
        java.time.format.DateTimeFormatter days = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd");
        commit(table, row(today.format(days), 1, "a"), row(today.minusDays(1).format(days), 2, "b"),
                row(today.minusDays(5).format(days), 3, "c"), row(today.minusDays(9).format(days), 4, "d"));
        try (MetastoreSync sync = sync(clients("thrift")); IMetaStoreClient reader = HMS.newThriftClient()) {
            sync.sync(table);
            assertThat(reader.listPartitionNames(db, "daily", (short) -1)).hasSize(4);
            assertThat(table.expirePartitions().commit()).hasSize(2);
            SyncResult result = sync.sync(table);
            assertThat(result.dropped()).isEqualTo(2);
            assertThat(reader.listPartitionNames(db, "daily", (short) -1)).containsExactlyInAnyOrder(
                    "dt=" + today.format(days), "dt=" + today.minusDays(1).format(days));
            assertDescribes(reader, db, "daily", table, table.snapshots().latestSnapshotId());
        }
    }

    @Test
    void appendTableStatisticsAreExactAndMarkedAccurate() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("append");
        io.strata.table.Table table = SyncTestTables.create(catalog, "append_db", "events", false, Map.of());
        try (MetastoreSync sync = sync(clients("thrift")); IMetaStoreClient reader = HMS.newThriftClient()) {
            commit(table, row("d1", 1, "a"), row("d1", 1, "a"), row("d2", 3, "c"));
            long s = commit(table, row("d1", 4, "d"));
            sync.sync(table);
            assertDescribes(reader, "append_db", "events", table, s);
            assertThat(reader.getPartition("append_db", "events", List.of("d1")).getParameters()).containsEntry("numRows", "3");
        }
    }

    @Test
    void incrementalSyncTouchesOnlyTheChangedPartitions() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("incr");
        io.strata.table.Table table = SyncTestTables.create(catalog, "incr_db", "t", true, Map.of());
        List<GenericRow> rows = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            rows.add(row(String.format("p%02d", i), i, "v"));
        }
        commit(table, rows.toArray(new GenericRow[0]));
        RecordingClients clients = clients("thrift");
        try (MetastoreSync sync = sync(clients); IMetaStoreClient reader = HMS.newThriftClient()) {
            SyncResult first = sync.sync(table);
            assertThat(first.mode()).isEqualTo(SyncResult.Mode.FULL);
            assertThat(first.added()).isEqualTo(20);

            clients.reset();
            commit(table, row("p03", 100, "new"), row("p20", 1, "added"));
            SyncResult second = sync.sync(table);
            System.out.println("[incremental] calls for 1 updated + 1 added partition of 21: " + clients.calls);
            assertThat(second.mode()).isEqualTo(SyncResult.Mode.INCREMENTAL);
            assertThat(second.added()).isEqualTo(1);
            assertThat(second.updated()).isEqualTo(1);
            assertThat(new TreeSet<>(clients.touched)).containsExactly("p03", "p20");
            assertThat(clients.calls).doesNotContain("listPartitionNames", "listPartitions");
            assertThat(clients.calls).containsExactly("getTable", "getPartitionsByNames", "add_partitions_req",
                    "alter_partitions", "alter_table_req");
            assertDescribes(reader, "incr_db", "t", table, second.snapshotId());

            clients.reset();
            commit(table, delete("p07", 7));
            table.compactFull();
            SyncResult third = sync.sync(table);
            assertThat(third.mode()).isEqualTo(SyncResult.Mode.INCREMENTAL);
            // Compaction rewrote every partition's files, so all of them are looked at; only p07 is dropped.
            assertThat(third.dropped()).isEqualTo(1);
            assertDescribes(reader, "incr_db", "t", table, third.snapshotId());
        }
    }

    @Test
    void expiredHistoryFallsBackToAFullReconcile() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("expired");
        io.strata.table.Table table = SyncTestTables.create(catalog, "expired_db", "t", false, Map.of());
        RecordingClients clients = clients("thrift");
        try (MetastoreSync sync = sync(clients); IMetaStoreClient reader = HMS.newThriftClient()) {
            commit(table, row("a", 1, "x"));
            sync.sync(table);
            long s2 = commit(table, row("b", 1, "x"));
            long s3 = commit(table, row("c", 1, "x"));
            // Expire snapshot 2 (what snapshot expiration does to the snapshot file).
            Files.delete(Paths.get(table.location().toUri()).resolve("snapshot").resolve("snapshot-" + s2));
            SyncResult result = sync.sync(table);
            assertThat(result.mode()).isEqualTo(SyncResult.Mode.FULL);
            assertThat(result.added()).isEqualTo(2);
            assertDescribes(reader, "expired_db", "t", table, s3);
        }
    }

    @Test
    void aMetastoreAheadOfTheRequestedSnapshotIsLeftAlone() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("ahead");
        io.strata.table.Table table = SyncTestTables.create(catalog, "ahead_db", "t", false, Map.of());
        try (MetastoreSync sync = sync(clients("embedded")); IMetaStoreClient reader = HMS.newThriftClient()) {
            long s1 = commit(table, row("a", 1, "x"));
            long s2 = commit(table, row("b", 1, "x"));
            sync.syncTo(table, s2);
            assertThat(sync.syncTo(table, s1).mode()).isEqualTo(SyncResult.Mode.AHEAD);
            assertDescribes(reader, "ahead_db", "t", table, s2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "thrift"})
    void schemaChangesReachTheTableAndEveryPartition(String mode) throws Exception {
        String db = "schema_" + mode;
        FileSystemCatalog catalog = SyncTestTables.warehouse(db);
        io.strata.table.Table table = SyncTestTables.create(catalog, db, "t", false, Map.of());
        try (MetastoreSync sync = sync(clients(mode)); IMetaStoreClient reader = HMS.newThriftClient()) {
            commit(table, row("a", 1, "x"), row("b", 2, "y"));
            sync.sync(table);
            new SchemaManager(table.fileIO(), table.location()).commitChanges(
                    SchemaChange.addColumn("score", DataTypes.DOUBLE(), "added later"),
                    SchemaChange.renameColumn("v", "label"),
                    SchemaChange.updateColumnType("id", DataTypes.BIGINT()));
            // No new snapshot: the schema change alone is carried.
            SyncResult result = sync.sync(table);
            assertThat(result.tableChanged()).isTrue();
            List<FieldSchema> expected = List.of(new FieldSchema("id", "bigint", null),
                    new FieldSchema("label", "string", "the value"), new FieldSchema("score", "double", "added later"));
            assertThat(reader.getTable(db, "t").getSd().getCols()).isEqualTo(expected);
            for (var p : reader.listPartitions(db, "t", (short) -1)) {
                assertThat(p.getSd().getCols()).as("partition %s", p.getValues()).isEqualTo(expected);
            }
            assertDescribes(reader, db, "t", table, table.snapshots().latestSnapshotId());
        }
    }

    @Test
    void anUnpartitionedTableCarriesItsStatisticsOnTheTable() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("unpart");
        catalog.createDatabase("unpart_db", true);
        io.strata.table.Table table = catalog.createTable(io.strata.catalog.Identifier.of("unpart_db", "t"),
                io.strata.schema.Schema.newBuilder().column("id", DataTypes.INT()).option("bucket", "-1").build(), false);
        try (MetastoreSync sync = sync(clients("thrift")); IMetaStoreClient reader = HMS.newThriftClient()) {
            assertThat(sync.sync(table).snapshotId()).isEqualTo(-1);
            assertThat(reader.getTable("unpart_db", "t").getParameters()).doesNotContainKey("strata.snapshot-id");
            io.strata.table.BatchWrite w = table.newBatchWrite();
            w.write(GenericRow.of(1));
            w.write(GenericRow.of(2));
            long s = w.commit();
            w.close();
            sync.sync(table);
            assertThat(reader.getTable("unpart_db", "t").getParameters()).containsEntry("numRows", "2")
                    .containsEntry("numFiles", "1").containsEntry("strata.snapshot-id", Long.toString(s))
                    .containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
        }
    }

    @Test
    void aTableOfAnotherStorageHandlerIsNeverOverwritten() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("foreign");
        io.strata.table.Table table = SyncTestTables.create(catalog, "foreign_db", "t", false, Map.of());
        commit(table, row("a", 1, "x"));
        try (MetastoreSync sync = sync(clients("thrift")); IMetaStoreClient client = HMS.newThriftClient()) {
            sync.sync(table);
            Table hive = client.getTable("foreign_db", "t");
            hive.getParameters().put("storage_handler", "org.apache.paimon.hive.PaimonStorageHandler");
            client.alter_table("foreign_db", "t", hive);
            assertThatThrownBy(() -> sync.sync(table)).isInstanceOf(MetastoreSyncException.class)
                    .hasMessageContaining("foreign_db.t").hasMessageContaining("PaimonStorageHandler");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"embedded", "thrift"})
    void aSyncRacedByANewerOneNeverMovesTheTableBack(String mode) throws Exception {
        String db = "race_" + mode;
        FileSystemCatalog catalog = SyncTestTables.warehouse(db);
        io.strata.table.Table table = SyncTestTables.create(catalog, db, "t", true, Map.of());
        RecordingClients slow = clients(mode);
        try (MetastoreSync slowSync = sync(slow); MetastoreSync fastSync = sync(clients(mode));
                IMetaStoreClient reader = HMS.newThriftClient()) {
            commit(table, row("d1", 1, "x"), row("d2", 1, "x"));
            slowSync.sync(table);
            long s2 = commit(table, delete("d2", 1), row("d1", 2, "y"));
            table.compactFull();
            long s3 = table.snapshots().latestSnapshotId();
            // The slow sync to s2 has read the table and written its partitions when the fast one
            // syncs s3 (dropping the emptied d2) and advances the table first.
            slow.beforeMethod("alter_table_req", () -> fastSync.syncTo(table, s3));
            SyncResult result = slowSync.syncTo(table, s2);
            assertThat(result.mode()).isEqualTo(SyncResult.Mode.FULL);
            assertThat(result.snapshotId()).isEqualTo(s3);
            assertDescribes(reader, db, "t", table, s3);
            assertThat(reader.listPartitionNames(db, "t", (short) -1)).containsExactly("dt=d1");
        }
    }
}
