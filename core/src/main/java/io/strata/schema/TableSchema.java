package io.strata.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.api.PublicApi;
import io.strata.json.Json;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One version of a table's schema, as stored in {@code schema/schema-<id>}: the fields with their
 * stable ids, partition and primary keys, options, comment. Immutable.
 *
 * <p>{@link #toJson()} writes exactly what Paimon 1.4.2 writes, so reading a Paimon schema file and
 * writing it back gives identical text.
 */
@PublicApi
public final class TableSchema {

    /** The schema file version Paimon 1.4.2 writes. */
    public static final int CURRENT_VERSION = 3;

    private final int version;
    private final long id;
    private final List<DataField> fields;
    private final int highestFieldId;
    private final List<String> partitionKeys;
    private final List<String> primaryKeys;
    private final Map<String, String> options;
    private final String comment;
    private final long timeMillis;
    private final Map<Integer, String> defaultValues;

    private final RowType rowType;
    private final TableOptions tableOptions;

    /** A schema of the current version, without column default values. */
    public TableSchema(
            long id,
            List<DataField> fields,
            int highestFieldId,
            List<String> partitionKeys,
            List<String> primaryKeys,
            Map<String, String> options,
            String comment,
            long timeMillis) {
        this(CURRENT_VERSION, id, fields, highestFieldId, partitionKeys, primaryKeys, options, comment, timeMillis,
                Map.of());
    }

    /**
     * A schema with every stored member. {@code defaultValues} maps a top-level field id to the
     * {@code defaultValue} text Paimon stores for it (kept so that rewriting a schema loses nothing).
     */
    public TableSchema(
            int version,
            long id,
            List<DataField> fields,
            int highestFieldId,
            List<String> partitionKeys,
            List<String> primaryKeys,
            Map<String, String> options,
            String comment,
            long timeMillis,
            Map<Integer, String> defaultValues) {
        this.version = version;
        this.id = id;
        this.fields = List.copyOf(fields);
        this.highestFieldId = highestFieldId;
        this.partitionKeys = List.copyOf(partitionKeys);
        this.primaryKeys = List.copyOf(primaryKeys);
        // Insertion order is kept: it is the order of the file, so a rewrite gives the same text.
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        this.comment = comment;
        this.timeMillis = timeMillis;
        this.defaultValues = Collections.unmodifiableMap(new LinkedHashMap<>(defaultValues));
        this.rowType = new RowType(this.fields);
        this.tableOptions = new TableOptions(this.options);
        requireColumns("partition key", this.partitionKeys);
        requireColumns("primary key", this.primaryKeys);
        if (this.rowType.highestFieldId() > highestFieldId) {
            throw new IllegalArgumentException("highestFieldId " + highestFieldId
                    + " is below the highest field id in use, " + rowType.highestFieldId());
        }
    }

    private void requireColumns(String what, List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (rowType.indexOf(name) < 0) {
                throw new IllegalArgumentException(
                        "The " + what + " '" + name + "' is not a column; columns are " + rowType.fieldNames());
            }
            if (!seen.add(name)) {
                throw new IllegalArgumentException("The " + what + " '" + name + "' is listed twice");
            }
        }
    }

    public int version() {
        return version;
    }

    public long id() {
        return id;
    }

    public List<DataField> fields() {
        return fields;
    }

    public int highestFieldId() {
        return highestFieldId;
    }

    public List<String> partitionKeys() {
        return partitionKeys;
    }

    public List<String> primaryKeys() {
        return primaryKeys;
    }

    public Map<String, String> options() {
        return options;
    }

    /** The table comment, or null. */
    public String comment() {
        return comment;
    }

    public long timeMillis() {
        return timeMillis;
    }

    /** Column default values by top-level field id, as Paimon stores them (SQL literal text). */
    public Map<Integer, String> defaultValues() {
        return defaultValues;
    }

    /** Whether the table has a primary key (a merge-on-read LSM table) rather than being append-only. */
    public boolean isPrimaryKeyTable() {
        return !primaryKeys.isEmpty();
    }

    /** All columns, in order. */
    public RowType rowType() {
        return rowType;
    }

    /** The partition columns, in partition-key order. */
    public RowType partitionType() {
        return rowType.project(partitionKeys);
    }

    /** The primary key minus the partition columns: the key stored in data files and compared by the merge. */
    public List<String> trimmedPrimaryKeys() {
        List<String> trimmed = new ArrayList<>(primaryKeys.size());
        for (String key : primaryKeys) {
            if (!partitionKeys.contains(key)) {
                trimmed.add(key);
            }
        }
        return List.copyOf(trimmed);
    }

    /** The type of {@link #trimmedPrimaryKeys()}. */
    public RowType trimmedPrimaryKeyType() {
        return rowType.project(trimmedPrimaryKeys());
    }

    /** The columns hashed to pick a bucket: option {@code bucket-key}, else the trimmed primary key (empty for an append table). */
    public List<String> bucketKeys() {
        List<String> configured = tableOptions.bucketKey();
        return configured.isEmpty() ? trimmedPrimaryKeys() : configured;
    }

    /** The typed view of {@link #options()}. */
    public TableOptions tableOptions() {
        return tableOptions;
    }

    /** The field of the given name; fails naming the column and the columns there are. */
    public DataField field(String name) {
        return fields.get(rowType.requireIndexOf(name));
    }

    /** The schema file text, exactly as Paimon 1.4.2 writes it. */
    public String toJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("version", version);
        root.put("id", id);
        ArrayNode fieldsJson = root.putArray("fields");
        for (DataField f : fields) {
            ObjectNode fieldJson = TypeJson.fieldToJson(f);
            String defaultValue = defaultValues.get(f.id());
            if (defaultValue != null) {
                fieldJson.put("defaultValue", defaultValue);
            }
            fieldsJson.add(fieldJson);
        }
        root.put("highestFieldId", highestFieldId);
        ArrayNode partitionJson = root.putArray("partitionKeys");
        partitionKeys.forEach(partitionJson::add);
        ArrayNode primaryJson = root.putArray("primaryKeys");
        primaryKeys.forEach(primaryJson::add);
        ObjectNode optionsJson = root.putObject("options");
        options.forEach(optionsJson::put);
        if (comment != null) {
            root.put("comment", comment);
        }
        root.put("timeMillis", timeMillis);
        return Json.pretty(root);
    }

    /**
     * Parses a schema file. Old versions get Paimon's implied options: version <= 1 without
     * {@code bucket} means one bucket, version <= 2 without {@code file.format} means ORC.
     *
     * @param sourceName named in errors, e.g. the file path
     */
    public static TableSchema fromJson(String json, String sourceName) {
        JsonNode root = Json.parseObject(json, sourceName, "table schema");
        try {
            int version = root.has("version") ? Json.requiredInt(root, "version") : 1;
            long id = Json.requiredLong(root, "id");
            List<DataField> fields = new ArrayList<>();
            Map<Integer, String> defaultValues = new LinkedHashMap<>();
            for (JsonNode f : Json.requiredArray(root, "fields")) {
                DataField field = TypeJson.fieldFromJson(f);
                fields.add(field);
                JsonNode defaultValue = f.get("defaultValue");
                if (defaultValue != null && !defaultValue.isNull()) {
                    defaultValues.put(field.id(), defaultValue.asText());
                }
            }
            int highestFieldId = Json.requiredInt(root, "highestFieldId");
            List<String> partitionKeys = Json.stringList(Json.requiredArray(root, "partitionKeys"));
            List<String> primaryKeys = Json.stringList(Json.requiredArray(root, "primaryKeys"));
            JsonNode optionsJson = root.get("options");
            Map<String, String> options = new LinkedHashMap<>();
            if (optionsJson != null && !optionsJson.isNull()) {
                if (!optionsJson.isObject()) {
                    throw new IllegalArgumentException("'options' must be an object");
                }
                optionsJson.fields().forEachRemaining(e -> options.put(e.getKey(), e.getValue().asText()));
            }
            if (version <= 1) {
                options.putIfAbsent(TableOptions.BUCKET.key(), "1");
            }
            if (version <= 2) {
                options.putIfAbsent(TableOptions.FILE_FORMAT.key(), "orc");
            }
            JsonNode commentJson = root.get("comment");
            String comment = commentJson == null || commentJson.isNull() ? null : commentJson.asText();
            long timeMillis = root.has("timeMillis") ? Json.requiredLong(root, "timeMillis") : 0L;
            return new TableSchema(version, id, fields, highestFieldId, partitionKeys, primaryKeys, options, comment,
                    timeMillis, defaultValues);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Invalid table schema in " + sourceName + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableSchema other
                && version == other.version
                && id == other.id
                && highestFieldId == other.highestFieldId
                && timeMillis == other.timeMillis
                && fields.equals(other.fields)
                && partitionKeys.equals(other.partitionKeys)
                && primaryKeys.equals(other.primaryKeys)
                && options.equals(other.options)
                && Objects.equals(comment, other.comment)
                && defaultValues.equals(other.defaultValues);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, fields, partitionKeys, primaryKeys, options, comment, timeMillis);
    }

    @Override
    public String toString() {
        return "TableSchema{id=" + id + ", fields=" + fields + ", partitionKeys=" + partitionKeys
                + ", primaryKeys=" + primaryKeys + ", options=" + options + "}";
    }
}
