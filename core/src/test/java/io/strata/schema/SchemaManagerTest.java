package io.strata.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.fs.FileIO;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaManagerTest {

    @TempDir
    Path dir;

    private SchemaManager manager() {
        return new SchemaManager(FileIO.local(), new org.apache.hadoop.fs.Path(dir.resolve("t").toUri()));
    }

    private static Schema.Builder orders() {
        return Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("qty", DataTypes.SMALLINT())
                .column("price", DataTypes.DECIMAL(10, 2))
                .column("note", DataTypes.VARCHAR(10))
                .column("code", DataTypes.CHAR(3))
                .column("f", DataTypes.FLOAT())
                .column("bin", DataTypes.VARBINARY(4))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "4");
    }

    @Test
    void createTableNumbersFieldsForcesKeysNotNullAndWritesSchemaZero() throws Exception {
        SchemaManager manager = manager();
        assertThat(manager.latest()).isEmpty();
        TableSchema schema = manager.createTable(orders().comment("orders").build());
        assertThat(schema.id()).isZero();
        assertThat(schema.fields()).extracting(DataField::id).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(schema.highestFieldId()).isEqualTo(7);
        assertThat(schema.field("dt").type()).isEqualTo(DataTypes.STRING().withNullable(false));
        assertThat(schema.field("id").type()).isEqualTo(DataTypes.INT().withNullable(false));
        assertThat(schema.field("qty").type().nullable()).isTrue();
        assertThat(Files.readString(dir.resolve("t/schema/schema-0"))).isEqualTo(schema.toJson());
        assertThat(manager.latest()).contains(schema);
        assertThat(manager.schema(0)).isEqualTo(schema);
        assertThat(manager.schemaPath(3).toString()).endsWith("/t/schema/schema-3");

        assertThatThrownBy(() -> manager.createTable(orders().build()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already exists");
    }

    @Test
    void createTableRejectsBadSpecsNamingTheProblem() {
        SchemaManager manager = manager();
        assertThatThrownBy(() -> manager.createTable(Schema.newBuilder()
                        .column("a", DataTypes.INT()).column("a", DataTypes.STRING()).build()))
                .hasMessageContaining("'a'").hasMessageContaining("twice");
        assertThatThrownBy(() -> manager.createTable(orders().partitionKeys("day").build()))
                .hasMessageContaining("partition key 'day'");
        assertThatThrownBy(() -> manager.createTable(orders().primaryKey("dt", "nope").build()))
                .hasMessageContaining("primary key 'nope'");
        assertThatThrownBy(() -> manager.createTable(orders().primaryKey("id").build()))
                .hasMessageContaining("must include every partition key");
        assertThatThrownBy(() -> manager.createTable(orders().primaryKey("dt").build()))
                .hasMessageContaining("must not equal the partition keys");
        assertThatThrownBy(() -> manager.createTable(orders().option("bucket", "0").build()))
                .hasMessageContaining("'bucket'").hasMessageContaining("'0'");
        assertThatThrownBy(() -> manager.createTable(orders().option("merge-engine", "first-row")
                        .option("changelog-producer", "input").build()))
                .hasMessageContaining("'changelog-producer'").hasMessageContaining("first-row");
        assertThatThrownBy(() -> manager.createTable(orders().option("bucket-key", "qty").build()))
                .hasMessageContaining("bucket key");
        assertThatThrownBy(() -> manager.createTable(orders().option("sequence.field", "ts").build()))
                .hasMessageContaining("sequence field (option 'sequence.field') 'ts'");
        assertThatThrownBy(() -> manager.createTable(Schema.newBuilder()
                        .column("k", DataTypes.ARRAY(DataTypes.INT())).primaryKey("k").option("bucket", "1").build()))
                .hasMessageContaining("'k'").hasMessageContaining("ARRAY");
        assertThatThrownBy(() -> manager.createTable(Schema.newBuilder()
                        .column("a", DataTypes.INT()).option("bucket", "2").build()))
                .hasMessageContaining("bucket-key");
        assertThat(manager.latest()).isEmpty();
    }

    @Test
    void appendTableNeedsNoKeys() {
        TableSchema schema = manager().createTable(Schema.newBuilder()
                .column("a", DataTypes.INT()).column("b", DataTypes.STRING()).build());
        assertThat(schema.primaryKeys()).isEmpty();
        assertThat(schema.bucketKeys()).isEmpty();
        assertThat(schema.tableOptions().bucket()).isEqualTo(-1);
    }

    @Test
    void commitChangesAppliesEveryKindOfChange() {
        SchemaManager manager = manager();
        manager.createTable(orders().option("write-buffer-size", "64 mb").comment("c0").build());
        TableSchema s1 = manager.commitChanges(
                SchemaChange.addColumn("added", DataTypes.BIGINT(), "new"),
                SchemaChange.renameColumn("note", "remark"),
                SchemaChange.dropColumn("code"),
                SchemaChange.updateColumnType("qty", DataTypes.BIGINT()),
                SchemaChange.updateColumnType("price", DataTypes.DECIMAL(20, 2)),
                SchemaChange.updateColumnType("remark", DataTypes.STRING()),
                SchemaChange.updateColumnType("f", DataTypes.DOUBLE()),
                SchemaChange.updateColumnType("bin", DataTypes.VARBINARY(10)),
                SchemaChange.setOption("target-file-size", "64 mb"),
                SchemaChange.removeOption("write-buffer-size"),
                SchemaChange.updateComment("c1"));
        assertThat(s1.id()).isEqualTo(1);
        assertThat(s1.rowType().fieldNames())
                .containsExactly("dt", "id", "qty", "price", "remark", "f", "bin", "added");
        assertThat(s1.field("added")).isEqualTo(new DataField(8, "added", DataTypes.BIGINT(), "new"));
        assertThat(s1.field("remark").id()).isEqualTo(4);
        assertThat(s1.field("remark").type()).isEqualTo(DataTypes.STRING());
        assertThat(s1.field("qty").type()).isEqualTo(DataTypes.BIGINT());
        assertThat(s1.field("price").type()).isEqualTo(DataTypes.DECIMAL(20, 2));
        assertThat(s1.highestFieldId()).isEqualTo(8);
        assertThat(s1.options()).containsEntry("target-file-size", "64 mb").doesNotContainKey("write-buffer-size");
        assertThat(s1.tableOptions().targetFileSize(true)).isEqualTo(64L << 20);
        assertThat(s1.comment()).isEqualTo("c1");
        assertThat(manager.latest()).contains(s1);
        assertThat(manager.listAll()).extracting(TableSchema::id).containsExactly(0L, 1L);
        // A dropped column's id is never reused.
        TableSchema s2 = manager.commitChanges(SchemaChange.addColumn("code", DataTypes.INT()));
        assertThat(s2.field("code").id()).isEqualTo(9);
    }

    @Test
    void keyColumnsCannotBeDroppedRenamedOrRetyped() {
        SchemaManager manager = manager();
        manager.createTable(orders().option("sequence.field", "qty").build());
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.dropColumn("dt")))
                .hasMessageContaining("Cannot drop column 'dt'").hasMessageContaining("partition key");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.renameColumn("id", "key")))
                .hasMessageContaining("Cannot rename column 'id'").hasMessageContaining("primary key");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.updateColumnType("id", DataTypes.BIGINT())))
                .hasMessageContaining("Cannot change the type of column 'id'").hasMessageContaining("primary key");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.dropColumn("qty")))
                .hasMessageContaining("'qty'").hasMessageContaining("sequence.field");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.dropColumn("nope")))
                .hasMessageContaining("'nope'").hasMessageContaining("no such column");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.renameColumn("note", "price")))
                .hasMessageContaining("a column of that name exists");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.addColumn("note", DataTypes.INT())))
                .hasMessageContaining("already exists");
        assertThatThrownBy(() -> manager.commitChanges(
                        SchemaChange.addColumn("nn", DataTypes.INT().withNullable(false))))
                .hasMessageContaining("must be nullable");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.setOption("bucket", "8")))
                .hasMessageContaining("'bucket'");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.setOption("merge-engine", "first-row")))
                .hasMessageContaining("'merge-engine'");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.setOption("file.format", "csv")))
                .hasMessageContaining("'file.format'").hasMessageContaining("csv");
        // Nothing was committed by the failed changes.
        assertThat(manager.listAll()).hasSize(1);
    }

    @Test
    void onlySafeWideningsAreAccepted() {
        SchemaManager manager = manager();
        manager.createTable(orders().build());
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.updateColumnType("qty", DataTypes.TINYINT())))
                .hasMessage("Cannot change the type of column 'qty' from SMALLINT to TINYINT: supported: TINYINT -> "
                        + "SMALLINT -> INT -> BIGINT, integers and FLOAT -> DOUBLE, longer VARCHAR/VARBINARY, CHAR -> "
                        + "VARCHAR of at least its length, DECIMAL of higher precision and the same scale");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.updateColumnType("price", DataTypes.DECIMAL(12, 3))))
                .hasMessageContaining("'price'").hasMessageContaining("DECIMAL(10, 2)").hasMessageContaining("DECIMAL(12, 3)");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.updateColumnType("note", DataTypes.VARCHAR(5))))
                .hasMessageContaining("VARCHAR(10) to VARCHAR(5)");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.updateColumnType("code", DataTypes.VARCHAR(2))))
                .hasMessageContaining("CHAR(3) to VARCHAR(2)");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.updateColumnType("f", DataTypes.INT())))
                .hasMessageContaining("FLOAT to INT");
        assertThatThrownBy(() -> manager.commitChanges(SchemaChange.updateColumnType("qty", DataTypes.STRING())))
                .hasMessageContaining("SMALLINT to STRING");
        assertThatThrownBy(() -> manager.commitChanges(
                        SchemaChange.updateColumnType("qty", DataTypes.INT().withNullable(false))))
                .hasMessageContaining("NOT NULL");
        TableSchema ok = manager.commitChanges(
                SchemaChange.updateColumnType("qty", DataTypes.DOUBLE()),
                SchemaChange.updateColumnType("code", DataTypes.VARCHAR(3)),
                SchemaChange.updateColumnType("f", DataTypes.DOUBLE()));
        assertThat(ok.field("code").type()).isEqualTo(DataTypes.VARCHAR(3));
    }

    @Test
    void concurrentCommitsRetryAndEachLandsOnce() throws Exception {
        manager().createTable(orders().build());
        int writers = 3;
        int changesEach = 5;
        CyclicBarrier start = new CyclicBarrier(writers);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit((Callable<Void>) () -> {
                    SchemaManager own = manager();
                    start.await();
                    for (int i = 0; i < changesEach; i++) {
                        own.commitChanges(SchemaChange.addColumn("w" + writer + "_" + i, DataTypes.INT()));
                    }
                    return null;
                }));
            }
            for (Future<Void> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        SchemaManager manager = manager();
        TableSchema last = manager.latest().orElseThrow();
        assertThat(last.id()).isEqualTo(writers * changesEach);
        assertThat(manager.listAll()).extracting(TableSchema::id)
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(0, writers * changesEach).boxed().toList());
        assertThat(last.fields()).hasSize(8 + writers * changesEach);
        Set<Integer> ids = new HashSet<>();
        last.fields().forEach(f -> ids.add(f.id()));
        assertThat(ids).hasSize(last.fields().size());
        assertThat(last.highestFieldId()).isEqualTo(7 + writers * changesEach);
        try (var files = Files.list(dir.resolve("t/schema"))) {
            assertThat(files.map(p -> p.getFileName().toString())).allMatch(n -> n.startsWith("schema-"));
        }
    }

    @Test
    void missingOrCorruptSchemaFilesFailNamingThePath() throws Exception {
        SchemaManager manager = manager();
        manager.createTable(orders().build());
        assertThatThrownBy(() -> manager.schema(7))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Schema 7").hasMessageContaining("schema-7");
        Path file = dir.resolve("t/schema/schema-0");
        String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.length() - 40));
        assertThatThrownBy(manager::latest).hasMessageContaining(file.toString());
        Files.writeString(file, "");
        assertThatThrownBy(() -> manager.schema(0)).hasMessageContaining(file.toString());
        Files.writeString(file, text.replace("\"id\" : 0,\n  \"fields\"", "\"id\" : 5,\n  \"fields\""));
        assertThatThrownBy(() -> manager.schema(0)).hasMessageContaining(file.toString()).hasMessageContaining("id 5");
    }
}
