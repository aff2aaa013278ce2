package io.strata.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaManager;
import io.strata.snapshot.CommitKind;
import io.strata.table.BatchWrite;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Hive's TRUNCATE TABLE [PARTITION] calls on the meta hook does to a real Strata table: the partition
 * names Hive passes become core partition specs, the truncate is one OVERWRITE snapshot, the metastore is
 * told to keep the files, and a bad name or a missing table fails naming them with nothing committed.
 * (The end-to-end TRUNCATE of a partition through Hive needs the partition-aware handler.)
 */
class StrataMetaHookTruncateTest {

    @TempDir
    java.nio.file.Path dir;

    private Path location;
    private final StrataMetaHook hook = new StrataMetaHook(new Configuration());

    @BeforeEach
    void createTable() {
        location = new Path(dir.toUri().toString(), "t");
        new SchemaManager(FileIO.local(), location).createTable(Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("dt", DataTypes.STRING().withNullable(false))
                .column("Hr", DataTypes.INT().withNullable(false))
                .partitionKeys("dt", "Hr")
                .primaryKey("dt", "Hr", "id")
                .option("bucket", "1")
                .build());
        Table table = table();
        try (BatchWrite w = table.newBatchWrite()) {
            for (String dt : List.of("2024-01-01", "2024-01-02", "a/b c")) {
                for (int hr = 1; hr <= 2; hr++) {
                    w.write(GenericRow.of(1, Utf8String.fromString(dt), hr));
                }
            }
            w.commit();
        }
    }

    private Table table() {
        return Tables.load(FileIO.local(), location);
    }

    private org.apache.hadoop.hive.metastore.api.Table hiveTable(String loc) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setLocation(loc);
        org.apache.hadoop.hive.metastore.api.Table t = new org.apache.hadoop.hive.metastore.api.Table();
        t.setDbName("db");
        t.setTableName("t");
        t.setSd(sd);
        return t;
    }

    /** The partitions with live rows, as directory names. */
    private TreeSet<String> partitions() {
        Table table = table();
        TreeSet<String> names = new TreeSet<>();
        for (Split s : table.newScan().plan().splits()) {
            names.add(PartitionDirectories.of(table, s));
        }
        return names;
    }

    @Test
    void truncateTableIsOneOverwriteSnapshotAndKeepsTheFilesFromTheMetastore() throws Exception {
        EnvironmentContext context = new EnvironmentContext();
        hook.preTruncateTable(hiveTable(location.toString()), context, null);
        assertThat(context.getProperties()).containsEntry("truncateSkipDataDeletion", "true");
        assertThat(table().snapshots().listIds()).containsExactly(1L, 2L);
        assertThat(table().latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(partitions()).isEmpty();
    }

    @Test
    void partitionNamesTruncateThosePartitionsOnly() throws Exception {
        // Hive's names: lower-cased columns, escaped values, a leading subset of the partition columns.
        hook.preTruncateTable(hiveTable(location.toString()), new EnvironmentContext(),
                List.of("dt=2024-01-01/hr=2", "dt=a%2Fb c"));
        assertThat(table().latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(partitions()).containsExactly("dt=2024-01-01/Hr=1", "dt=2024-01-02/Hr=1", "dt=2024-01-02/Hr=2");
    }

    @Test
    void partitionNamesBecomeCorePartitionSpecs() {
        assertThat(HiveTruncate.partitionSpecs("db.t", List.of("dt", "Hr"), "__DEFAULT_PARTITION__",
                "__HIVE_DEFAULT_PARTITION__", List.of("dt=2024-01-01/hr=3", "dt=__HIVE_DEFAULT_PARTITION__", "DT=x%3Dy")))
                .containsExactly(Map.of("dt", "2024-01-01", "Hr", "3"), Map.of("dt", "__DEFAULT_PARTITION__"),
                        Map.of("dt", "x=y"));
    }

    @Test
    void anUnknownPartitionColumnFailsNamingTableAndColumnAndCommitsNothing() {
        EnvironmentContext context = new EnvironmentContext();
        assertThatThrownBy(() -> hook.preTruncateTable(hiveTable(location.toString()), context,
                List.of("dt=2024-01-01", "id=1")))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("Cannot truncate partition 'id=1' of Hive table db.t: column 'id' is not a"
                        + " partition column of its Strata table (partition columns: [dt, Hr])");
        assertThatThrownBy(() -> hook.preTruncateTable(hiveTable(location.toString()), context, List.of("2024-01-01")))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("partition '2024-01-01' is not of the form column=value");
        assertThat(context.getProperties()).as("the metastore may not skip anything").isNull();
        assertThat(table().snapshots().listIds()).containsExactly(1L);
        assertThat(partitions()).hasSize(6);
    }

    @Test
    void aTableWhoseDirectoryIsGoneFailsNamingTableAndLocation() {
        String gone = new Path(dir.toUri().toString(), "gone").toString();
        assertThatThrownBy(() -> hook.preTruncateTable(hiveTable(gone), new EnvironmentContext(), null))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("db.t").hasMessageContaining(gone);
        assertThat(new java.io.File(dir.toFile(), "gone")).doesNotExist();
    }

    @Test
    void anEmptyTableIsTruncatedWithoutASnapshot() throws Exception {
        Path empty = new Path(dir.toUri().toString(), "empty");
        new SchemaManager(FileIO.local(), empty).createTable(Schema.newBuilder()
                .column("id", DataTypes.INT()).build());
        hook.preTruncateTable(hiveTable(empty.toString()), new EnvironmentContext(), new ArrayList<>());
        assertThat(Tables.load(FileIO.local(), empty).latestSnapshot()).isEmpty();
    }
}
