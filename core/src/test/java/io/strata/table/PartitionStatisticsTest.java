package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.snapshot.Snapshot;
import io.strata.table.change.SnapshotDiff;
import io.strata.table.source.PartitionStatistics;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Per-partition statistics of a snapshot and the partitions changed between two snapshots. */
class PartitionStatisticsTest {

    @TempDir
    Path dir;

    private Table table(boolean primaryKey) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase("db", true);
        Schema.Builder b = Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("hr", DataTypes.INT())
                .column("id", DataTypes.INT())
                .partitionKeys("dt", "hr")
                .option("bucket", "1");
        if (primaryKey) {
            b.primaryKey("dt", "hr", "id");
        } else {
            b.option("bucket", "-1");
        }
        return catalog.createTable(Identifier.of("db", primaryKey ? "pk" : "append"), b.build(), false);
    }

    private static GenericRow row(String dt, Integer hr, int id) {
        return GenericRow.of(dt == null ? null : Utf8String.fromString(dt), hr, id);
    }

    private static long write(Table table, GenericRow... rows) {
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

    @Test
    void countsLiveFilesPerPartitionNamedLikeTheirDirectories() {
        Table table = table(false);
        write(table, row("2024-01-01", 1, 1), row("2024-01-01", 1, 2), row("a/b", 2, 3), row(null, null, 4));
        write(table, row("2024-01-01", 1, 5));
        Snapshot s = table.latestSnapshot().orElseThrow();

        Map<String, PartitionStatistics.Partition> stats = PartitionStatistics.of(table, s);

        assertThat(stats.keySet()).containsExactlyInAnyOrder("dt=a%2Fb/hr=2",
                "dt=2024-01-01/hr=1", "dt=__DEFAULT_PARTITION__/hr=__DEFAULT_PARTITION__");
        PartitionStatistics.Partition p = stats.get("dt=2024-01-01/hr=1");
        assertThat(p.values()).containsExactly("2024-01-01", "1");
        assertThat(p.rowCount()).isEqualTo(3);
        assertThat(p.fileCount()).isEqualTo(2);
        assertThat(p.totalSize()).isPositive();
        assertThat(p.lastFileCreationMillis()).isPositive();
        assertThat(stats.get("dt=a%2Fb/hr=2").values()).containsExactly("a/b", "2");
        assertThat(stats.get("dt=__DEFAULT_PARTITION__/hr=__DEFAULT_PARTITION__").values())
                .containsExactly("__DEFAULT_PARTITION__", "__DEFAULT_PARTITION__");
        // The directory names are the ones the files were written under.
        for (String path : stats.keySet()) {
            assertThat(dir.resolve("db.db/append").resolve(path)).exists();
        }
        assertThat(PartitionStatistics.of(table, s, Set.of("dt=a%2Fb/hr=2", "dt=x/hr=1")).keySet())
                .containsExactly("dt=a%2Fb/hr=2");
    }

    @Test
    void primaryKeyRowCountCountsStoredRecordsAndEmptiedPartitionsDisappearAfterCompaction() {
        Table table = table(true);
        long s1 = write(table, row("d1", 1, 1), row("d1", 1, 2), row("d2", 1, 1));
        long s2 = write(table, row("d1", 1, 1));
        GenericRow delete = row("d2", 1, 1);
        delete.setKind(RowKind.DELETE);
        long s3 = write(table, delete);

        Map<String, PartitionStatistics.Partition> afterDelete = PartitionStatistics.of(table, table.snapshots().snapshot(s3));
        // Files still hold the upsert and the delete record: an upper bound, not the merged count.
        assertThat(afterDelete.get("dt=d1/hr=1").rowCount()).isEqualTo(3);
        assertThat(afterDelete.get("dt=d2/hr=1").rowCount()).isEqualTo(2);

        table.compactFull();
        long s4 = table.snapshots().latestSnapshotId();
        Map<String, PartitionStatistics.Partition> compacted = PartitionStatistics.of(table, table.snapshots().snapshot(s4));
        assertThat(compacted.keySet()).containsExactly("dt=d1/hr=1");
        assertThat(compacted.get("dt=d1/hr=1").rowCount()).isEqualTo(2);

        assertThat(SnapshotDiff.changedPartitions(table, s1, s2)).contains(Set.of("dt=d1/hr=1"));
        assertThat(SnapshotDiff.changedPartitions(table, s2, s3)).contains(Set.of("dt=d2/hr=1"));
        assertThat(SnapshotDiff.changedPartitions(table, s3, s4)).contains(Set.of("dt=d1/hr=1", "dt=d2/hr=1"));
        assertThat(SnapshotDiff.changedPartitions(table, s4, s4)).contains(Set.of());
        assertThat(SnapshotDiff.changedPartitions(table, 0, s1)).contains(Set.of("dt=d1/hr=1", "dt=d2/hr=1"));
    }

    @Test
    void diffIsEmptyWhenASnapshotOfTheRangeExpired() throws Exception {
        Table table = table(false);
        long s1 = write(table, row("d1", 1, 1));
        long s2 = write(table, row("d2", 1, 1));
        long s3 = write(table, row("d3", 1, 1));
        Files.delete(dir.resolve("db.db/append/snapshot/snapshot-" + s2));

        assertThat(SnapshotDiff.changedPartitions(table, s1, s3)).isEqualTo(Optional.empty());
        assertThat(SnapshotDiff.changedPartitions(table, s2, s3)).contains(Set.of("dt=d3/hr=1"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SnapshotDiff.changedPartitions(table, s3, s1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("append");
    }
}
