package io.strata.schema;

import io.strata.api.PublicApi;
import io.strata.types.DataType;
import java.util.Objects;

/**
 * One change to a table's schema, applied by {@link SchemaManager#commitChanges}. Columns keep their
 * field ids across renames and type changes, so files written before the change still read.
 */
@PublicApi
public sealed interface SchemaChange {

    /** Appends a column (nullable data is read as null from older files); it gets id highestFieldId + 1. */
    static SchemaChange addColumn(String name, DataType type, String comment) {
        return new AddColumn(name, type, comment);
    }

    /** Appends a column without a comment. */
    static SchemaChange addColumn(String name, DataType type) {
        return new AddColumn(name, type, null);
    }

    static SchemaChange renameColumn(String oldName, String newName) {
        return new RenameColumn(oldName, newName);
    }

    static SchemaChange dropColumn(String name) {
        return new DropColumn(name);
    }

    /** Widens a column's type; only changes that every stored value survives are accepted. */
    static SchemaChange updateColumnType(String name, DataType newType) {
        return new UpdateColumnType(name, newType);
    }

    static SchemaChange setOption(String key, String value) {
        return new SetOption(key, value);
    }

    static SchemaChange removeOption(String key) {
        return new RemoveOption(key);
    }

    /** Sets the table comment; null removes it. */
    static SchemaChange updateComment(String comment) {
        return new UpdateComment(comment);
    }

    /** See {@link SchemaChange#addColumn(String, DataType, String)}. */
    record AddColumn(String name, DataType type, String comment) implements SchemaChange {
        public AddColumn {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
        }
    }

    /** See {@link SchemaChange#renameColumn}. */
    record RenameColumn(String oldName, String newName) implements SchemaChange {
        public RenameColumn {
            Objects.requireNonNull(oldName, "oldName");
            Objects.requireNonNull(newName, "newName");
        }
    }

    /** See {@link SchemaChange#dropColumn}. */
    record DropColumn(String name) implements SchemaChange {
        public DropColumn {
            Objects.requireNonNull(name, "name");
        }
    }

    /** See {@link SchemaChange#updateColumnType}. */
    record UpdateColumnType(String name, DataType newType) implements SchemaChange {
        public UpdateColumnType {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(newType, "newType");
        }
    }

    /** See {@link SchemaChange#setOption}. */
    record SetOption(String key, String value) implements SchemaChange {
        public SetOption {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    /** See {@link SchemaChange#removeOption}. */
    record RemoveOption(String key) implements SchemaChange {
        public RemoveOption {
            Objects.requireNonNull(key, "key");
        }
    }

    /** See {@link SchemaChange#updateComment}. */
    record UpdateComment(String comment) implements SchemaChange {}
}
