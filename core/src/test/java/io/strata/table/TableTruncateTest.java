package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.Schema;
import io.strata.snapshot.CommitKind;
import io.strata.snapshot.Snapshot;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TableCommit#truncate()} and {@link TableCommit#truncatePartitions}: one OVERWRITE snapshot that
 * deletes every live file (of the table, or of the matching partitions) and adds none, which Apache Paimon
 * reads as its own truncate: no rows, or the other partitions' rows.
 */
class TableTruncateTest {

    @TempDir
    Path dir;

    /** d (date), h (hour) partitions, k, v; primary key (d, h, k); two buckets. */
    private Table partitioned() {
        Schema schema = Schema.newBuilder()
                .column("d", DataTypes.STRING().withNullable(false))
                .column("h", DataTypes.INT().withNullable(false))
                .column("k", DataTypes.INT().withNullable(false))
                .column("v", DataTypes.STRING())
                .partitionKeys("d", "h")
                .primaryKey("d", "h", "k")
                .option("bucket", "2")
                .build();
        return catalog().createTable(Identifier.of("db", "t"), schema, false);
    }

    private FileSystemCatalog catalog() {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(),
                new org.apache.hadoop.fs.Path(dir.toUri().toString()));
        catalog.createDatabase("db", true);
        return catalog;
    }

    private static GenericRow row(String d, int h, int k, String v) {
        return GenericRow.of(Utf8String.fromString(d), h, k, Utf8String.fromString(v));
    }

    /** Keys 1..3 in each (d, h) of {2024-01-01, 2024-01-02} x {1, 2}, committed as one batch; the rows as read. */
    private static List<String> fill(Table table) {
        List<String> rows = new ArrayList<>();
        try (BatchWrite w = table.newBatchWrite()) {
            for (String d : List.of("2024-01-01", "2024-01-02")) {
                for (int h = 1; h <= 2; h++) {
                    for (int k = 1; k <= 3; k++) {
                        w.write(row(d, h, k, "v" + k));
                        rows.add("[" + d + ", " + h + ", " + k + ", v" + k + "]");
                    }
                }
            }
            w.commit();
        }
        return rows;
    }

    private void assertReads(Table table, List<String> expected) throws Exception {
        assertThat(TestRows.readAll(table)).containsExactlyInAnyOrderElementsOf(expected);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            assertThat(TestRows.formatAll(paimon.readAll("db", "t"), table.schema().rowType()))
                    .as("Paimon reads the same rows").containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    private String paimonLatestKind() {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            org.apache.paimon.table.FileStoreTable t = (org.apache.paimon.table.FileStoreTable) paimon.table("db", "t");
            return t.snapshotManager().latestSnapshot().commitKind().name();
        }
    }

    @Test
    void truncateEmptiesAPartitionedTableWithOneOverwriteSnapshot() throws Exception {
        Table table = partitioned();
        fill(table);
        try (TableCommit commit = table.newCommit("truncate-1")) {
            assertThat(commit.truncate()).isEqualTo(2);
        }
        Snapshot snapshot = table.latestSnapshot().orElseThrow();
        assertThat(snapshot.commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(snapshot.commitUser()).isEqualTo("truncate-1");
        assertThat(snapshot.totalRecordCount()).isZero();
        assertThat(snapshot.deltaRecordCount()).as("every row deleted").isEqualTo(-12);
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
        assertReads(table, List.of());

        try (TableCommit commit = table.newCommit("truncate-2")) {
            assertThat(commit.truncate()).as("nothing left: no snapshot").isEqualTo(-1);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L);

        // The table is writable afterwards, by Strata and by Paimon.
        try (BatchWrite w = table.newBatchWrite()) {
            w.write(row("2024-01-03", 1, 1, "later"));
            w.commit();
        }
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.write("db", "t", List.of(row("2024-01-03", 1, 2, "paimon")));
        }
        assertReads(table, List.of("[2024-01-03, 1, 1, later]", "[2024-01-03, 1, 2, paimon]"));
    }

    @Test
    void truncateOfATableWithoutSnapshotsChangesNothing() throws Exception {
        Table table = partitioned();
        try (TableCommit commit = table.newCommit("truncate-1")) {
            assertThat(commit.truncate()).isEqualTo(-1);
        }
        assertThat(table.latestSnapshot()).isEmpty();
    }

    @Test
    void truncatePartitionsEmptiesOnlyTheMatchingPartitions() throws Exception {
        Table table = partitioned();
        List<String> rows = fill(table);
        // A full spec and a partial one (every hour of 2024-01-02).
        try (TableCommit commit = table.newCommit("truncate-1")) {
            assertThat(commit.truncatePartitions(List.of(Map.of("d", "2024-01-01", "h", "2"), Map.of("d", "2024-01-02"))))
                    .isEqualTo(2);
        }
        assertThat(table.latestSnapshot().orElseThrow().commitKind()).isEqualTo(CommitKind.OVERWRITE);
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
        List<String> left = rows.stream().filter(r -> r.startsWith("[2024-01-01, 1,")).toList();
        assertThat(left).hasSize(3);
        assertReads(table, left);

        try (TableCommit commit = table.newCommit("truncate-2")) {
            assertThat(commit.truncatePartitions(List.of(Map.of("d", "2024-01-09")))).as("no such partition")
                    .isEqualTo(-1);
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L, 2L);
    }

    @Test
    void aBadPartitionSpecFailsNamingTheTableAndColumnAndCommitsNothing() throws Exception {
        Table table = partitioned();
        List<String> rows = fill(table);
        try (TableCommit commit = table.newCommit("truncate-1")) {
            assertThatThrownBy(() -> commit.truncatePartitions(List.of(Map.of("d", "2024-01-01"), Map.of("k", "1"))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Cannot truncate partition {k=1} of table " + table.location())
                    .hasMessageContaining("column 'k' is not a partition column (partition columns: [d, h])");
            assertThatThrownBy(() -> commit.truncatePartitions(List.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no partition given");
        }
        assertThat(table.snapshots().listIds()).containsExactly(1L);
        assertReads(table, rows);
    }

    @Test
    void truncateEmptiesAnUnpartitionedAppendTable() throws Exception {
        Table table = catalog().createTable(Identifier.of("db", "t"), Schema.newBuilder()
                .column("k", DataTypes.INT()).column("v", DataTypes.STRING()).build(), false);
        for (int c = 0; c < 2; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                w.write(GenericRow.of(c, Utf8String.fromString("v" + c)));
                w.commit();
            }
        }
        try (TableCommit commit = table.newCommit("truncate-1")) {
            assertThat(commit.truncate()).isEqualTo(3);
        }
        assertThat(paimonLatestKind()).isEqualTo("OVERWRITE");
        assertReads(table, List.of());
        try (TableCommit commit = table.newCommit("truncate-2")) {
            assertThatThrownBy(() -> commit.truncatePartitions(List.of(Map.of("k", "1"))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("column 'k' is not a partition column (partition columns: [])");
        }
    }
}
