package io.strata.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.api.PublicApi;
import io.strata.json.Json;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A table's statistics as of one snapshot, in Paimon's statistics file ({@code statistics/stat-<uuid>-<n>},
 * named by the {@code statistics} member of the ANALYZE snapshot and of the snapshots after it while the
 * schema stays the same): the merged row count and size, and per column (by name, in the schema of
 * {@link #schemaId}) its {@link ColumnStatistics}. Spark's and Flink's ANALYZE write it; optimizers read it.
 * The figures describe snapshot {@link #snapshotId}: later snapshots may have changed the table since.
 */
@PublicApi
public final class Statistics {

    private final long snapshotId;
    private final long schemaId;
    private final Long mergedRecordCount;
    private final Long mergedRecordSize;
    private final Map<String, ColumnStatistics> columns;

    public Statistics(long snapshotId, long schemaId, Long mergedRecordCount, Long mergedRecordSize,
            Map<String, ColumnStatistics> columns) {
        this.snapshotId = snapshotId;
        this.schemaId = schemaId;
        this.mergedRecordCount = mergedRecordCount;
        this.mergedRecordSize = mergedRecordSize;
        this.columns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columns));
    }

    /** The snapshot the figures were collected from. */
    public long snapshotId() {
        return snapshotId;
    }

    /** The schema of that snapshot: column names and types of {@link #columns} are this schema's. */
    public long schemaId() {
        return schemaId;
    }

    /** The number of rows a read returns (every key once), or null when unknown. */
    public Long mergedRecordCount() {
        return mergedRecordCount;
    }

    /** The size of those rows in bytes, or null when unknown. */
    public Long mergedRecordSize() {
        return mergedRecordSize;
    }

    /** Per column name, in the order written. */
    public Map<String, ColumnStatistics> columns() {
        return columns;
    }

    /** The file's text, member by member as Paimon writes it. */
    public String toJson() {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("snapshotId", snapshotId);
        n.put("schemaId", schemaId);
        if (mergedRecordCount != null) {
            n.put("mergedRecordCount", mergedRecordCount);
        }
        if (mergedRecordSize != null) {
            n.put("mergedRecordSize", mergedRecordSize);
        }
        ObjectNode colStats = n.putObject("colStats");
        for (Map.Entry<String, ColumnStatistics> e : columns.entrySet()) {
            ColumnStatistics c = e.getValue();
            ObjectNode col = colStats.putObject(e.getKey());
            col.put("colId", c.columnId());
            putIfNotNull(col, "distinctCount", c.distinctCount());
            if (c.min() != null) {
                col.put("min", c.min());
            }
            if (c.max() != null) {
                col.put("max", c.max());
            }
            putIfNotNull(col, "nullCount", c.nullCount());
            putIfNotNull(col, "avgLen", c.avgLength());
            putIfNotNull(col, "maxLen", c.maxLength());
        }
        return Json.pretty(n);
    }

    private static void putIfNotNull(ObjectNode n, String member, Long value) {
        if (value != null) {
            n.put(member, value);
        }
    }

    /**
     * Parses a statistics file; unknown members are ignored, as Paimon does.
     *
     * @param sourceName named in errors, e.g. the file path
     */
    public static Statistics fromJson(String json, String sourceName) {
        JsonNode n = Json.parseObject(json, sourceName, "statistics");
        try {
            Map<String, ColumnStatistics> columns = new LinkedHashMap<>();
            JsonNode colStats = n.get("colStats");
            if (colStats != null && !colStats.isNull()) {
                if (!colStats.isObject()) {
                    throw new IllegalArgumentException("'colStats' must be an object");
                }
                Iterator<Map.Entry<String, JsonNode>> fields = colStats.fields();
                while (fields.hasNext()) {
                    Map.Entry<String, JsonNode> e = fields.next();
                    JsonNode c = e.getValue();
                    try {
                        columns.put(e.getKey(), new ColumnStatistics(Json.requiredInt(c, "colId"),
                                Json.optionalLong(c, "distinctCount"), Json.optionalText(c, "min"),
                                Json.optionalText(c, "max"), Json.optionalLong(c, "nullCount"),
                                Json.optionalLong(c, "avgLen"), Json.optionalLong(c, "maxLen")));
                    } catch (RuntimeException failure) {
                        throw new IllegalArgumentException("column '" + e.getKey() + "': " + failure.getMessage(),
                                failure);
                    }
                }
            }
            return new Statistics(Json.requiredLong(n, "snapshotId"), Json.requiredLong(n, "schemaId"),
                    Json.optionalLong(n, "mergedRecordCount"), Json.optionalLong(n, "mergedRecordSize"), columns);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Invalid statistics in " + sourceName + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "Statistics[snapshot " + snapshotId + ", schema " + schemaId + ", " + mergedRecordCount + " rows, "
                + columns + "]";
    }
}
