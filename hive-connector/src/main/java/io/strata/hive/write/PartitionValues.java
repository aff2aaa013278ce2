package io.strata.hive.write;

import io.strata.table.TablePaths;
import io.strata.types.DataType;
import io.strata.types.HiveTypeNames;
import io.strata.types.RowType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;

/**
 * The partition-column values of rows Hive writes into a table partitioned in the metastore: Hive keeps them
 * out of the rows and names the partition in the path it writes to ({@code .../dt=2024-01-01/h=7/...}, escaped
 * as Hive escapes directory names, its default partition name for null). Each text is read as the column's
 * Hive type and converted to Strata's value as any written value is ({@link HiveValueConverter}).
 */
public final class PartitionValues {

    private final RowType tableType;
    private final List<String> keys;
    private final String hiveDefaultName;
    private final String hiveTable;

    /**
     * @param keys the partition columns, as the Strata table names them
     * @param hiveDefaultName Hive's name of the partition of null values ({@code hive.exec.default.partition.name})
     */
    public PartitionValues(RowType tableType, List<String> keys, String hiveDefaultName, String hiveTable) {
        this.tableType = tableType;
        this.keys = keys;
        this.hiveDefaultName = hiveDefaultName;
        this.hiveTable = hiveTable;
    }

    /**
     * The values of the partition a path names, by table position: for each partition column, the last
     * {@code column=value} directory of the path that names it.
     *
     * @throws IllegalArgumentException when the path names no value for a partition column, or a value that
     *     is not of the column's type
     */
    public Map<Integer, Object> of(Path path) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (Path p = path; p != null; p = p.getParent()) {
            String name = p.getName();
            int eq = name.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String column = TablePaths.unescape(name.substring(0, eq));
            for (String key : keys) {
                if (key.equalsIgnoreCase(column) && !texts.containsKey(key)) {
                    texts.put(key, TablePaths.unescape(name.substring(eq + 1)));
                }
            }
        }
        Map<Integer, Object> values = new LinkedHashMap<>();
        for (String key : keys) {
            if (!texts.containsKey(key)) {
                throw new IllegalArgumentException("Hive table " + hiveTable + " writes to " + path + ", which names no"
                        + " value of partition column '" + key + "'");
            }
            int position = tableType.requireIndexOf(key);
            String text = texts.get(key);
            values.put(position, text.equals(hiveDefaultName) ? null : value(tableType.typeAt(position), key, text));
        }
        return values;
    }

    private Object value(DataType type, String column, String text) {
        TypeInfo info = TypeInfoUtils.getTypeInfoFromTypeString(HiveTypeNames.of(type));
        if (!(info instanceof PrimitiveTypeInfo primitive)) {
            throw new IllegalArgumentException("Hive table " + hiveTable + ": partition column '" + column + "' has type "
                    + type.asSqlString() + ", which cannot be a partition column");
        }
        ObjectInspector inspector = PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(primitive);
        Object hiveValue = ObjectInspectorConverters.getConverter(
                PrimitiveObjectInspectorFactory.javaStringObjectInspector, inspector).convert(text);
        if (hiveValue == null) {
            throw new IllegalArgumentException("Hive table " + hiveTable + ": '" + text + "' is not a value of partition"
                    + " column '" + column + "' (" + type.asSqlString() + ")");
        }
        return HiveValueConverter.of(type, column, hiveTable).convertNullable(hiveValue, inspector, hiveTable);
    }
}
