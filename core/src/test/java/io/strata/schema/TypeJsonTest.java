package io.strata.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.types.ArrayType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeJsonTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return MAPPER.readTree(text);
    }

    @Test
    void atomicTypesAreStrings() throws Exception {
        assertThat(TypeJson.toJson(DataTypes.DECIMAL(10, 2).withNullable(false)).asText())
                .isEqualTo("DECIMAL(10, 2) NOT NULL");
        assertThat(TypeJson.toJson(DataTypes.TIMESTAMP_LTZ(6)).asText()).isEqualTo("TIMESTAMP(6) WITH LOCAL TIME ZONE");
        assertThat(TypeJson.fromJson(json("\"VARCHAR(20)\""))).isEqualTo(DataTypes.VARCHAR(20));
        assertThat(TypeJson.fromJson(json("\"STRING NOT NULL\""))).isEqualTo(DataTypes.STRING().withNullable(false));
    }

    @Test
    void nestedTypesAreObjectsInPaimonsForm() throws Exception {
        DataType type = new ArrayType(
                new MapType(DataTypes.STRING().withNullable(false), new MultisetType(DataTypes.INT(), false), true),
                false);
        assertThat(MAPPER.writeValueAsString(TypeJson.toJson(type))).isEqualTo(
                "{\"type\":\"ARRAY NOT NULL\",\"element\":{\"type\":\"MAP\",\"key\":\"STRING NOT NULL\","
                        + "\"value\":{\"type\":\"MULTISET NOT NULL\",\"element\":\"INT\"}}}");
        assertThat(TypeJson.fromJson(TypeJson.toJson(type))).isEqualTo(type);
    }

    @Test
    void rowFieldsKeepIdsAndDescriptions() throws Exception {
        RowType row = new RowType(List.of(
                new DataField(5, "a", DataTypes.INT(), "desc a"),
                new DataField(7, "b", DataTypes.ARRAY(DataTypes.ROW(new DataField(6, "c", DataTypes.DATE()))))), false);
        JsonNode node = TypeJson.toJson(row);
        assertThat(MAPPER.writeValueAsString(node)).isEqualTo(
                "{\"type\":\"ROW NOT NULL\",\"fields\":[{\"id\":5,\"name\":\"a\",\"type\":\"INT\",\"description\":\"desc a\"},"
                        + "{\"id\":7,\"name\":\"b\",\"type\":{\"type\":\"ARRAY\",\"element\":{\"type\":\"ROW\",\"fields\":"
                        + "[{\"id\":6,\"name\":\"c\",\"type\":\"DATE\"}]}}}]}");
        assertThat(TypeJson.fromJson(node)).isEqualTo(row);
    }

    @Test
    void fieldDefaultValueIsSkippedOnRead() throws Exception {
        DataField f = TypeJson.fieldFromJson(json("{\"id\":3,\"name\":\"x\",\"type\":\"INT\",\"defaultValue\":\"7\"}"));
        assertThat(f).isEqualTo(new DataField(3, "x", DataTypes.INT()));
    }

    @Test
    void badTypesFailNamingTheInput() {
        assertThatThrownBy(() -> TypeJson.fromJson(json("{\"type\":\"VECTOR\",\"element\":\"INT\"}")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("VECTOR");
        assertThatThrownBy(() -> TypeJson.fromJson(json("{\"type\":\"ARRAY\"}")))
                .hasMessageContaining("element");
        assertThatThrownBy(() -> TypeJson.fieldFromJson(json("{\"id\":1,\"name\":\"q\",\"type\":\"NOPE(3)\"}")))
                .hasMessageContaining("'q'").hasMessageContaining("NOPE(3)");
    }
}
