package io.strata.metastore;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.junit.jupiter.api.Test;

/**
 * Legacy-named partition directories ({@code dt=19723}) registered with the values Hive users expect
 * ({@code dt=2024-01-01}) and the real directory as location, against a real Thrift metastore.
 */
class MetastoreSyncPartitionValuesIT {

    private static final LocalMetastore HMS = LocalMetastore.get();

    private static int day(String date) {
        return (int) LocalDate.parse(date).toEpochDay();
    }

    private static GenericRow row(RowKind kind, Integer dt, int id) {
        return GenericRow.ofKind(kind, dt, Timestamp.fromLocalDateTime(LocalDateTime.parse("2024-01-01T10:00:05")), true,
                Decimal.fromBigDecimal(new BigDecimal("1.50"), 10, 2), id, Utf8String.fromString("v" + id));
    }

    private static long commit(Table table, GenericRow... rows) {
        try (BatchWrite w = table.newBatchWrite()) {
            for (GenericRow r : rows) {
                if (r.kind() == RowKind.DELETE) {
                    w.delete(r);
                } else {
                    w.write(r);
                }
            }
            return w.commit();
        }
    }

    /** Hive name -> location of every partition a fresh client sees. */
    private static Map<String, String> partitions(IMetaStoreClient client, String db, String table) throws Exception {
        Map<String, String> out = new TreeMap<>();
        for (Partition p : client.listPartitions(db, table, (short) -1)) {
            out.put(String.join("|", p.getValues()), p.getSd().getLocation());
        }
        return out;
    }

    @Test
    void dateTimestampBooleanAndDecimalKeysGetHivesTextAndKeepTheirDirectories() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("values");
        catalog.createDatabase("values_db", true);
        Table table = catalog.createTable(Identifier.of("values_db", "events"), Schema.newBuilder()
                .column("dt", DataTypes.DATE())
                .column("ts", DataTypes.TIMESTAMP(3))
                .column("flag", DataTypes.BOOLEAN())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING())
                .partitionKeys("dt", "ts", "flag", "amount")
                .primaryKey("dt", "ts", "flag", "amount", "id")
                .option("bucket", "1")
                .build(), false);
        assertThat(table.schema().options()).doesNotContainKey("partition.legacy-name"); // Paimon's default: true
        commit(table, row(RowKind.INSERT, day("2024-01-01"), 1), row(RowKind.INSERT, day("2024-01-02"), 2));
        String base = table.location().toString();
        String rest = "/ts=2024-01-01T10%3A00%3A05/flag=true/amount=1.50";
        String suffix = "|2024-01-01 10:00:05|true|1.5";
        try (MetastoreSync sync = new MetastoreSync(MetastoreSession.create(
                        MetastoreSession.ClientFactory.of(HMS.thriftUri(), HMS.thriftConf()), Map.of()), Map.of());
                IMetaStoreClient reader = HMS.newThriftClient()) {
            SyncResult first = sync.sync(table);
            assertThat(first.added()).isEqualTo(2);
            assertThat(partitions(reader, "values_db", "events")).containsExactlyInAnyOrderEntriesOf(Map.of(
                    "2024-01-01" + suffix, base + "/dt=19723" + rest,
                    "2024-01-02" + suffix, base + "/dt=19724" + rest));
            assertThat(reader.listPartitionNames("values_db", "events", (short) -1)).contains(
                    "dt=2024-01-01/ts=2024-01-01 10%3A00%3A05/flag=true/amount=1.5");
            // The metastore's own filter on the date key finds the partition by its date.
            List<Partition> byFilter = reader.listPartitionsByFilter("values_db", "events", "dt = \"2024-01-02\"", (short) -1);
            assertThat(byFilter).extracting(p -> p.getSd().getLocation()).containsExactly(base + "/dt=19724" + rest);
            assertThat(reader.getTable("values_db", "events").getPartitionKeys()).extracting(f -> f.getType())
                    .containsExactly("date", "timestamp", "boolean", "decimal(10,2)");

            // Incremental: one date partition updated, another emptied and dropped (found by its directory).
            commit(table, row(RowKind.INSERT, day("2024-01-01"), 4), row(RowKind.DELETE, day("2024-01-02"), 2));
            table.compactFull();
            SyncResult second = sync.sync(table);
            assertThat(second.mode()).isEqualTo(SyncResult.Mode.INCREMENTAL);
            assertThat(second.dropped()).isEqualTo(1);
            assertThat(partitions(reader, "values_db", "events")).containsOnlyKeys("2024-01-01" + suffix);
            assertThat(reader.getPartition("values_db", "events",
                    List.of("2024-01-01", "2024-01-01 10:00:05", "true", "1.5")).getParameters())
                    .containsEntry("numRows", "2")
                    .containsEntry("strata.snapshot-id", Long.toString(second.snapshotId()));

            // A rerun (which redoes the last step, drop included) adds and rewrites nothing: the names it
            // derives from directories match the ones it registered.
            SyncResult again = sync.sync(table);
            assertThat(again.added() + again.updated()).isZero();
            assertThat(partitions(reader, "values_db", "events")).containsOnlyKeys("2024-01-01" + suffix);
        }
    }
}
