package io.strata.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.api.PublicApi;
import io.strata.json.Json;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One committed version of a table ({@code snapshot/snapshot-<id>}): which schema it was written
 * with, which manifest lists hold its files, who committed it and how. Immutable; built with
 * {@link #builder()}.
 *
 * <p>{@link #toJson()} writes exactly Paimon 1.4.2's layout (members in Paimon's order, nulls omitted),
 * so a Paimon snapshot read and written back is identical text.
 */
@PublicApi
public final class Snapshot {

    /** The snapshot file version Paimon 1.4.2 writes. */
    public static final int CURRENT_VERSION = 3;

    private final int version;
    private final long id;
    private final long schemaId;
    private final String baseManifestList;
    private final Long baseManifestListSize;
    private final String deltaManifestList;
    private final Long deltaManifestListSize;
    private final String changelogManifestList;
    private final Long changelogManifestListSize;
    private final String indexManifest;
    private final String commitUser;
    private final long commitIdentifier;
    private final CommitKind commitKind;
    private final long timeMillis;
    private final Long totalRecordCount;
    private final Long deltaRecordCount;
    private final Long changelogRecordCount;
    private final Long watermark;
    private final String statistics;
    private final Map<String, String> properties;
    private final Long nextRowId;

    private Snapshot(Builder b) {
        this.version = b.version;
        this.id = b.id;
        this.schemaId = b.schemaId;
        this.baseManifestList = b.baseManifestList;
        this.baseManifestListSize = b.baseManifestListSize;
        this.deltaManifestList = b.deltaManifestList;
        this.deltaManifestListSize = b.deltaManifestListSize;
        this.changelogManifestList = b.changelogManifestList;
        this.changelogManifestListSize = b.changelogManifestListSize;
        this.indexManifest = b.indexManifest;
        this.commitUser = b.commitUser;
        this.commitIdentifier = b.commitIdentifier;
        this.commitKind = Objects.requireNonNull(b.commitKind, "commitKind");
        this.timeMillis = b.timeMillis;
        this.totalRecordCount = b.totalRecordCount;
        this.deltaRecordCount = b.deltaRecordCount;
        this.changelogRecordCount = b.changelogRecordCount;
        this.watermark = b.watermark;
        this.statistics = b.statistics;
        this.properties = b.properties == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(b.properties));
        this.nextRowId = b.nextRowId;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this snapshot's values, to derive a changed copy. */
    public Builder toBuilder() {
        return new Builder()
                .version(version).id(id).schemaId(schemaId)
                .baseManifestList(baseManifestList).baseManifestListSize(baseManifestListSize)
                .deltaManifestList(deltaManifestList).deltaManifestListSize(deltaManifestListSize)
                .changelogManifestList(changelogManifestList).changelogManifestListSize(changelogManifestListSize)
                .indexManifest(indexManifest).commitUser(commitUser).commitIdentifier(commitIdentifier)
                .commitKind(commitKind).timeMillis(timeMillis).totalRecordCount(totalRecordCount)
                .deltaRecordCount(deltaRecordCount).changelogRecordCount(changelogRecordCount)
                .watermark(watermark).statistics(statistics).properties(properties).nextRowId(nextRowId);
    }

    public int version() { return version; }

    public long id() { return id; }

    public long schemaId() { return schemaId; }

    /** The manifest list of all data files up to the previous snapshot. */
    public String baseManifestList() { return baseManifestList; }

    /** Null for snapshots of Paimon <= 1.0. */
    public Long baseManifestListSize() { return baseManifestListSize; }

    /** The manifest list of this commit's changes only. */
    public String deltaManifestList() { return deltaManifestList; }

    public Long deltaManifestListSize() { return deltaManifestListSize; }

    /** Null when the commit produced no changelog files. */
    public String changelogManifestList() { return changelogManifestList; }

    public Long changelogManifestListSize() { return changelogManifestListSize; }

    /** Null when the table has no index files (deletion vectors, dynamic-bucket hash index). */
    public String indexManifest() { return indexManifest; }

    public String commitUser() { return commitUser; }

    public long commitIdentifier() { return commitIdentifier; }

    public CommitKind commitKind() { return commitKind; }

    public long timeMillis() { return timeMillis; }

    /** Rows in all live files; null only in old snapshots that did not record it. */
    public Long totalRecordCount() { return totalRecordCount; }

    /** Rows added minus rows removed by this commit; null only in old snapshots. */
    public Long deltaRecordCount() { return deltaRecordCount; }

    public Long changelogRecordCount() { return changelogRecordCount; }

    public Long watermark() { return watermark; }

    public String statistics() { return statistics; }

    /** Null when there are none. */
    public Map<String, String> properties() { return properties; }

    public Long nextRowId() { return nextRowId; }

    /** The snapshot file text, exactly as Paimon 1.4.2 writes it. */
    public String toJson() {
        return Json.pretty(toJsonNode());
    }

    /** The JSON tree, members in Paimon's order; tags append their own members to it. */
    ObjectNode toJsonNode() {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("version", version);
        n.put("id", id);
        n.put("schemaId", schemaId);
        n.put("baseManifestList", baseManifestList);
        putIfNotNull(n, "baseManifestListSize", baseManifestListSize);
        n.put("deltaManifestList", deltaManifestList);
        putIfNotNull(n, "deltaManifestListSize", deltaManifestListSize);
        putIfNotNull(n, "changelogManifestList", changelogManifestList);
        putIfNotNull(n, "changelogManifestListSize", changelogManifestListSize);
        putIfNotNull(n, "indexManifest", indexManifest);
        n.put("commitUser", commitUser);
        n.put("commitIdentifier", commitIdentifier);
        n.put("commitKind", commitKind.name());
        n.put("timeMillis", timeMillis);
        putIfNotNull(n, "totalRecordCount", totalRecordCount);
        putIfNotNull(n, "deltaRecordCount", deltaRecordCount);
        putIfNotNull(n, "changelogRecordCount", changelogRecordCount);
        putIfNotNull(n, "watermark", watermark);
        putIfNotNull(n, "statistics", statistics);
        if (properties != null) {
            ObjectNode props = n.putObject("properties");
            properties.forEach(props::put);
        }
        putIfNotNull(n, "nextRowId", nextRowId);
        return n;
    }

    private static void putIfNotNull(ObjectNode n, String member, Long value) {
        if (value != null) {
            n.put(member, value);
        }
    }

    private static void putIfNotNull(ObjectNode n, String member, String value) {
        if (value != null) {
            n.put(member, value);
        }
    }

    /**
     * Parses a snapshot file; unknown members are ignored.
     *
     * @param sourceName named in errors, e.g. the file path
     */
    public static Snapshot fromJson(String json, String sourceName) {
        return fromJsonNode(Json.parseObject(json, sourceName, "snapshot"), sourceName);
    }

    static Snapshot fromJsonNode(JsonNode n, String sourceName) {
        try {
            Builder b = builder()
                    .version(n.has("version") ? Json.requiredInt(n, "version") : 1)
                    .id(Json.requiredLong(n, "id"))
                    .schemaId(Json.requiredLong(n, "schemaId"))
                    .baseManifestList(requiredText(n, "baseManifestList"))
                    .baseManifestListSize(Json.optionalLong(n, "baseManifestListSize"))
                    .deltaManifestList(requiredText(n, "deltaManifestList"))
                    .deltaManifestListSize(Json.optionalLong(n, "deltaManifestListSize"))
                    .changelogManifestList(Json.optionalText(n, "changelogManifestList"))
                    .changelogManifestListSize(Json.optionalLong(n, "changelogManifestListSize"))
                    .indexManifest(Json.optionalText(n, "indexManifest"))
                    .commitUser(requiredText(n, "commitUser"))
                    .commitIdentifier(Json.requiredLong(n, "commitIdentifier"))
                    .commitKind(commitKind(n))
                    .timeMillis(Json.requiredLong(n, "timeMillis"))
                    .totalRecordCount(Json.optionalLong(n, "totalRecordCount"))
                    .deltaRecordCount(Json.optionalLong(n, "deltaRecordCount"))
                    .changelogRecordCount(Json.optionalLong(n, "changelogRecordCount"))
                    .watermark(Json.optionalLong(n, "watermark"))
                    .statistics(Json.optionalText(n, "statistics"))
                    .nextRowId(Json.optionalLong(n, "nextRowId"));
            JsonNode props = n.get("properties");
            if (props != null && !props.isNull()) {
                if (!props.isObject()) {
                    throw new IllegalArgumentException("'properties' must be an object");
                }
                Map<String, String> map = new LinkedHashMap<>();
                props.fields().forEachRemaining(e -> map.put(e.getKey(), e.getValue().asText()));
                b.properties(map);
            }
            return b.build();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Invalid snapshot in " + sourceName + ": " + e.getMessage(), e);
        }
    }

    private static String requiredText(JsonNode n, String member) {
        String value = Json.optionalText(n, member);
        if (value == null) {
            throw new IllegalArgumentException("missing '" + member + "'");
        }
        return value;
    }

    private static CommitKind commitKind(JsonNode n) {
        String text = requiredText(n, "commitKind");
        try {
            return CommitKind.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown commitKind '" + text + "'");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Snapshot s && toJson().equals(s.toJson());
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, schemaId, commitUser, commitIdentifier, timeMillis);
    }

    @Override
    public String toString() {
        return "Snapshot{id=" + id + ", schemaId=" + schemaId + ", commitKind=" + commitKind + ", commitUser="
                + commitUser + ", commitIdentifier=" + commitIdentifier + ", timeMillis=" + timeMillis + "}";
    }

    /** Builds a {@link Snapshot}; {@code version} defaults to {@link #CURRENT_VERSION}. */
    public static final class Builder {
        private int version = CURRENT_VERSION;
        private long id;
        private long schemaId;
        private String baseManifestList;
        private Long baseManifestListSize;
        private String deltaManifestList;
        private Long deltaManifestListSize;
        private String changelogManifestList;
        private Long changelogManifestListSize;
        private String indexManifest;
        private String commitUser;
        private long commitIdentifier;
        private CommitKind commitKind;
        private long timeMillis;
        private Long totalRecordCount;
        private Long deltaRecordCount;
        private Long changelogRecordCount;
        private Long watermark;
        private String statistics;
        private Map<String, String> properties;
        private Long nextRowId;

        private Builder() {}

        public Builder version(int v) { this.version = v; return this; }

        public Builder id(long v) { this.id = v; return this; }

        public Builder schemaId(long v) { this.schemaId = v; return this; }

        public Builder baseManifestList(String v) { this.baseManifestList = v; return this; }

        public Builder baseManifestListSize(Long v) { this.baseManifestListSize = v; return this; }

        public Builder deltaManifestList(String v) { this.deltaManifestList = v; return this; }

        public Builder deltaManifestListSize(Long v) { this.deltaManifestListSize = v; return this; }

        public Builder changelogManifestList(String v) { this.changelogManifestList = v; return this; }

        public Builder changelogManifestListSize(Long v) { this.changelogManifestListSize = v; return this; }

        public Builder indexManifest(String v) { this.indexManifest = v; return this; }

        public Builder commitUser(String v) { this.commitUser = v; return this; }

        public Builder commitIdentifier(long v) { this.commitIdentifier = v; return this; }

        public Builder commitKind(CommitKind v) { this.commitKind = v; return this; }

        public Builder timeMillis(long v) { this.timeMillis = v; return this; }

        public Builder totalRecordCount(Long v) { this.totalRecordCount = v; return this; }

        public Builder deltaRecordCount(Long v) { this.deltaRecordCount = v; return this; }

        public Builder changelogRecordCount(Long v) { this.changelogRecordCount = v; return this; }

        public Builder watermark(Long v) { this.watermark = v; return this; }

        public Builder statistics(String v) { this.statistics = v; return this; }

        public Builder properties(Map<String, String> v) { this.properties = v; return this; }

        public Builder nextRowId(Long v) { this.nextRowId = v; return this; }

        /** The snapshot; base and delta manifest lists, commit user and kind are required. */
        public Snapshot build() {
            Objects.requireNonNull(baseManifestList, "baseManifestList");
            Objects.requireNonNull(deltaManifestList, "deltaManifestList");
            Objects.requireNonNull(commitUser, "commitUser");
            Objects.requireNonNull(commitKind, "commitKind");
            return new Snapshot(this);
        }
    }
}
