package io.strata.schema;

import io.strata.api.PublicApi;
import io.strata.types.DataField;
import io.strata.types.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a user asks for when creating a table: columns, keys, options, comment. Field ids are not
 * chosen here; {@link SchemaManager#createTable} assigns them. Immutable; built with {@link #newBuilder()}.
 */
@PublicApi
public final class Schema {

    /** A requested column. */
    public record Column(String name, DataType type, String comment) {
        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    private final List<Column> columns;
    private final List<String> partitionKeys;
    private final List<String> primaryKeys;
    private final Map<String, String> options;
    private final String comment;

    private Schema(Builder b) {
        this.columns = List.copyOf(b.columns);
        this.partitionKeys = List.copyOf(b.partitionKeys);
        this.primaryKeys = List.copyOf(b.primaryKeys);
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(b.options));
        this.comment = b.comment;
    }

    public static Builder newBuilder() {
        return new Builder();
    }

    public List<Column> columns() {
        return columns;
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

    /** The columns as fields with placeholder ids (all 0); for display and checks only. */
    List<DataField> unnumberedFields() {
        List<DataField> fields = new ArrayList<>(columns.size());
        for (Column c : columns) {
            fields.add(new DataField(0, c.name(), c.type(), c.comment()));
        }
        return fields;
    }

    @Override
    public String toString() {
        return "Schema{columns=" + columns + ", partitionKeys=" + partitionKeys + ", primaryKeys=" + primaryKeys
                + ", options=" + options + ", comment=" + comment + "}";
    }

    /** Builds a {@link Schema}. */
    public static final class Builder {
        private final List<Column> columns = new ArrayList<>();
        private List<String> partitionKeys = List.of();
        private List<String> primaryKeys = List.of();
        private final Map<String, String> options = new LinkedHashMap<>();
        private String comment;

        private Builder() {}

        public Builder column(String name, DataType type) {
            return column(name, type, null);
        }

        public Builder column(String name, DataType type, String comment) {
            columns.add(new Column(name, type, comment));
            return this;
        }

        public Builder partitionKeys(String... keys) {
            this.partitionKeys = List.of(keys);
            return this;
        }

        public Builder partitionKeys(List<String> keys) {
            this.partitionKeys = List.copyOf(keys);
            return this;
        }

        public Builder primaryKey(String... keys) {
            this.primaryKeys = List.of(keys);
            return this;
        }

        public Builder primaryKey(List<String> keys) {
            this.primaryKeys = List.copyOf(keys);
            return this;
        }

        public Builder option(String key, String value) {
            options.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        public Builder options(Map<String, String> more) {
            more.forEach(this::option);
            return this;
        }

        public Builder comment(String tableComment) {
            this.comment = tableComment;
            return this;
        }

        public Schema build() {
            return new Schema(this);
        }
    }
}
