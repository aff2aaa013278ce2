package io.strata.metastore;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.Snapshot;
import io.strata.table.BatchWrite;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.source.PartitionStatistics;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;

/** Strata tables for the sync tests, and the check that the metastore describes one snapshot exactly. */
final class SyncTestTables {

    private SyncTestTables() {}

    static FileSystemCatalog warehouse(String prefix) {
        Path root = new Path(LocalMetastore.get().newDirectory(prefix).toUri());
        return new FileSystemCatalog(FileIO.local(), root);
    }

    /** {@code (dt STRING, id INT, v STRING)} partitioned by dt; primary key (dt, id) or append. */
    static io.strata.table.Table create(FileSystemCatalog catalog, String db, String name, boolean primaryKey,
            Map<String, String> options) {
        catalog.createDatabase(db, true);
        Schema.Builder b = Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("v", DataTypes.STRING(), "the value")
                .partitionKeys("dt");
        if (primaryKey) {
            b.primaryKey("dt", "id").option("bucket", "1");
        } else {
            b.option("bucket", "-1");
        }
        options.forEach(b::option);
        return catalog.createTable(Identifier.of(db, name), b.build(), false);
    }

    static GenericRow row(String dt, int id, String v) {
        return GenericRow.of(Utf8String.fromString(dt), id, v == null ? null : Utf8String.fromString(v));
    }

    static GenericRow delete(String dt, int id) {
        return GenericRow.ofKind(RowKind.DELETE, Utf8String.fromString(dt), id, null);
    }

    /** Writes and commits; returns the snapshot id. */
    static long commit(io.strata.table.Table table, GenericRow... rows) {
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

    /** Every row of the latest snapshot as text, sorted. */
    static List<String> read(io.strata.table.Table table) throws Exception {
        Plan plan = table.newScan().plan();
        RowType type = table.schema().rowType();
        List<String> out = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> it = table.newRead(plan).open(split)) {
                while (it.hasNext()) {
                    Row r = it.next();
                    List<String> values = new ArrayList<>();
                    for (int i = 0; i < type.fieldCount(); i++) {
                        values.add(String.valueOf(RowValues.get(r, i, type.typeAt(i))));
                    }
                    out.add(String.join(",", values));
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** Asserts that {@code client} sees exactly snapshot {@code snapshotId}'s partitions and statistics. */
    static void assertDescribes(IMetaStoreClient client, String db, String name, io.strata.table.Table table, long snapshotId)
            throws Exception {
        io.strata.table.Table fresh = io.strata.catalog.Tables.load(table.fileIO(), table.location());
        Snapshot snapshot = fresh.snapshots().snapshot(snapshotId);
        Table hive = client.getTable(db, name);
        assertThat(hive.getParameters()).containsEntry("strata.snapshot-id", Long.toString(snapshotId))
                .containsEntry("table_type", "PAIMON").containsEntry("EXTERNAL", "TRUE")
                .containsEntry("storage_handler", fresh.schema().partitionKeys().isEmpty()
                        ? "io.strata.hive.StrataStorageHandler" : "io.strata.hive.MetastorePartitionedStorageHandler");
        assertThat(hive.getTableType()).isEqualTo("EXTERNAL_TABLE");
        assertThat(hive.getSd().getLocation()).isEqualTo(table.location().toString());
        Map<String, PartitionStatistics.Partition> stats = PartitionStatistics.of(fresh, snapshot);
        Map<String, PartitionStatistics.Partition> expected = new TreeMap<>();
        stats.values().forEach(p -> expected.put(String.join("/", p.values()), p));
        List<Partition> partitions = client.listPartitions(db, name, (short) -1);
        Map<String, Partition> actual = new TreeMap<>();
        partitions.forEach(p -> actual.put(String.join("/", p.getValues()), p));
        assertThat(new TreeSet<>(actual.keySet())).as("partitions of %s.%s at snapshot %s", db, name, snapshotId)
                .isEqualTo(new TreeSet<>(expected.keySet()));
        boolean exact = !fresh.schema().isPrimaryKeyTable();
        for (Map.Entry<String, PartitionStatistics.Partition> e : expected.entrySet()) {
            Map<String, String> params = actual.get(e.getKey()).getParameters();
            Map<String, String> want = new HashMap<>();
            want.put("numRows", Long.toString(e.getValue().rowCount()));
            want.put("numFiles", Long.toString(e.getValue().fileCount()));
            want.put("totalSize", Long.toString(e.getValue().totalSize()));
            assertThat(params).as("partition %s", e.getKey()).containsAllEntriesOf(want).containsKey("strata.snapshot-id");
            if (exact) {
                assertThat(params).containsEntry("COLUMN_STATS_ACCURATE", "{\"BASIC_STATS\":\"true\"}");
            } else {
                assertThat(params.getOrDefault("COLUMN_STATS_ACCURATE", "")).doesNotContain("true");
            }
            assertThat(actual.get(e.getKey()).getSd().getLocation())
                    .isEqualTo(table.location() + "/" + e.getValue().path());
            assertThat(actual.get(e.getKey()).getSd().getCols()).isEqualTo(hive.getSd().getCols());
        }
        if (!exact) {
            assertThat(hive.getParameters().getOrDefault("COLUMN_STATS_ACCURATE", "")).doesNotContain("true");
        }
    }
}
