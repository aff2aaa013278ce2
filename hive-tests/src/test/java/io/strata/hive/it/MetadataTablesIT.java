package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.metadata.AuditLogTable;
import io.strata.table.metadata.MetadataTable;
import io.strata.table.metadata.MetadataTables;
import io.strata.types.RowType;
import io.strata.types.DataTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The metadata tables of a Strata table read from HiveQL ({@code SELECT * FROM db.t.snapshots}, ...) on each
 * engine: each equals core's view of the same snapshot ({@link MetadataTables}, which core's tests check against
 * Apache Paimon's system tables), time travel picks the snapshot they describe, aggregates over them run as
 * engine tasks, and a name that is not a metadata table, or a write into one, fails saying why.
 */
class MetadataTablesIT {

    private static final EmbeddedHive hive = EmbeddedHive.get();
    private static Table table;

    /**
     * A partitioned primary-key table with history: an insert (snapshot 1), an update and a delete (2, tagged),
     * an insert into a new partition (3), a full compaction (4).
     */
    @BeforeAll
    static void createTable() throws IOException {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(hive.newDirectory("strata-meta").toUri()));
        catalog.createDatabase("db", true);
        table = catalog.createTable(Identifier.of("db", "orders"), Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("amount", DataTypes.BIGINT())
                .primaryKey("dt", "id")
                .partitionKeys("dt")
                .option("bucket", "2")
                .build(), false);
        write(w -> {
            for (int id = 0; id < 20; id++) {
                w.write(GenericRow.of(Utf8String.fromString("2024-01-01"), id, (long) id));
            }
        });
        write(w -> {
            w.write(GenericRow.of(Utf8String.fromString("2024-01-01"), 3, 300L));
            w.delete(GenericRow.of(Utf8String.fromString("2024-01-01"), 4, null));
        });
        table.tags().create("before_jan2", 2);
        write(w -> {
            for (int id = 0; id < 5; id++) {
                w.write(GenericRow.of(Utf8String.fromString("2024-01-02"), id, 10L * id));
            }
        });
        table.compactFull();
        table.tags().create("compacted", 4);
        hive.query("CREATE EXTERNAL TABLE strata_it.meta_orders STORED BY 'io.strata.hive.StrataStorageHandler'"
                + " LOCATION '" + table.location() + "'");
    }

    private interface Writes {
        void to(BatchWrite w);
    }

    private static void write(Writes writes) {
        try (BatchWrite w = table.newBatchWrite()) {
            writes.to(w);
            w.commit();
        }
    }

    /** Core's rows of a metadata table as Hive prints them. */
    private static List<String> coreRows(String name, OptionalLong snapshotId) throws IOException {
        MetadataTable metadata = MetadataTables.of(table, name).orElseThrow();
        RowType type = metadata.rowType();
        List<String> lines = new ArrayList<>();
        try (CloseableIterator<Row> rows = metadata.rows(snapshotId)) {
            while (rows.hasNext()) {
                lines.add(HiveText.line(rows.next(), type));
            }
        }
        return lines;
    }

    static List<String> names() {
        return MetadataTables.NAMES;
    }

    @ParameterizedTest
    @MethodSource("names")
    void everyMetadataTableReadsAsCoreDescribesIt(String name) throws IOException {
        List<String> expected = coreRows(name, OptionalLong.empty());
        if (!name.equals("consumers")) {
            assertThat(expected).as("rows of %s", name).isNotEmpty();
        }
        // A fetch task (Hive's default for SELECT *) reads rows; Tez, vectorized, reads every column into Hive's
        // batches. MapReduce and the other read paths run the aggregates and time travel below.
        assertThat(hive.query("SELECT * FROM strata_it.meta_orders." + name)).as("fetch task, %s", name)
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(hive.query(ExecutionMode.TEZ_VECTORIZED, "SELECT * FROM strata_it.meta_orders." + name))
                .as("%s on %s", name, ExecutionMode.TEZ_VECTORIZED).containsExactlyInAnyOrderElementsOf(expected);
        PlanAssert.assertThatPlan(hive.lastPlan()).assertStrataScan(ExecutionMode.TEZ_VECTORIZED);
        // DESCRIBE shows the metadata table's columns, not the table's (Hive lower-cases names: deleteRowCount).
        List<String> described = hive.query("DESCRIBE strata_it.meta_orders." + name).stream()
                .map(line -> line.split("\t")[0].trim()).toList();
        assertThat(described).containsExactlyElementsOf(MetadataTables.of(table, name).orElseThrow().rowType()
                .fieldNames().stream().map(n -> n.toLowerCase(Locale.ROOT)).toList());
    }

    @ParameterizedTest
    @MethodSource(ExecutionMode.MATRIX)
    void aggregatesAndFiltersRunAsEngineTasks(ExecutionMode mode) {
        assertThat(hive.query(mode, "SELECT commit_kind, count(*), max(snapshot_id) FROM strata_it.meta_orders.snapshots"
                + " GROUP BY commit_kind")).containsExactlyInAnyOrder("APPEND\t3\t3", "COMPACT\t1\t4");
        assertThat(hive.query(mode, "SELECT `partition`, record_count FROM strata_it.meta_orders.partitions"
                + " WHERE file_count > 0")).containsExactlyInAnyOrder("dt=2024-01-01\t19", "dt=2024-01-02\t5");
    }

    @Test
    void timeTravelPicksTheSnapshotTheTablesDescribe() throws IOException {
        for (String name : List.of("files", "partitions", "buckets", "manifests")) {
            List<String> atTwo = coreRows(name, OptionalLong.of(2));
            assertThat(atTwo).as("%s at snapshot 2", name).isNotEqualTo(coreRows(name, OptionalLong.empty()));
            assertThat(hive.query("SELECT * FROM strata_it.meta_orders." + name + " FOR SYSTEM_VERSION AS OF 2"))
                    .as("%s at snapshot 2", name).containsExactlyInAnyOrderElementsOf(atTwo);
        }
        // On the engines too: the snapshot is resolved at planning, in Tez's application master or MapReduce's client.
        List<String> filesAtTwo = coreRows("files", OptionalLong.of(2));
        for (ExecutionMode mode : ExecutionMode.matrix()) {
            assertThat(hive.query(mode, "SELECT * FROM strata_it.meta_orders.files FOR SYSTEM_VERSION AS OF 2"))
                    .as("files at snapshot 2 on %s", mode).containsExactlyInAnyOrderElementsOf(filesAtTwo);
        }
        // Before the partition of 2024-01-02 existed; the tag names the same snapshot.
        assertThat(hive.query("SELECT `partition` FROM strata_it.meta_orders.partitions FOR SYSTEM_VERSION AS OF 2"))
                .hasSize(1);
        hive.query("SET strata.scan.tag=before_jan2");
        try {
            assertThat(hive.query("SELECT * FROM strata_it.meta_orders.files"))
                    .containsExactlyInAnyOrderElementsOf(coreRows("files", OptionalLong.of(2)));
        } finally {
            hive.query("SET strata.scan.tag=");
        }
        // History tables list every snapshot whatever the query travels to.
        assertThat(hive.query("SELECT count(*) FROM strata_it.meta_orders.snapshots FOR SYSTEM_VERSION AS OF 2"))
                .containsExactly("4");
    }

    /**
     * {@code audit_log} with {@code SET strata.scan.incremental-between}: the changes of snapshot 2 (an update and a
     * delete) with their row kinds, as core's incremental read gives them, on each engine; between two tags, the
     * difference of their snapshots.
     */
    @Test
    void theAuditLogReadsTheChangesBetweenTwoSnapshots() throws IOException {
        AuditLogTable changes = ((AuditLogTable) MetadataTables.of(table, "audit_log").orElseThrow())
                .withReadOptions(java.util.Map.of("incremental-between", "1,2"));
        List<String> expected = new ArrayList<>();
        try (CloseableIterator<Row> rows = changes.rows(OptionalLong.empty())) {
            while (rows.hasNext()) {
                expected.add(HiveText.line(rows.next(), changes.rowType()));
            }
        }
        assertThat(expected).containsExactlyInAnyOrder("+I\t2024-01-01\t3\t300", "-D\t2024-01-01\t4\tNULL");
        hive.query("SET strata.scan.incremental-between=1,2");
        try {
            assertThat(hive.query("SELECT * FROM strata_it.meta_orders.audit_log")).containsExactlyInAnyOrderElementsOf(expected);
            for (ExecutionMode mode : ExecutionMode.matrix()) {
                assertThat(hive.query(mode, "SELECT rowkind, count(*) FROM strata_it.meta_orders.audit_log GROUP BY rowkind"))
                        .as("on %s", mode).containsExactlyInAnyOrder("+I\t1", "-D\t1");
            }
            // Two tags: the difference between their snapshots (the partition of 2024-01-02 came in between).
            hive.query("SET strata.scan.incremental-between=before_jan2,compacted");
            assertThat(hive.query("SELECT * FROM strata_it.meta_orders.audit_log"))
                    .containsExactlyInAnyOrder("+I\t2024-01-02\t0\t0", "+I\t2024-01-02\t1\t10", "+I\t2024-01-02\t2\t20",
                            "+I\t2024-01-02\t3\t30", "+I\t2024-01-02\t4\t40");
            hive.query("SET strata.scan.incremental-between=1,x");
            assertThatThrownBy(() -> hive.run("SELECT * FROM strata_it.meta_orders.audit_log"))
                    .hasMessageContaining("incremental-between").hasMessageContaining("no tag 'x'");
        } finally {
            hive.query("SET strata.scan.incremental-between=");
        }
    }

    @Test
    void theTableItselfStillReadsItsRows() {
        hive.query("SELECT * FROM strata_it.meta_orders.snapshots");
        for (ExecutionMode mode : ExecutionMode.matrix()) {
            assertThat(hive.query(mode, "SELECT count(*), sum(amount) FROM strata_it.meta_orders"))
                    .as("on %s", mode).containsExactly("24\t" + (190 - 3 - 4 + 300 + 100));
        }
        // A join of the table and its metadata table: Tez plans each input on its own; MapReduce sees one input
        // path and is refused at planning with the reason.
        String join = "SELECT count(*) FROM strata_it.meta_orders o JOIN strata_it.meta_orders.snapshots s"
                + " ON o.id = s.snapshot_id";
        for (ExecutionMode mode : ExecutionMode.matrix()) {
            if (mode.engine() == Engine.TEZ) {
                // Keys 1, 2 and 3 of 2024-01-01 (4 was deleted) and 1 to 4 of 2024-01-02 match snapshots 1 to 4.
                assertThat(hive.query(mode, join)).as("on %s", mode).containsExactly("7");
            } else {
                assertThatThrownBy(() -> hive.run(mode, join)).as("on %s", mode)
                        .hasMessageContaining("in one MapReduce job").hasMessageContaining("hive.execution.engine=tez");
            }
        }
    }

    @Test
    void anUnknownNameOrAWriteFailsSayingWhy() {
        assertThatThrownBy(() -> hive.run("SELECT * FROM strata_it.meta_orders.history"))
                .hasMessageContaining("has no metadata table 'history'")
                .hasMessageContaining("snapshots, schemas, options");
        assertThatThrownBy(() -> hive.run("SELECT * FROM strata_it.meta_orders.branch_b1"))
                .hasMessageContaining("branches are not supported");
        long snapshots = table.snapshots().listIds().size();
        assertThatThrownBy(() -> hive.run("INSERT INTO strata_it.meta_orders.options VALUES ('bucket', '3')"))
                .isInstanceOf(Exception.class);
        assertThat(table.snapshots().listIds()).hasSize((int) snapshots);
        assertThat(table.schema().options()).containsEntry("bucket", "2");
    }
}
