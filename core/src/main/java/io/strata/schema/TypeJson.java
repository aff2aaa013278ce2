package io.strata.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Data types and fields in the JSON form of Paimon's schema files.
 *
 * <p>Atomic types are strings ({@code "DECIMAL(10, 2) NOT NULL"}); nested types are objects whose
 * {@code type} member is the kind plus an optional {@code NOT NULL}: {@code {"type":"ARRAY",
 * "element":...}}, {@code {"type":"MULTISET","element":...}}, {@code {"type":"MAP","key":...,
 * "value":...}} and {@code {"type":"ROW","fields":[...]}}. A field is {@code {"id","name","type"}}
 * plus an optional {@code description}.
 */
final class TypeJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private TypeJson() {}

    /** The JSON form of a type. */
    public static JsonNode toJson(DataType type) {
        if (type instanceof AtomicType atomic) {
            return NODES.textNode(atomic.asSqlString());
        }
        if (type instanceof ArrayType array) {
            return nested("ARRAY", array).set("element", toJson(array.element()));
        }
        if (type instanceof MultisetType multiset) {
            return nested("MULTISET", multiset).set("element", toJson(multiset.element()));
        }
        if (type instanceof MapType map) {
            ObjectNode node = nested("MAP", map);
            node.set("key", toJson(map.key()));
            node.set("value", toJson(map.value()));
            return node;
        }
        RowType row = (RowType) type;
        ObjectNode node = nested("ROW", row);
        ArrayNode fields = node.putArray("fields");
        for (DataField f : row.fields()) {
            fields.add(fieldToJson(f));
        }
        return node;
    }

    private static ObjectNode nested(String kind, DataType type) {
        ObjectNode node = NODES.objectNode();
        node.put("type", kind + type.nullSuffix());
        return node;
    }

    /** The JSON form of a field: {@code id}, {@code name}, {@code type}, and {@code description} if set. */
    public static ObjectNode fieldToJson(DataField field) {
        ObjectNode node = NODES.objectNode();
        node.put("id", field.id());
        node.put("name", field.name());
        node.set("type", toJson(field.type()));
        if (field.description() != null) {
            node.put("description", field.description());
        }
        return node;
    }

    /** Parses the JSON form of a type; fails naming the offending JSON. */
    public static DataType fromJson(JsonNode json) {
        if (json == null || json.isNull() || json.isMissingNode()) {
            throw new IllegalArgumentException("Missing type");
        }
        if (json.isTextual()) {
            return TypeParser.parse(json.asText());
        }
        if (!json.isObject() || !json.path("type").isTextual()) {
            throw new IllegalArgumentException("Cannot parse type " + json);
        }
        String head = json.get("type").asText().trim();
        boolean nullable = true;
        String kind = head;
        String upper = head.toUpperCase(Locale.ROOT);
        if (upper.endsWith("NOT NULL")) {
            nullable = false;
            kind = head.substring(0, head.length() - "NOT NULL".length()).trim();
        }
        return switch (kind.toUpperCase(Locale.ROOT)) {
            case "ARRAY" -> new ArrayType(fromJson(required(json, "element")), nullable);
            case "MULTISET" -> new MultisetType(fromJson(required(json, "element")), nullable);
            case "MAP" -> new MapType(fromJson(required(json, "key")), fromJson(required(json, "value")), nullable);
            case "ROW" -> {
                JsonNode fieldsJson = required(json, "fields");
                if (!fieldsJson.isArray()) {
                    throw new IllegalArgumentException("ROW 'fields' must be an array in " + json);
                }
                List<DataField> fields = new ArrayList<>(fieldsJson.size());
                for (JsonNode f : fieldsJson) {
                    fields.add(fieldFromJson(f));
                }
                yield new RowType(fields, nullable);
            }
            default -> throw new IllegalArgumentException("Unknown nested type '" + head + "' in " + json);
        };
    }

    /** Parses the JSON form of a field. Members Strata does not model (e.g. {@code defaultValue}) are skipped. */
    public static DataField fieldFromJson(JsonNode json) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("A field must be a JSON object, got " + json);
        }
        JsonNode id = required(json, "id");
        JsonNode name = required(json, "name");
        if (!id.canConvertToInt() || !name.isTextual()) {
            throw new IllegalArgumentException("Bad field id or name in " + json);
        }
        DataType type;
        try {
            type = fromJson(required(json, "type"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Field '" + name.asText() + "': " + e.getMessage(), e);
        }
        JsonNode description = json.get("description");
        return new DataField(
                id.asInt(), name.asText(), type, description == null || description.isNull() ? null : description.asText());
    }

    private static JsonNode required(JsonNode json, String member) {
        JsonNode value = json.get(member);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("Missing '" + member + "' in " + json);
        }
        return value;
    }
}
