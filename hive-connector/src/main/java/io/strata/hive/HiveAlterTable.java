package io.strata.hive;

import io.strata.fs.FileIO;
import io.strata.schema.SchemaChange;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.HiveTypeNames;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * Applies a Hive {@code ALTER TABLE} to the Strata table behind it, before the metastore records it:
 *
 * <ul>
 *   <li>{@code SET TBLPROPERTIES}: each property that is not Hive's own becomes a Strata table option;
 *       {@code UNSET TBLPROPERTIES} removes it;
 *   <li>{@code ADD COLUMNS}: nullable columns appended to the Strata schema.
 * </ul>
 *
 * All changes of one statement become ONE new schema version, which the core validates before writing
 * it, so a rejected ALTER (an unsupported option or value, a type that does not widen) changes neither
 * the Strata table nor the metastore. Hive itself rejects other column changes on storage-handler
 * tables (CHANGE, REPLACE, DROP COLUMN); renames and type widenings are made in Strata and show in Hive
 * through {@link StrataSerDe}. Other ALTERs (rename, owner, statistics) do not touch the Strata table.
 */
final class HiveAlterTable {

    /** What one Hive ALTER asked of the Strata table. */
    record Changes(List<SchemaChange> apply, List<SchemaChange> undo) {
        boolean isEmpty() {
            return apply.isEmpty();
        }
    }

    private HiveAlterTable() {}

    /**
     * The Strata schema changes for Hive's altered table.
     *
     * @throws IllegalArgumentException naming the table and what cannot be changed
     */
    static Changes changes(Configuration conf, Table altered, EnvironmentContext context, io.strata.table.Table table) {
        Map<String, String> props = context == null || context.getProperties() == null ? Map.of() : context.getProperties();
        String type = props.getOrDefault(HiveMetaHook.ALTER_TABLE_OPERATION_TYPE, "");
        String name = altered.getDbName() + "." + altered.getTableName();
        TableSchema schema = table.schema();
        return switch (type) {
            case "ADDPROPS" -> setOptions(name, schema, keys(props.get(HiveMetaHook.SET_PROPERTIES)), altered.getParameters());
            case "DROPPROPS" -> removeOptions(name, schema, keys(props.get(HiveMetaHook.UNSET_PROPERTIES)));
            case "ADDCOLS" -> addColumns(name, schema, altered.getSd().getCols());
            default -> new Changes(List.of(), List.of());
        };
    }

    /** Whether this kind of ALTER may change the Strata table (and so needs to read it). */
    static boolean changesStrata(EnvironmentContext context) {
        String type = context == null || context.getProperties() == null ? ""
                : context.getProperties().getOrDefault(HiveMetaHook.ALTER_TABLE_OPERATION_TYPE, "");
        return type.equals("ADDPROPS") || type.equals("DROPPROPS") || type.equals("ADDCOLS");
    }

    /** Commits the changes as one schema version, after checking the options as the core writes them. */
    static void commit(Configuration conf, io.strata.table.Table table, Changes changes, String hiveTable) {
        TableSchema schema = table.schema();
        Map<String, String> options = new LinkedHashMap<>(schema.options());
        for (SchemaChange c : changes.apply()) {
            if (c instanceof SchemaChange.SetOption set) {
                options.put(set.key(), set.value());
            } else if (c instanceof SchemaChange.RemoveOption remove) {
                options.remove(remove.key());
            }
        }
        try {
            if (writable(schema.options(), schema.primaryKeys())) {
                // A table Strata can write must stay writable: reject options only Paimon can write (for
                // example deletion vectors or a changelog producer) before anything is written.
                TableOptions.validateForWrite(options, schema.primaryKeys());
            }
            new SchemaManager(new FileIO(conf), table.location()).commitChanges(changes.apply().toArray(new SchemaChange[0]));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cannot alter Strata table " + table.location() + " of Hive table "
                    + hiveTable + ": " + e.getMessage(), e);
        }
    }

    private static boolean writable(Map<String, String> options, List<String> primaryKeys) {
        try {
            TableOptions.validateForWrite(options, primaryKeys);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Hive's list of changed property keys, separated by a quote. */
    private static List<String> keys(String joined) {
        List<String> keys = new ArrayList<>();
        if (joined != null) {
            for (String key : joined.split(HiveMetaHook.PROPERTIES_SEPARATOR)) {
                if (!key.isEmpty()) {
                    keys.add(key);
                }
            }
        }
        return keys;
    }

    private static Changes setOptions(String name, TableSchema schema, List<String> keys, Map<String, String> params) {
        List<SchemaChange> apply = new ArrayList<>();
        List<SchemaChange> undo = new ArrayList<>();
        for (String key : keys) {
            if (isKeyProperty(key)) {
                throw new IllegalArgumentException("Cannot set '" + key + "' on Hive table " + name
                        + ": the primary key and partition keys of a Strata table are fixed at CREATE");
            }
            if (ManagedTables.isHiveParameter(key)) {
                continue;
            }
            String value = params == null ? null : params.get(key);
            if (value == null) {
                continue;
            }
            apply.add(SchemaChange.setOption(key, value));
            String old = schema.options().get(key);
            undo.add(old == null ? SchemaChange.removeOption(key) : SchemaChange.setOption(key, old));
        }
        return new Changes(apply, undo);
    }

    private static Changes removeOptions(String name, TableSchema schema, List<String> keys) {
        List<SchemaChange> apply = new ArrayList<>();
        List<SchemaChange> undo = new ArrayList<>();
        for (String key : keys) {
            if (isKeyProperty(key)) {
                throw new IllegalArgumentException("Cannot unset '" + key + "' on Hive table " + name
                        + ": the primary key and partition keys of a Strata table are fixed at CREATE");
            }
            if (ManagedTables.isHiveParameter(key) || !schema.options().containsKey(key)) {
                continue;
            }
            apply.add(SchemaChange.removeOption(key));
            undo.add(SchemaChange.setOption(key, schema.options().get(key)));
        }
        return new Changes(apply, undo);
    }

    private static boolean isKeyProperty(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.equals(StrataConf.PRIMARY_KEY) || k.equals(StrataConf.PARTITION);
    }

    /** The Hive columns the Strata table lacks become nullable Strata columns, appended in Hive's order. */
    private static Changes addColumns(String name, TableSchema schema, List<FieldSchema> cols) {
        RowType rowType = schema.rowType();
        List<SchemaChange> apply = new ArrayList<>();
        List<SchemaChange> undo = new ArrayList<>();
        for (FieldSchema col : cols) {
            if (StrataInputFormat.indexOfIgnoreCase(rowType, col.getName()) >= 0) {
                continue;
            }
            DataType type = HiveTypeMapping.toStrata(col.getName(), col.getType()).withNullable(true);
            apply.add(SchemaChange.addColumn(col.getName(), type, col.getComment()));
            undo.add(0, SchemaChange.dropColumn(col.getName()));
        }
        return new Changes(apply, undo);
    }

    /**
     * The columns the metastore records for the altered table. For tables created without a column list
     * Hive hands over its deserializer's columns as {@code <derived from deserializer>} (which the
     * metastore then rejects as an incompatible type change): they are replaced by the Strata table's
     * current columns, so the metastore shows what Hive reads. Declared columns get their Hive type.
     */
    static List<FieldSchema> metastoreColumns(Table altered, RowType rowType) {
        List<FieldSchema> cols = altered.getSd().getCols() == null ? List.of() : altered.getSd().getCols();
        boolean followsTable = altered.getParameters() != null
                && "true".equalsIgnoreCase(altered.getParameters().get(StrataConf.COLUMNS_FROM_TABLE));
        List<FieldSchema> result = new ArrayList<>();
        if (followsTable) {
            for (DataField f : rowType.fields()) {
                result.add(new FieldSchema(HiveTypeNames.hiveName(f.name()), HiveTypeNames.of(f.type()), f.description()));
            }
            return result;
        }
        for (FieldSchema col : cols) {
            int p = StrataInputFormat.indexOfIgnoreCase(rowType, col.getName());
            boolean derived = col.getType() == null || col.getType().startsWith("<");
            result.add(derived && p >= 0
                    ? new FieldSchema(col.getName(), HiveTypeNames.of(rowType.typeAt(p)), col.getComment())
                    : col);
        }
        return result;
    }
}
