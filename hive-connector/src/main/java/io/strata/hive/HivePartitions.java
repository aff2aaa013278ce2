package io.strata.hive;

import io.strata.schema.TableSchema;
import io.strata.schema.TableOptions;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.ql.metadata.DummyPartition;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.metadata.Partition;
import org.apache.hadoop.hive.ql.optimizer.ppr.PartitionPruner;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;

/**
 * A Strata table's partitions as Hive sees them through the storage handler. Strata partitions a table
 * itself (Hive's metastore holds no partition of it): its partition columns are ordinary columns of the
 * Hive table, and a {@code PARTITION (...)} clause of a statement is checked against the Strata table's
 * partition keys and answered from its latest snapshot. Partition names are Hive's ({@code dt=2024-01-01/h=3},
 * escaped as Hive and Paimon escape directory names).
 */
final class HivePartitions {

    private final Configuration conf;
    private final org.apache.hadoop.hive.ql.metadata.Table hiveTable;
    private final Table table;

    private HivePartitions(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable, Table table) {
        this.conf = conf;
        this.hiveTable = hiveTable;
        this.table = table;
    }

    /** The partitions of the Strata table a Hive table reads. */
    static HivePartitions of(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable)
            throws SemanticException {
        try {
            return new HivePartitions(conf, hiveTable,
                    StrataTables.load(conf, hiveTable.getDataLocation().toString(), hiveTable.getFullyQualifiedName()));
        } catch (IllegalArgumentException e) {
            throw new SemanticException(e.getMessage(), e);
        }
    }

    /** The partition columns, with the Hive types the table shows them as. */
    List<FieldSchema> keys(ZoneId localZone) {
        TableSchema schema = table.schema();
        List<FieldSchema> keys = new ArrayList<>();
        for (String key : schema.partitionKeys()) {
            DataField field = schema.field(key);
            keys.add(new FieldSchema(field.name(), HiveTypeMapping.typeInfo(field.type(), localZone).getTypeName(),
                    field.description()));
        }
        return keys;
    }

    /**
     * Checks a {@code PARTITION (...)} clause: every column it names must be a partition column of the
     * Strata table, and every value it gives must be a value of that column's type (a value Hive would
     * turn into NULL would silently write into the default partition).
     */
    void validate(Map<String, String> spec) throws SemanticException {
        TableSchema schema = table.schema();
        List<String> keys = schema.partitionKeys();
        for (Map.Entry<String, String> entry : spec.entrySet()) {
            String key = partitionKey(entry.getKey());
            if (key == null) {
                throw new SemanticException("Hive table " + hiveTable.getFullyQualifiedName() + " (Strata table "
                        + table.location() + ") " + (keys.isEmpty() ? "is not partitioned"
                        : "is partitioned by " + String.join(", ", keys)) + ": '" + entry.getKey()
                        + "' in the PARTITION clause is not a partition column");
            }
            if (entry.getValue() != null) {
                checkValue(schema.field(key), entry.getValue());
            }
        }
    }

    /**
     * The partition a fully static {@code PARTITION (...)} clause names, whether or not it holds data yet:
     * a placeholder Hive writes into (Strata routes the rows by their values).
     */
    Partition partition(Map<String, String> spec) throws SemanticException {
        validate(spec);
        return new DummyPartition(hiveTable, name(spec), spec);
    }

    /**
     * The names of the partitions with data in the snapshot the query reads (the latest, unless it travels in
     * time) that match {@code spec} (all or some of the partition columns, by their directory text), sorted.
     */
    List<String> names(Map<String, String> spec) throws SemanticException {
        validate(spec);
        Map<String, String> wanted = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : spec.entrySet()) {
            String key = partitionKey(entry.getKey());
            String value = entry.getValue();
            String text = value == null ? null : directoryText(table.schema().field(key), value);
            wanted.put(key, text != null ? text : value);
        }
        List<String> names = new ArrayList<>();
        for (String path : snapshotPartitions().names()) {
            if (matches(path, wanted)) {
                names.add(path);
            }
        }
        return names;
    }

    /**
     * The partitions with data for which Hive's {@code filter} (an expression over partition columns only) is
     * true or unknown, evaluated by Hive's own evaluator on the partition values as Hive's types of the
     * columns read them; the default partition (NULL values) is kept only where the filter is true for NULL.
     */
    List<Partition> partitions(ExprNodeDesc filter) throws SemanticException {
        List<String> names = new ArrayList<>(snapshotPartitions().names());
        if (filter != null) {
            List<String> columns = new ArrayList<>();
            List<PrimitiveTypeInfo> types = new ArrayList<>();
            for (FieldSchema key : keys(StrataConf.localZone(conf))) {
                columns.add(key.getName());
                types.add(TypeInfoFactory.getPrimitiveTypeInfo(key.getType()));
            }
            try {
                PartitionPruner.prunePartitionNames(columns, types, filter,
                        new TableOptions(table.schema().options()).partitionDefaultName(), names);
            } catch (HiveException | MetaException | RuntimeException e) {
                throw new SemanticException("Cannot select the partitions of Hive table "
                        + hiveTable.getFullyQualifiedName() + " (Strata table " + table.location() + ") that "
                        + filter.getExprString() + " matches: " + e.getMessage(), e);
            }
        }
        List<Partition> partitions = new ArrayList<>();
        for (String name : names) {
            partitions.add(new DummyPartition(hiveTable, name, values(name)));
        }
        return partitions;
    }

    private SnapshotPartitions snapshotPartitions() throws SemanticException {
        try {
            return SnapshotPartitions.of(table, QuerySnapshot.of(conf, hiveTable));
        } catch (IllegalArgumentException e) {
            // No cause: Hive's planner would report only the root cause, not this message.
            throw new SemanticException("Cannot list the partitions of Hive table " + hiveTable.getFullyQualifiedName()
                    + " (Strata table " + table.location() + "): " + e.getMessage());
        }
    }

    /** The partitions with data that match {@code spec}, as placeholders (see {@link #partition}). */
    List<Partition> partitions(Map<String, String> spec) throws SemanticException {
        List<Partition> partitions = new ArrayList<>();
        for (String name : names(spec)) {
            partitions.add(new DummyPartition(hiveTable, name, values(name)));
        }
        return partitions;
    }

    /**
     * The static partition of an INSERT OVERWRITE whose {@code PARTITION (...)} clause gives every
     * partition column a value (Hive's static spec path {@code p=v/q=w/}), in the form core's overwrite takes
     * (values as Strata's directory names show them), or null when a value's text may differ from
     * Strata's for the column's type (then only what the statement writes is replaced).
     */
    static Map<String, String> staticPartition(TableSchema schema, String staticSpecPath) {
        Map<String, String> hiveSpec = values(staticSpecPath);
        if (hiveSpec.size() != schema.partitionKeys().size()) {
            return null;
        }
        Map<String, String> partition = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : hiveSpec.entrySet()) {
            String key = partitionKey(schema, entry.getKey());
            if (key == null) {
                return null;
            }
            String text = directoryText(schema.field(key), entry.getValue());
            if (text == null) {
                return null;
            }
            partition.put(key, text);
        }
        return partition;
    }

    /**
     * A {@code PARTITION (...)} clause (all or some partition columns) as a core partition spec: the Strata
     * table's key names, values as Strata's directory names show them.
     *
     * @throws IllegalArgumentException a column is not a partition key of the table
     */
    static Map<String, String> strataSpec(TableSchema schema, Map<String, String> hiveSpec) {
        Map<String, String> spec = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : hiveSpec.entrySet()) {
            String key = partitionKey(schema, entry.getKey());
            if (key == null) {
                throw new IllegalArgumentException("'" + entry.getKey() + "' is not a partition column; the partition"
                        + " keys are " + String.join(", ", schema.partitionKeys()));
            }
            String text = directoryText(schema.field(key), entry.getValue());
            spec.put(key, text != null ? text : entry.getValue());
        }
        return spec;
    }

    /**
     * The directory text of a static value for the key types whose text Hive and Strata spell alike once the
     * value is parsed ({@code 007} is the INT 7); null for the others.
     */
    private static String directoryText(DataField field, String value) {
        if (!(field.type() instanceof AtomicType type)) {
            return null;
        }
        try {
            return switch (type.root()) {
                case TINYINT -> Byte.toString(Byte.parseByte(value.trim()));
                case SMALLINT -> Short.toString(Short.parseShort(value.trim()));
                case INT -> Integer.toString(Integer.parseInt(value.trim()));
                case BIGINT -> Long.toString(Long.parseLong(value.trim()));
                case VARCHAR -> value;
                case BOOLEAN -> Boolean.toString(Boolean.parseBoolean(value.trim()));
                case DATE -> java.time.LocalDate.parse(value.trim()).toString();
                default -> null;
            };
        } catch (RuntimeException e) {
            return null;
        }
    }

    private void checkValue(DataField field, String value) throws SemanticException {
        TypeInfo type = HiveTypeMapping.typeInfo(field.type(), ZoneId.of("UTC"));
        if (!(type instanceof PrimitiveTypeInfo primitive)) {
            return;
        }
        Object converted = ObjectInspectorConverters.getConverter(
                PrimitiveObjectInspectorFactory.javaStringObjectInspector,
                PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(primitive)).convert(value);
        if (converted == null) {
            throw new SemanticException("Hive table " + hiveTable.getFullyQualifiedName() + ": '" + value
                    + "' is not a value of partition column '" + field.name() + "' (" + type.getTypeName() + ")");
        }
    }

    private String partitionKey(String name) {
        return partitionKey(table.schema(), name);
    }

    /** The table's partition key that a (case-insensitive) Hive column name denotes, or null. */
    private static String partitionKey(TableSchema schema, String name) {
        for (String key : schema.partitionKeys()) {
            if (key.equalsIgnoreCase(name)) {
                return key;
            }
        }
        return null;
    }

    private static boolean matches(String path, Map<String, String> wanted) {
        Map<String, String> values = values(path);
        for (Map.Entry<String, String> entry : wanted.entrySet()) {
            if (entry.getValue() != null && !entry.getValue().equals(values.get(entry.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** The unescaped values of a partition path {@code p=v/q=w} (a trailing slash is allowed). */
    static Map<String, String> values(String path) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String part : path.split("/")) {
            if (part.isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("Not a partition path: " + path);
            }
            values.put(TablePaths.unescape(part.substring(0, eq)), TablePaths.unescape(part.substring(eq + 1)));
        }
        return values;
    }

    /** Hive's name of a partition spec: {@code p=v/q=w}, lower-case names, escaped; the spec's order. */
    private static String name(Map<String, String> spec) {
        Map<String, String> lowerCase = new LinkedHashMap<>();
        spec.forEach((k, v) -> lowerCase.put(k.toLowerCase(Locale.ROOT), String.valueOf(v)));
        return path(lowerCase);
    }

    /** A partition path {@code p=v/q=w}, names and values escaped; read back by {@link #values}. */
    static String path(Map<String, String> partition) {
        StringBuilder path = new StringBuilder();
        for (Map.Entry<String, String> entry : partition.entrySet()) {
            if (path.length() > 0) {
                path.append('/');
            }
            path.append(TablePaths.escape(entry.getKey())).append('=').append(TablePaths.escape(entry.getValue()));
        }
        return path.toString();
    }
}
