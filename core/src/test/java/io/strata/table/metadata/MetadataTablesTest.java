package io.strata.table.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.Fixtures;
import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.schema.Schema;
import io.strata.schema.SchemaChange;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.utils.InternalRowUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every metadata table against Apache Paimon 1.4.2's system table of the same name, read by Paimon from the
 * same warehouse: the same columns (names, types, nullability, order) and the same rows, column by column,
 * for a table Strata wrote (partitioned, primary key, 2 buckets, updates, a delete, a full compaction, tags,
 * a consumer, a schema change) and for tables Paimon wrote.
 */
class MetadataTablesTest {

    @TempDir
    Path warehouse;

    private static final Identifier ID = Identifier.of("db", "t");

    /** The snapshot of the table built by {@link #build} before its compaction, schema change and last write. */
    private static final long BEFORE_COMPACTION = 3;

    // --- The table Strata writes ---

    private FileSystemCatalog catalog() {
        FileSystemCatalog catalog =
                new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        return catalog;
    }

    private Table build() throws Exception {
        FileSystemCatalog catalog = catalog();
        Table table = catalog.createTable(ID, Schema.newBuilder()
                .column("dt", DataTypes.STRING().withNullable(false))
                .column("hr", DataTypes.INT().withNullable(false))
                .column("id", DataTypes.INT().withNullable(false))
                .column("name", DataTypes.STRING())
                .column("amount", DataTypes.DECIMAL(10, 2))
                .column("ts", DataTypes.TIMESTAMP(3))
                .partitionKeys("dt", "hr")
                .primaryKey("dt", "hr", "id")
                .option("bucket", "2")
                .option("file.format", "parquet")
                .comment("metadata tables test")
                .build(), false);
        try (BatchWrite w = table.newBatchWrite()) { // snapshot 1
            for (int id = 1; id <= 12; id++) {
                w.write(row(id % 2 == 0 ? "2024-01-01" : "2024-01-02", id % 3, id, "n" + id, id * 100L));
            }
            w.commit();
        }
        try (BatchWrite w = table.newBatchWrite()) { // snapshot 2: updates, one setting a value to null
            w.write(row("2024-01-01", 2, 2, "n2-updated", 250L));
            w.write(row("2024-01-02", 0, 3, null, null));
            w.commit();
        }
        try (BatchWrite w = table.newBatchWrite()) { // snapshot 3: a delete
            w.delete(row("2024-01-01", 1, 4, null, null));
            w.commit();
        }
        table.tags().create("kept-three-days", 1, Duration.ofDays(3));
        table.tags().create("before-compaction", BEFORE_COMPACTION);
        assertThat(table.compactFull()).isEqualTo(4L);
        table = catalog.alterTable(ID, SchemaChange.addColumn("note", DataTypes.STRING()),
                SchemaChange.setOption("snapshot.num-retained.min", "20"));
        try (BatchWrite w = table.newBatchWrite()) { // snapshot 5, written with schema 1
            w.write(GenericRow.of(Utf8String.fromString("2024-01-03"), 1, 20, Utf8String.fromString("new"),
                    Decimal.fromUnscaledLong(12345, 10, 2), null, Utf8String.fromString("a note")));
            GenericRow again = row("2024-01-01", 2, 6, "n6-again", 600L);
            w.write(GenericRow.of(again.get(0), again.get(1), again.get(2), again.get(3), again.get(4), again.get(5),
                    null));
            w.commit();
        }
        table.consumers().reset("reader-job", 4);
        return table;
    }

    private static GenericRow row(String dt, int hr, int id, String name, Long amountCents) {
        return GenericRow.of(Utf8String.fromString(dt), hr, id, name == null ? null : Utf8String.fromString(name),
                amountCents == null ? null : Decimal.fromUnscaledLong(amountCents, 10, 2),
                Timestamp.fromLocalDateTime(LocalDateTime.of(2024, 1, 1, 10, 0).plusSeconds(id)));
    }

    // --- Comparisons with Paimon ---

    @Test
    void everyMetadataTableEqualsPaimonsSystemTable() throws Exception {
        Table table = build();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            for (String name : MetadataTables.NAMES) {
                assertSameAsPaimon(paimon, table, name, "db.t");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"pk_orc", "pk_parquet_dv", "append_orc"})
    void equalsPaimonOnTablesPaimonWrote(String fixture) throws Exception {
        Path location = Fixtures.copy(fixture, warehouse.resolve("db.db").resolve(fixture));
        Table table = Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(location.toUri()));
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            for (String name : MetadataTables.NAMES) {
                assertSameAsPaimon(paimon, table, name, "db." + fixture);
            }
        }
    }

    @Test
    void theStrataTableShowsWhatWasDone() throws Exception {
        Table table = build();
        List<List<String>> snapshots = rows(table, "snapshots", OptionalLong.empty());
        assertThat(snapshots).extracting(r -> r.get(0) + " " + r.get(4) + " schema " + r.get(1))
                .containsExactly("1 APPEND schema 0", "2 APPEND schema 0", "3 APPEND schema 0", "4 COMPACT schema 0",
                        "5 APPEND schema 1");
        assertThat(rows(table, "schemas", OptionalLong.empty())).extracting(r -> r.get(0)).containsExactly("1", "0");
        assertThat(rows(table, "tags", OptionalLong.empty()))
                .extracting(r -> r.get(0) + "@" + r.get(1) + " " + r.get(6))
                .containsExactly("before-compaction@3 null", "kept-three-days@1 PT72H");
        assertThat(rows(table, "consumers", OptionalLong.empty())).containsExactly(List.of("reader-job", "4"));
        assertThat(rows(table, "options", OptionalLong.empty())).contains(List.of("snapshot.num-retained.min", "20"));
        assertThat(rows(table, "options", OptionalLong.of(BEFORE_COMPACTION)))
                .containsExactly(List.of("bucket", "2"), List.of("file.format", "parquet"));

        // After the full compaction every file but those of snapshot 5 is one sorted run at the top level.
        List<List<String>> files = rows(table, "files", OptionalLong.empty());
        assertThat(files).allSatisfy(f -> assertThat(f.get(5)).isIn("0", "5"));
        assertThat(files).filteredOn(f -> f.get(5).equals("0")).extracting(f -> f.get(0))
                .containsOnly("{2024-01-01, 2}", "{2024-01-03, 1}");
        assertThat(files).filteredOn(f -> f.get(0).equals("{2024-01-03, 1}")).singleElement().satisfies(f -> {
            assertThat(f.get(3)).isEqualTo("parquet");
            assertThat(f.get(4)).isEqualTo("1");
            assertThat(f.get(8)).isEqualTo("[20]");
            assertThat(f.get(11)).isEqualTo(
                    "{amount=123.45, dt=2024-01-03, hr=1, id=20, name=new, note=a note, ts=null}");
        });
        // A file written before the column was added: no stats for it, and all its rows null.
        assertThat(files).filteredOn(f -> f.get(5).equals("5")).allSatisfy(f -> {
            assertThat(f.get(4)).isEqualTo("0");
            assertThat(f.get(10)).contains("note=" + f.get(6));
            assertThat(f.get(11)).contains("note=null");
        });

        List<List<String>> partitions = rows(table, "partitions", OptionalLong.empty());
        assertThat(partitions).extracting(p -> p.get(0)).containsExactly("dt=2024-01-01/hr=0", "dt=2024-01-01/hr=1",
                "dt=2024-01-01/hr=2", "dt=2024-01-02/hr=0", "dt=2024-01-02/hr=1", "dt=2024-01-02/hr=2",
                "dt=2024-01-03/hr=1");
        long liveRecords = files.stream().mapToLong(f -> Long.parseLong(f.get(6))).sum();
        assertThat(partitions.stream().mapToLong(p -> Long.parseLong(p.get(1))).sum()).isEqualTo(liveRecords);
        List<List<String>> buckets = rows(table, "buckets", OptionalLong.empty());
        assertThat(buckets.stream().mapToLong(b -> Long.parseLong(b.get(4))).sum()).isEqualTo(files.size());
        assertThat(buckets).extracting(b -> b.get(1)).containsOnly("0", "1");
    }

    @Test
    void timeTravelDescribesTheOlderSnapshotAsPaimonDoes() throws Exception {
        Table table = build();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            for (String name : List.of("files", "partitions", "manifests")) {
                MetadataTable ours = MetadataTables.of(table, name).orElseThrow();
                List<List<String>> old = rows(table, name, OptionalLong.of(BEFORE_COMPACTION));
                assertThat(old).as("%s at snapshot %d", name, BEFORE_COMPACTION)
                        .isNotEqualTo(rows(table, name, OptionalLong.empty()));
                org.apache.paimon.table.Table system = paimonTable(paimon, "db.t$" + name)
                        .copy(Map.of("scan.snapshot-id", Long.toString(BEFORE_COMPACTION)));
                assertRowsEqual(name + " at snapshot " + BEFORE_COMPACTION, ours.rowType(), old, paimonRows(system));
            }
        }
        // Before the compaction, no file was at a level above 0 and the added column did not exist.
        List<List<String>> files = rows(table, "files", OptionalLong.of(BEFORE_COMPACTION));
        assertThat(files).allSatisfy(f -> assertThat(f.get(5)).isEqualTo("0"))
                .allSatisfy(f -> assertThat(f.get(10)).doesNotContain("note="));

        // Paimon's t$buckets ignores scan.snapshot-id (it shows the latest snapshot whatever the time travel), so
        // ours at the old snapshot is checked against the old snapshot's files (which Paimon's t$files confirmed).
        List<List<String>> buckets = rows(table, "buckets", OptionalLong.of(BEFORE_COMPACTION));
        assertThat(buckets).isNotEqualTo(rows(table, "buckets", OptionalLong.empty()));
        for (List<String> bucket : buckets) {
            List<List<String>> inBucket = files.stream()
                    .filter(f -> f.get(0).equals(bucket.get(0)) && f.get(1).equals(bucket.get(1))).toList();
            assertThat(bucket.get(2)).isEqualTo(Long.toString(sum(inBucket, 6)));
            assertThat(bucket.get(3)).isEqualTo(Long.toString(sum(inBucket, 7)));
            assertThat(bucket.get(4)).isEqualTo(Long.toString(inBucket.size()));
            assertThat(bucket.get(5))
                    .isEqualTo(inBucket.stream().map(f -> f.get(15)).max(String::compareTo).orElseThrow());
        }
        assertThat(buckets.stream().mapToLong(b -> Long.parseLong(b.get(4))).sum()).isEqualTo(files.size());
    }

    /** {@code audit_log} with Paimon's {@code incremental-between}: the changes of a range, deletes included. */
    @Test
    void theAuditLogReadsTheChangesBetweenSnapshotsAsPaimonDoes() throws Exception {
        Table table = build();
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            for (String range : List.of("0,2", "1,3", "3,5")) {
                AuditLogTable ours = ((AuditLogTable) MetadataTables.of(table, "audit_log").orElseThrow())
                        .withReadOptions(Map.of("incremental-between", range));
                assertThat(ours.isIncremental()).isTrue();
                List<List<String>> rows = ours.rows(OptionalLong.empty()).toList(row -> {
                    List<String> values = new ArrayList<>();
                    for (int i = 0; i < ours.rowType().fieldCount(); i++) {
                        values.add(text(RowValues.get(row, i, ours.rowType().typeAt(i))));
                    }
                    return values;
                });
                org.apache.paimon.table.Table system = paimonTable(paimon, "db.t$audit_log")
                        .copy(Map.of("incremental-between", range));
                assertThat(rows).as("changes %s", range).isNotEmpty();
                assertRowsEqual("audit_log between " + range, ours.rowType(), rows, paimonRows(system));
            }
        }
        AuditLogTable auditLog = (AuditLogTable) MetadataTables.of(table, "audit_log").orElseThrow();
        assertThatThrownBy(() -> auditLog.withReadOptions(Map.of("incremental-between", "three")))
                .hasMessageContaining("incremental-between");
    }

    private static long sum(List<List<String>> rows, int column) {
        return rows.stream().mapToLong(r -> Long.parseLong(r.get(column))).sum();
    }

    @Test
    void anUnpartitionedTableEqualsPaimon() throws Exception {
        FileSystemCatalog catalog = catalog();
        Table table = catalog.createTable(ID, Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .column("d", DataTypes.DATE())
                .column("b", DataTypes.BOOLEAN())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "orc")
                .build(), false);
        for (int commit = 0; commit < 2; commit++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = commit; id < 5 + commit; id++) {
                    w.write(GenericRow.of(id, 19_723 + id, id % 2 == 0));
                }
                w.commit();
            }
        }
        assertThat(rows(table, "files", OptionalLong.empty())).allSatisfy(f -> {
            assertThat(f.get(0)).isEqualTo("{}");
            // Statistics print Paimon's internal values: a date as its epoch day.
            assertThat(f.get(11)).matches("\\{b=(true|false), d=197\\d\\d, id=\\d\\}");
        });
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            for (String name : MetadataTables.NAMES) {
                assertSameAsPaimon(paimon, table, name, "db.t");
            }
        }
    }

    // --- Errors, empty tables, names ---

    @Test
    void anUnknownSnapshotFailsNamingItAndTheTable() throws Exception {
        Table table = build();
        for (String name : List.of("files", "manifests", "partitions", "buckets", "options")) {
            MetadataTable metadataTable = MetadataTables.of(table, name).orElseThrow();
            assertThatThrownBy(() -> metadataTable.rows(OptionalLong.of(42)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("Snapshot 42")
                    .hasMessageContaining(table.location().toString())
                    .hasMessageContaining("1 to 5");
        }
        // Tables of the history ignore the snapshot id.
        assertThat(rows(table, "snapshots", OptionalLong.of(42))).hasSize(5);
    }

    @Test
    void anEmptyTableHasNoRowsButItsSchemaAndOptions() throws Exception {
        FileSystemCatalog catalog = catalog();
        Table table = catalog.createTable(ID, Schema.newBuilder()
                .column("id", DataTypes.INT().withNullable(false))
                .primaryKey("id")
                .option("bucket", "1")
                .build(), false);
        for (String name : List.of("snapshots", "tags", "consumers", "files", "manifests", "partitions", "buckets")) {
            assertThat(rows(table, name, OptionalLong.empty())).as(name).isEmpty();
        }
        assertThat(rows(table, "schemas", OptionalLong.empty())).hasSize(1);
        // As Paimon's t$options: a table has options before it has data.
        assertThat(rows(table, "options", OptionalLong.empty())).containsExactly(List.of("bucket", "1"));
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            for (String name : List.of("snapshots", "schemas", "options", "tags", "consumers")) {
                assertSameAsPaimon(paimon, table, name, "db.t");
            }
        }
    }

    @Test
    void namesAreFoundInAnyCase() throws Exception {
        FileSystemCatalog catalog = catalog();
        Table table = catalog.createTable(ID, Schema.newBuilder().column("id", DataTypes.INT()).build(), false);
        assertThat(MetadataTables.of(table, "nope")).isEmpty();
        assertThat(MetadataTables.of(table, "")).isEmpty();
        assertThat(MetadataTables.of(table, "FILES")).get().extracting(MetadataTable::name).isEqualTo("files");
        assertThat(MetadataTables.of(table, "Snapshots")).get().extracting(MetadataTable::name).isEqualTo("snapshots");
        for (String name : MetadataTables.NAMES) {
            MetadataTable metadataTable = MetadataTables.of(table, name).orElseThrow();
            assertThat(metadataTable.name()).isEqualTo(name);
            assertThat(metadataTable.perSnapshot()).as(name)
                    .isEqualTo(List.of("options", "files", "manifests", "partitions", "buckets", "audit_log").contains(name));
        }
    }

    // --- Helpers ---

    /** Our columns and rows against Paimon's system table {@code <table>$<name>}, column by column. */
    private static void assertSameAsPaimon(PaimonOracle paimon, Table table, String name, String paimonTable)
            throws Exception {
        MetadataTable ours = MetadataTables.of(table, name).orElseThrow();
        org.apache.paimon.table.Table theirs = paimonTable(paimon, paimonTable + "$" + name);
        assertThat(columns(ours.rowType())).as("columns of %s", name).isEqualTo(paimonColumns(theirs));
        assertRowsEqual(name + " of " + paimonTable, ours.rowType(), rows(table, name, OptionalLong.empty()),
                paimonRows(theirs));
    }

    /**
     * The rows, as {@code column=value} lists: equal as multisets (where Paimon's order differs from ours, as
     * for files it lists by its splits), and in the same order where Paimon sorts (snapshots, schemas,
     * partitions).
     */
    private static void assertRowsEqual(String what, RowType type, List<List<String>> ours, List<List<String>> theirs) {
        List<List<String>> named = named(type, ours);
        List<List<String>> paimonNamed = named(type, theirs);
        assertThat(named).as(what).containsExactlyInAnyOrderElementsOf(paimonNamed);
        if (what.startsWith("snapshots") || what.startsWith("schemas") || what.startsWith("partitions")) {
            assertThat(named).as("order of %s", what).isEqualTo(paimonNamed);
        }
    }

    private static List<List<String>> named(RowType type, List<List<String>> rows) {
        List<List<String>> out = new ArrayList<>();
        for (List<String> row : rows) {
            List<String> named = new ArrayList<>();
            for (int i = 0; i < row.size(); i++) {
                named.add(type.field(i).name() + "=" + row.get(i));
            }
            out.add(named);
        }
        return out;
    }

    private static List<String> columns(RowType type) {
        List<String> out = new ArrayList<>();
        for (DataField f : type.fields()) {
            out.add(f.name() + " " + f.type().asSqlString());
        }
        return out;
    }

    private static List<String> paimonColumns(org.apache.paimon.table.Table table) {
        List<String> out = new ArrayList<>();
        for (org.apache.paimon.types.DataField f : table.rowType().getFields()) {
            out.add(f.name() + " " + f.type());
        }
        return out;
    }

    private static org.apache.paimon.table.Table paimonTable(PaimonOracle paimon, String name) throws Exception {
        return paimon.catalog().getTable(org.apache.paimon.catalog.Identifier.fromString(name));
    }

    /** Our rows, each value as text. */
    static List<List<String>> rows(Table table, String name, OptionalLong snapshotId) throws Exception {
        MetadataTable metadataTable = MetadataTables.of(table, name).orElseThrow();
        RowType type = metadataTable.rowType();
        return metadataTable.rows(snapshotId).toList(row -> {
            assertThat(row.kind()).isEqualTo(RowKind.INSERT);
            assertThat(row.arity()).isEqualTo(type.fieldCount());
            List<String> values = new ArrayList<>();
            for (int i = 0; i < type.fieldCount(); i++) {
                if (row.isNullAt(i)) {
                    assertThat(type.typeAt(i).nullable()).as("%s.%s is null", name, type.field(i).name()).isTrue();
                }
                values.add(text(RowValues.get(row, i, type.typeAt(i))));
            }
            return values;
        });
    }

    private static String text(Object value) {
        if (value instanceof ArrayData array) {
            List<String> elements = new ArrayList<>();
            for (int i = 0; i < array.size(); i++) {
                elements.add(text(RowValues.get(array, i, DataTypes.STRING())));
            }
            return elements.toString();
        }
        return String.valueOf(value);
    }

    /** Paimon's rows, read with Paimon's own scan and read, each value as text. */
    private static List<List<String>> paimonRows(org.apache.paimon.table.Table table) throws Exception {
        List<org.apache.paimon.types.DataType> types = table.rowType().getFieldTypes();
        ReadBuilder readBuilder = table.newReadBuilder();
        List<List<String>> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = readBuilder.newRead().createReader(readBuilder.newScan().plan())) {
            reader.forEachRemaining(row -> {
                List<String> values = new ArrayList<>();
                for (int i = 0; i < types.size(); i++) {
                    values.add(paimonText(InternalRowUtils.get(row, i, types.get(i))));
                }
                out.add(values);
            });
        }
        return out;
    }

    private static String paimonText(Object value) {
        if (value instanceof InternalArray array) {
            List<String> elements = new ArrayList<>();
            for (int i = 0; i < array.size(); i++) {
                elements.add(array.isNullAt(i) ? "null" : array.getString(i).toString());
            }
            return elements.toString();
        }
        return String.valueOf(value);
    }
}
