package io.strata.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.Fixtures;
import io.strata.format.FileFormat;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class TableSchemaTest {

    @ParameterizedTest
    @ValueSource(strings = {"pk_orc", "pk_parquet_dv", "append_orc"})
    void fixtureSchemasRoundTripToIdenticalText(String table) {
        Path file = Fixtures.paimon142(table).resolve("schema/schema-0");
        String text = Fixtures.read(file);
        TableSchema schema = TableSchema.fromJson(text, file.toString());
        assertThat(schema.toJson()).isEqualTo(text);
        assertThat(TableSchema.fromJson(schema.toJson(), "again")).isEqualTo(schema);
    }

    @Test
    void primaryKeyFixtureHasPaimonsKeysAndOptions() {
        Path file = Fixtures.paimon142("pk_orc").resolve("schema/schema-0");
        TableSchema schema = TableSchema.fromJson(Fixtures.read(file), file.toString());
        assertThat(schema.version()).isEqualTo(3);
        assertThat(schema.id()).isZero();
        assertThat(schema.highestFieldId()).isEqualTo(6);
        assertThat(schema.rowType().fieldNames()).containsExactly("dt", "id", "name", "price", "big", "ts", "ts6");
        assertThat(schema.fields().get(0)).isEqualTo(new DataField(0, "dt", DataTypes.STRING().withNullable(false)));
        assertThat(schema.fields().get(4).type()).isEqualTo(DataTypes.DECIMAL(38, 4));
        assertThat(schema.fields().get(6).type()).isEqualTo(DataTypes.TIMESTAMP(6));
        assertThat(schema.partitionKeys()).containsExactly("dt");
        assertThat(schema.primaryKeys()).containsExactly("dt", "id");
        assertThat(schema.trimmedPrimaryKeys()).containsExactly("id");
        assertThat(schema.trimmedPrimaryKeyType().fieldNames()).containsExactly("id");
        assertThat(schema.partitionType().fieldNames()).containsExactly("dt");
        assertThat(schema.bucketKeys()).containsExactly("id");
        assertThat(schema.comment()).isEqualTo("probe table");
        assertThat(schema.timeMillis()).isEqualTo(1796204517973L);
        assertThat(schema.tableOptions().bucket()).isEqualTo(2);
        assertThat(schema.tableOptions().fileFormat()).isEqualTo(FileFormat.ORC);
        assertThat(schema.tableOptions().changelogProducer()).isEqualTo(ChangelogProducer.INPUT);
        assertThat(schema.isPrimaryKeyTable()).isTrue();
    }

    @Test
    void appendFixtureHasNoKeysAndNoBucketKeys() {
        Path file = Fixtures.paimon142("append_orc").resolve("schema/schema-0");
        TableSchema schema = TableSchema.fromJson(Fixtures.read(file), file.toString());
        assertThat(schema.primaryKeys()).isEmpty();
        assertThat(schema.trimmedPrimaryKeys()).isEmpty();
        assertThat(schema.bucketKeys()).isEmpty();
        assertThat(schema.comment()).isNull();
        assertThat(schema.tableOptions().bucket()).isEqualTo(-1);
        assertThat(schema.isPrimaryKeyTable()).isFalse();
    }

    @Test
    void bucketKeyOptionOverridesThePrimaryKey() {
        TableSchema schema = new TableSchema(0,
                List.of(new DataField(0, "a", DataTypes.INT()), new DataField(1, "b", DataTypes.INT()),
                        new DataField(2, "c", DataTypes.INT())),
                2, List.of(), List.of(), Map.of("bucket-key", "c,a", "bucket", "4"), null, 1L);
        assertThat(schema.bucketKeys()).containsExactly("c", "a");
    }

    @Test
    void derivedTypesFollowKeyOrderNotColumnOrder() {
        TableSchema schema = new TableSchema(4,
                List.of(new DataField(0, "a", DataTypes.INT()), new DataField(1, "hr", DataTypes.INT()),
                        new DataField(2, "k2", DataTypes.STRING()), new DataField(3, "dt", DataTypes.STRING()),
                        new DataField(4, "k1", DataTypes.BIGINT())),
                4, List.of("dt", "hr"), List.of("k1", "dt", "k2", "hr"), Map.of("bucket", "3"), "c", 7L);
        assertThat(schema.partitionType().fieldNames()).containsExactly("dt", "hr");
        assertThat(schema.partitionType().fields()).extracting(DataField::id).containsExactly(3, 1);
        assertThat(schema.trimmedPrimaryKeys()).containsExactly("k1", "k2");
        assertThat(schema.trimmedPrimaryKeyType().fields()).extracting(DataField::id).containsExactly(4, 2);
        assertThat(schema.bucketKeys()).containsExactly("k1", "k2");
        assertThat(schema.version()).isEqualTo(TableSchema.CURRENT_VERSION);
        assertThat(TableSchema.fromJson(schema.toJson(), "x")).isEqualTo(schema);
        assertThatThrownBy(() -> new TableSchema(0, List.of(new DataField(0, "a", DataTypes.INT())), 0,
                List.of("b"), List.of(), Map.of(), null, 0L)).hasMessageContaining("'b'");
    }

    @Test
    void oldVersionsImplyOneBucketAndOrc() {
        String v1 = "{\"id\":0,\"fields\":[{\"id\":0,\"name\":\"a\",\"type\":\"INT NOT NULL\"}],\"highestFieldId\":0,"
                + "\"partitionKeys\":[],\"primaryKeys\":[\"a\"],\"options\":{}}";
        TableSchema schema1 = TableSchema.fromJson(v1, "v1");
        assertThat(schema1.version()).isEqualTo(1);
        assertThat(schema1.tableOptions().bucket()).isEqualTo(1);
        assertThat(schema1.tableOptions().fileFormat()).isEqualTo(FileFormat.ORC);
        assertThat(schema1.timeMillis()).isZero();

        String v2 = "{\"version\":2,\"id\":0,\"fields\":[{\"id\":0,\"name\":\"a\",\"type\":\"INT\"}],\"highestFieldId\":0,"
                + "\"partitionKeys\":[],\"primaryKeys\":[],\"options\":{}}";
        TableSchema schema2 = TableSchema.fromJson(v2, "v2");
        assertThat(schema2.options()).containsExactly(Map.entry("file.format", "orc"));
        assertThat(schema2.tableOptions().bucket()).isEqualTo(-1);

        String v3 = v2.replace("\"version\":2", "\"version\":3");
        assertThat(TableSchema.fromJson(v3, "v3").tableOptions().fileFormat()).isEqualTo(FileFormat.PARQUET);
    }

    @Test
    void columnDefaultValuesSurviveARewrite() {
        String json = "{\n  \"version\" : 3,\n  \"id\" : 0,\n  \"fields\" : [ {\n    \"id\" : 0,\n    \"name\" : \"a\",\n"
                + "    \"type\" : \"INT\",\n    \"description\" : \"d\",\n    \"defaultValue\" : \"42\"\n  } ],\n"
                + "  \"highestFieldId\" : 0,\n  \"partitionKeys\" : [ ],\n  \"primaryKeys\" : [ ],\n  \"options\" : { },\n"
                + "  \"timeMillis\" : 5\n}";
        TableSchema schema = TableSchema.fromJson(json, "defaults");
        assertThat(schema.defaultValues()).containsExactly(Map.entry(0, "42"));
        assertThat(schema.toJson()).isEqualTo(json);
    }

    @Test
    void truncatedOrCorruptSchemaFailsNamingTheSource() {
        Path file = Fixtures.paimon142("pk_orc").resolve("schema/schema-0");
        String text = Fixtures.read(file);
        assertThatThrownBy(() -> TableSchema.fromJson(text.substring(0, text.length() / 2), "/t/schema/schema-0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/t/schema/schema-0");
        assertThatThrownBy(() -> TableSchema.fromJson("", "/t/schema/schema-0"))
                .hasMessageContaining("/t/schema/schema-0");
        assertThatThrownBy(() -> TableSchema.fromJson(text.replace("\"highestFieldId\"", "\"hfi\""), "/t/schema/schema-0"))
                .hasMessageContaining("/t/schema/schema-0").hasMessageContaining("highestFieldId");
        assertThatThrownBy(() -> TableSchema.fromJson(text.replace("DECIMAL(10, 2)", "DECIMAL(10, 2"), "/t/schema/schema-0"))
                .hasMessageContaining("/t/schema/schema-0").hasMessageContaining("price");
        assertThatThrownBy(() -> TableSchema.fromJson(text.replace("\"partitionKeys\" : [ \"dt\" ]",
                        "\"partitionKeys\" : [ \"nope\" ]"), "/t/schema/schema-0"))
                .hasMessageContaining("/t/schema/schema-0").hasMessageContaining("nope");
    }
}
