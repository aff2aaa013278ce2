package io.strata.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.oracle.PaimonOracle;
import io.strata.fs.FileIO;
import io.strata.types.ArrayType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Schemas written by Apache Paimon 1.4.2 read in Strata, and schemas Strata writes read in Paimon. */
class PaimonSchemaCompatTest {

    @TempDir
    Path warehouse;

    private static final org.apache.paimon.types.DataType P_INT = org.apache.paimon.types.DataTypes.INT();

    /** Every Paimon primitive type Strata models, plus nested types, as Paimon declares them. */
    private static org.apache.paimon.schema.Schema paimonSpecWithEveryType() {
        return org.apache.paimon.schema.Schema.newBuilder()
                .column("dt", org.apache.paimon.types.DataTypes.STRING())
                .column("id", org.apache.paimon.types.DataTypes.BIGINT(), "the key")
                .column("b", org.apache.paimon.types.DataTypes.BOOLEAN())
                .column("ti", org.apache.paimon.types.DataTypes.TINYINT())
                .column("si", org.apache.paimon.types.DataTypes.SMALLINT())
                .column("i", P_INT.notNull())
                .column("f", org.apache.paimon.types.DataTypes.FLOAT())
                .column("d", org.apache.paimon.types.DataTypes.DOUBLE())
                .column("dec_small", org.apache.paimon.types.DataTypes.DECIMAL(5, 2))
                .column("dec_big", org.apache.paimon.types.DataTypes.DECIMAL(38, 10))
                .column("ch", org.apache.paimon.types.DataTypes.CHAR(3))
                .column("vc", org.apache.paimon.types.DataTypes.VARCHAR(12))
                .column("bin", org.apache.paimon.types.DataTypes.BINARY(4))
                .column("vb", org.apache.paimon.types.DataTypes.VARBINARY(8))
                .column("bytes", org.apache.paimon.types.DataTypes.BYTES())
                .column("day", org.apache.paimon.types.DataTypes.DATE())
                .column("t0", org.apache.paimon.types.DataTypes.TIME())
                .column("t3", org.apache.paimon.types.DataTypes.TIME(3))
                .column("ts0", org.apache.paimon.types.DataTypes.TIMESTAMP(0))
                .column("ts3", org.apache.paimon.types.DataTypes.TIMESTAMP_MILLIS())
                .column("ts9", org.apache.paimon.types.DataTypes.TIMESTAMP(9))
                .column("ltz", org.apache.paimon.types.DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3))
                .column("arr", new org.apache.paimon.types.ArrayType(false, org.apache.paimon.types.DataTypes.STRING()))
                .column("m", org.apache.paimon.types.DataTypes.MAP(
                        org.apache.paimon.types.DataTypes.STRING().notNull(),
                        org.apache.paimon.types.DataTypes.ARRAY(P_INT)))
                .column("ms", org.apache.paimon.types.DataTypes.MULTISET(org.apache.paimon.types.DataTypes.DOUBLE()))
                .column("r", org.apache.paimon.types.DataTypes.ROW(
                        org.apache.paimon.types.DataTypes.FIELD(0, "a", P_INT, "field a"),
                        org.apache.paimon.types.DataTypes.FIELD(1, "inner", org.apache.paimon.types.DataTypes.ARRAY(
                                org.apache.paimon.types.DataTypes.ROW(org.apache.paimon.types.DataTypes.FIELD(
                                        2, "c", org.apache.paimon.types.DataTypes.DATE()))))))
                .column("last", org.apache.paimon.types.DataTypes.STRING())
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .option("file.format", "orc")
                .comment("every type")
                .build();
    }

    /** The same table as a Strata spec. */
    private static Schema strataSpecWithEveryType() {
        return Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.BIGINT(), "the key")
                .column("b", DataTypes.BOOLEAN())
                .column("ti", DataTypes.TINYINT())
                .column("si", DataTypes.SMALLINT())
                .column("i", DataTypes.INT().withNullable(false))
                .column("f", DataTypes.FLOAT())
                .column("d", DataTypes.DOUBLE())
                .column("dec_small", DataTypes.DECIMAL(5, 2))
                .column("dec_big", DataTypes.DECIMAL(38, 10))
                .column("ch", DataTypes.CHAR(3))
                .column("vc", DataTypes.VARCHAR(12))
                .column("bin", DataTypes.BINARY(4))
                .column("vb", DataTypes.VARBINARY(8))
                .column("bytes", DataTypes.BYTES())
                .column("day", DataTypes.DATE())
                .column("t0", DataTypes.TIME(0))
                .column("t3", DataTypes.TIME(3))
                .column("ts0", DataTypes.TIMESTAMP(0))
                .column("ts3", DataTypes.TIMESTAMP(3))
                .column("ts9", DataTypes.TIMESTAMP(9))
                .column("ltz", DataTypes.TIMESTAMP_LTZ(3))
                .column("arr", new ArrayType(DataTypes.STRING(), false))
                .column("m", DataTypes.MAP(DataTypes.STRING().withNullable(false), DataTypes.ARRAY(DataTypes.INT())))
                .column("ms", new MultisetType(DataTypes.DOUBLE(), true))
                .column("r", DataTypes.ROW(
                        new DataField(0, "a", DataTypes.INT(), "field a"),
                        new DataField(0, "inner", DataTypes.ARRAY(DataTypes.ROW(new DataField(0, "c", DataTypes.DATE()))))))
                .column("last", DataTypes.STRING())
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .option("file.format", "orc")
                .comment("every type")
                .build();
    }

    private Path tablePath() {
        return warehouse.resolve("db.db").resolve("t");
    }

    private org.apache.hadoop.fs.Path hadoopTablePath() {
        return new org.apache.hadoop.fs.Path(tablePath().toUri());
    }

    @Test
    void schemaWrittenByPaimonParsesToTheSameTypesAndRewritesIdentically() throws Exception {
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            Catalog catalog = oracle.catalog();
            catalog.createDatabase("db", false);
            catalog.createTable(Identifier.create("db", "t"), paimonSpecWithEveryType(), false);
        }
        Path file = tablePath().resolve("schema/schema-0");
        String paimonText = Files.readString(file);

        TableSchema schema = new SchemaManager(FileIO.local(), hadoopTablePath()).latest().orElseThrow();
        assertThat(schema.toJson()).isEqualTo(paimonText);

        Map<String, DataType> expected = new java.util.LinkedHashMap<>();
        expected.put("dt", DataTypes.STRING().withNullable(false));
        expected.put("id", DataTypes.BIGINT().withNullable(false));
        expected.put("b", DataTypes.BOOLEAN());
        expected.put("ti", DataTypes.TINYINT());
        expected.put("si", DataTypes.SMALLINT());
        expected.put("i", DataTypes.INT().withNullable(false));
        expected.put("f", DataTypes.FLOAT());
        expected.put("d", DataTypes.DOUBLE());
        expected.put("dec_small", DataTypes.DECIMAL(5, 2));
        expected.put("dec_big", DataTypes.DECIMAL(38, 10));
        expected.put("ch", DataTypes.CHAR(3));
        expected.put("vc", DataTypes.VARCHAR(12));
        expected.put("bin", DataTypes.BINARY(4));
        expected.put("vb", DataTypes.VARBINARY(8));
        expected.put("bytes", DataTypes.BYTES());
        expected.put("day", DataTypes.DATE());
        expected.put("t0", DataTypes.TIME(0));
        expected.put("t3", DataTypes.TIME(3));
        expected.put("ts0", DataTypes.TIMESTAMP(0));
        expected.put("ts3", DataTypes.TIMESTAMP(3));
        expected.put("ts9", DataTypes.TIMESTAMP(9));
        expected.put("ltz", DataTypes.TIMESTAMP_LTZ(3));
        expected.put("arr", new ArrayType(DataTypes.STRING(), false));
        expected.put("m", new MapType(DataTypes.STRING().withNullable(false), DataTypes.ARRAY(DataTypes.INT()), true));
        expected.put("ms", new MultisetType(DataTypes.DOUBLE(), true));
        // Paimon numbers a nested field after the fields inside its own type: c (28) before inner (29).
        expected.put("r", DataTypes.ROW(
                new DataField(26, "a", DataTypes.INT(), "field a"),
                new DataField(28, "inner", DataTypes.ARRAY(DataTypes.ROW(new DataField(27, "c", DataTypes.DATE()))))));
        expected.put("last", DataTypes.STRING());

        assertThat(schema.rowType().fieldNames()).containsExactlyElementsOf(expected.keySet());
        for (DataField field : schema.fields()) {
            assertThat(field.type()).as(field.name()).isEqualTo(expected.get(field.name()));
        }
        assertThat(schema.field("id").description()).isEqualTo("the key");
        assertThat(schema.field("last").id()).isEqualTo(29);
        assertThat(schema.highestFieldId()).isEqualTo(29);
        assertThat(schema.comment()).isEqualTo("every type");
    }

    @Test
    void strataAssignsTheSameIdsAndWritesTheSameFileAsPaimon() throws Exception {
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            Catalog catalog = oracle.catalog();
            catalog.createDatabase("db", false);
            catalog.createTable(Identifier.create("db", "t"), paimonSpecWithEveryType(), false);
        }
        String paimonText = Files.readString(tablePath().resolve("schema/schema-0"));

        Path strataTable = warehouse.resolve("strata");
        TableSchema strata = new SchemaManager(FileIO.local(), new org.apache.hadoop.fs.Path(strataTable.toUri()))
                .createTable(strataSpecWithEveryType());
        String strataText = Files.readString(strataTable.resolve("schema/schema-0"));
        assertThat(strataText).isEqualTo(strata.toJson());
        assertThat(withoutTime(strataText)).isEqualTo(withoutTime(paimonText));
    }

    private static String withoutTime(String schemaJson) {
        return schemaJson.replaceAll("\"timeMillis\" : \\d+", "\"timeMillis\" : 0");
    }

    @Test
    void tableCreatedByStrataIsLoadedWrittenAndReadByPaimon() throws Exception {
        new SchemaManager(FileIO.local(), hadoopTablePath()).createTable(Schema.newBuilder()
                .column("dt", DataTypes.STRING())
                .column("id", DataTypes.INT())
                .column("name", DataTypes.VARCHAR(20), "a name")
                .column("amount", DataTypes.DECIMAL(12, 2))
                .partitionKeys("dt")
                .primaryKey("dt", "id")
                .option("bucket", "2")
                .option("file.format", "parquet")
                .comment("made by strata")
                .build());

        org.apache.paimon.schema.TableSchema paimonSchema =
                new org.apache.paimon.schema.SchemaManager(LocalFileIO.create(), PaimonOracle.path(tablePath()))
                        .latest().orElseThrow();
        assertThat(paimonSchema.fieldNames()).containsExactly("dt", "id", "name", "amount");
        List<String> types = new ArrayList<>();
        paimonSchema.fields().forEach(f -> types.add(f.id() + " " + f.type().asSQLString()));
        assertThat(types).containsExactly("0 STRING NOT NULL", "1 INT NOT NULL", "2 VARCHAR(20)", "3 DECIMAL(12, 2)");
        assertThat(paimonSchema.fields().get(2).description()).isEqualTo("a name");
        assertThat(paimonSchema.partitionKeys()).containsExactly("dt");
        assertThat(paimonSchema.primaryKeys()).containsExactly("dt", "id");
        assertThat(paimonSchema.options()).isEqualTo(Map.of("bucket", "2", "file.format", "parquet"));
        assertThat(paimonSchema.comment()).isEqualTo("made by strata");
        assertThat(paimonSchema.highestFieldId()).isEqualTo(3);

        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            Table table = oracle.table("db", "t");
            BatchWriteBuilder builder = table.newBatchWriteBuilder();
            try (BatchTableWrite write = builder.newWrite(); BatchTableCommit commit = builder.newCommit()) {
                write.write(GenericRow.of(BinaryString.fromString("2024-01-01"), 1, BinaryString.fromString("x"), null));
                write.write(GenericRow.of(BinaryString.fromString("2024-01-01"), 1, BinaryString.fromString("y"), null));
                write.write(GenericRow.of(BinaryString.fromString("2024-01-02"), 2, null, null));
                commit.commit(write.prepareCommit());
            }
            // Reading the rows back needs hadoop-mapreduce classes that are not on the test class path; the
            // committed snapshot shows Paimon merged the two rows of key (2024-01-01, 1) into one.
            org.apache.paimon.Snapshot snapshot = ((org.apache.paimon.table.FileStoreTable) table).snapshotManager()
                    .latestSnapshot();
            assertThat(snapshot.schemaId()).isZero();
            assertThat(snapshot.totalRecordCount()).isEqualTo(2);
        }
    }

    @Test
    void evolutionByStrataIsReadByPaimonAndEvolutionByPaimonIsReadByStrata() throws Exception {
        SchemaManager manager = new SchemaManager(FileIO.local(), hadoopTablePath());
        manager.createTable(Schema.newBuilder()
                .column("id", DataTypes.INT())
                .column("small", DataTypes.SMALLINT())
                .column("label", DataTypes.VARCHAR(5))
                .primaryKey("id")
                .option("bucket", "1")
                .build());
        TableSchema evolved = manager.commitChanges(
                SchemaChange.addColumn("extra", DataTypes.ROW(new DataField(0, "x", DataTypes.INT())), "added"),
                SchemaChange.updateColumnType("small", DataTypes.BIGINT()),
                SchemaChange.renameColumn("label", "title"),
                SchemaChange.setOption("write-buffer-size", "64 mb"),
                SchemaChange.updateComment("evolved"));
        assertThat(evolved.id()).isEqualTo(1);

        org.apache.paimon.schema.SchemaManager paimon =
                new org.apache.paimon.schema.SchemaManager(LocalFileIO.create(), PaimonOracle.path(tablePath()));
        org.apache.paimon.schema.TableSchema p1 = paimon.latest().orElseThrow();
        assertThat(p1.id()).isEqualTo(1);
        List<String> fields = new ArrayList<>();
        p1.fields().forEach(f -> fields.add(f.id() + " " + f.name() + " " + f.type().asSQLString()));
        assertThat(fields).containsExactly("0 id INT NOT NULL", "1 small BIGINT", "2 title VARCHAR(5)",
                "3 extra ROW<`x` INT>");
        assertThat(p1.highestFieldId()).isEqualTo(4);
        assertThat(p1.options()).containsEntry("write-buffer-size", "64 mb");
        assertThat(p1.comment()).isEqualTo("evolved");

        // Paimon evolves the table further; Strata reads what Paimon wrote, text for text.
        try (PaimonOracle oracle = new PaimonOracle(warehouse)) {
            Catalog catalog = oracle.catalog();
            catalog.alterTable(Identifier.create("db", "t"), List.of(
                    org.apache.paimon.schema.SchemaChange.addColumn("more", org.apache.paimon.types.DataTypes.DOUBLE()),
                    org.apache.paimon.schema.SchemaChange.dropColumn("title"),
                    org.apache.paimon.schema.SchemaChange.setOption("write-buffer-size", "32 mb")), false);
        }
        TableSchema s2 = manager.latest().orElseThrow();
        assertThat(s2.id()).isEqualTo(2);
        assertThat(s2.rowType().fieldNames()).containsExactly("id", "small", "extra", "more");
        assertThat(s2.field("more")).isEqualTo(new DataField(5, "more", DataTypes.DOUBLE()));
        assertThat(s2.toJson()).isEqualTo(Files.readString(tablePath().resolve("schema/schema-2")));
        assertThat(manager.listAll()).extracting(TableSchema::id).containsExactly(0L, 1L, 2L);
    }
}
