package io.strata.schema;

import io.strata.format.FileFormat;
import io.strata.format.registry.FormatFactories;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Applies {@link SchemaChange}s to a schema, producing the next schema version. Field ids never change,
 * so every data file written under an older schema keeps mapping onto the new one.
 */
final class SchemaEvolution {

    /** Options whose change would silently re-bucket or re-merge existing data (Paimon forbids them too). */
    private static final Set<String> IMMUTABLE_OPTIONS = Set.of(
            "bucket", "bucket-key", "bucket-function.type", "merge-engine", "sequence.field", "primary-key",
            "partition", "data-file.path-directory");

    private SchemaEvolution() {}

    /** The schema after {@code changes}, with id {@code current.id() + 1}; fails naming the change that cannot apply. */
    static TableSchema apply(TableSchema current, List<SchemaChange> changes, long timeMillis) {
        List<DataField> fields = new ArrayList<>(current.fields());
        Map<String, String> options = new LinkedHashMap<>(current.options());
        Map<Integer, String> defaultValues = new LinkedHashMap<>(current.defaultValues());
        String comment = current.comment();
        FieldIds ids = new FieldIds(current.highestFieldId());
        for (SchemaChange change : changes) {
            if (change instanceof SchemaChange.AddColumn add) {
                if (indexOf(fields, add.name()) >= 0) {
                    throw new IllegalArgumentException("Cannot add column '" + add.name() + "': it already exists");
                }
                if (!add.type().nullable()) {
                    throw new IllegalArgumentException("Cannot add column '" + add.name() + "' as "
                            + add.type().asSqlString() + ": an added column must be nullable (older files have no value)");
                }
                fields.add(ids.topLevel(add.name(), add.type(), add.comment()));
            } else if (change instanceof SchemaChange.RenameColumn rename) {
                int i = requireColumn(fields, rename.oldName(), "rename");
                requireUnprotected(current, options, rename.oldName(), "rename");
                if (indexOf(fields, rename.newName()) >= 0) {
                    throw new IllegalArgumentException("Cannot rename column '" + rename.oldName() + "' to '"
                            + rename.newName() + "': a column of that name exists");
                }
                fields.set(i, fields.get(i).withName(rename.newName()));
            } else if (change instanceof SchemaChange.DropColumn drop) {
                int i = requireColumn(fields, drop.name(), "drop");
                requireUnprotected(current, options, drop.name(), "drop");
                if (fields.size() == 1) {
                    throw new IllegalArgumentException("Cannot drop column '" + drop.name() + "': it is the last column");
                }
                defaultValues.remove(fields.get(i).id());
                fields.remove(i);
            } else if (change instanceof SchemaChange.UpdateColumnType update) {
                int i = requireColumn(fields, update.name(), "change the type of");
                if (current.partitionKeys().contains(update.name()) || current.primaryKeys().contains(update.name())) {
                    throw new IllegalArgumentException("Cannot change the type of column '" + update.name()
                            + "': it is a " + keyKind(current, update.name()) + " column");
                }
                TypeWidening.check(update.name(), fields.get(i).type(), update.newType());
                fields.set(i, fields.get(i).withType(update.newType()));
            } else if (change instanceof SchemaChange.SetOption set) {
                requireMutableOption(set.key(), options.get(set.key()), set.value());
                options.put(set.key(), set.value());
            } else if (change instanceof SchemaChange.RemoveOption remove) {
                requireMutableOption(remove.key(), options.get(remove.key()), null);
                options.remove(remove.key());
            } else if (change instanceof SchemaChange.UpdateComment update) {
                comment = update.comment();
            }
        }
        TableOptions.validateForRead(options);
        // As Paimon's schema validation: the table's file format must hold every column after the change.
        TableOptions typed = new TableOptions(options);
        for (Map.Entry<FileFormat, String> written : new FileFormatOptions(options).combinations()) {
            FormatFactories.of(written.getKey()).validateWrite(new RowType(fields), written.getValue());
        }
        return new TableSchema(TableSchema.CURRENT_VERSION, current.id() + 1, fields, ids.highest(),
                current.partitionKeys(), current.primaryKeys(), options, comment, timeMillis, defaultValues);
    }

    private static int indexOf(List<DataField> fields, String name) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private static int requireColumn(List<DataField> fields, String name, String action) {
        int i = indexOf(fields, name);
        if (i < 0) {
            List<String> names = new ArrayList<>();
            fields.forEach(f -> names.add(f.name()));
            throw new IllegalArgumentException("Cannot " + action + " column '" + name + "': no such column among " + names);
        }
        return i;
    }

    /** Key columns and columns named by bucket-key or sequence.field must keep their name and exist. */
    private static void requireUnprotected(TableSchema current, Map<String, String> options, String name, String action) {
        if (current.partitionKeys().contains(name) || current.primaryKeys().contains(name)) {
            throw new IllegalArgumentException(
                    "Cannot " + action + " column '" + name + "': it is a " + keyKind(current, name) + " column");
        }
        Set<String> referenced = new LinkedHashSet<>();
        TableOptions typed = new TableOptions(options);
        referenced.addAll(typed.bucketKey());
        referenced.addAll(typed.sequenceField());
        if (referenced.contains(name)) {
            throw new IllegalArgumentException("Cannot " + action + " column '" + name
                    + "': it is named by table option 'bucket-key' or 'sequence.field'");
        }
    }

    private static String keyKind(TableSchema schema, String name) {
        return schema.partitionKeys().contains(name) ? "partition key" : "primary key";
    }

    private static void requireMutableOption(String key, String oldValue, String newValue) {
        if (IMMUTABLE_OPTIONS.contains(key) && !Objects.equals(oldValue, newValue)) {
            throw new IllegalArgumentException("Cannot change table option '" + key + "' from '" + oldValue + "' to '"
                    + newValue + "' on an existing table: it decides where existing rows live or how they merge");
        }
    }
}
