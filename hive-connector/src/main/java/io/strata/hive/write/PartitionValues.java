package io.strata.hive.write;

import io.strata.data.GenericRow;
import io.strata.table.TablePaths;
import io.strata.types.DataType;
import io.strata.types.HiveTypeNames;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
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
 * out of the rows it shows the SerDe and names static partitions in the path it writes to
 * ({@code .../dt=2024-01-01/h=7/...}, escaped as Hive escapes directory names, its default partition name for
 * null); each text is read as the column's Hive type and converted to Strata's value as any written value is
 * ({@link HiveValueConverter}). Dynamic partitions are in no path: their values come from Hive's row
 * ({@link DynamicPartitionValues}, {@link #fillDynamic}).
 */
public final class PartitionValues {

    private final RowType tableType;
    private final List<String> keys;
    private final String hiveDefaultName;
    private final String hiveTable;
    private final Map<Integer, HiveValueConverter> dynamicConverters = new HashMap<>();

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
        Map<Integer, Object> values = named(path);
        for (String key : keys) {
            if (!values.containsKey(tableType.requireIndexOf(key))) {
                throw new IllegalArgumentException("Hive table " + hiveTable + " writes to " + path + ", which names no"
                        + " value of partition column '" + key + "'");
            }
        }
        return values;
    }

    /**
     * The values of the partition columns a path names, by table position (for each, the last
     * {@code column=value} directory of the path that names it); the others are left out: a write with
     * dynamic partitions names only the static ones, or none.
     *
     * @throws IllegalArgumentException for a value that is not of the column's type
     */
    public Map<Integer, Object> named(Path path) {
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
                continue;
            }
            int position = tableType.requireIndexOf(key);
            String text = texts.get(key);
            values.put(position, text.equals(hiveDefaultName) ? null : value(tableType.typeAt(position), key, text));
        }
        return values;
    }

    /**
     * The table positions of the partition columns {@code named} lacks, in the order of the partition
     * columns: the dynamic ones, whose values Hive hands the SerDe after the row's columns.
     */
    public List<Integer> dynamic(Map<Integer, Object> named) {
        List<Integer> positions = new ArrayList<>();
        for (String key : keys) {
            int position = tableType.requireIndexOf(key);
            if (!named.containsKey(position)) {
                positions.add(position);
            }
        }
        return positions;
    }

    /**
     * Sets the dynamic partition columns ({@code positions}, from {@link #dynamic}) of {@code row} from the
     * first values Hive holds after the columns of {@code hiveRow}, converted as any written value.
     *
     * @throws IllegalArgumentException when Hive's row carries fewer values than there are dynamic columns,
     *     or a value the column cannot hold
     */
    public void fillDynamic(GenericRow row, List<Integer> positions, Object hiveRow, DynamicPartitionValues values) {
        if (values == null || values.count() < positions.size()) {
            List<String> names = positions.stream().map(p -> tableType.field(p).name()).toList();
            throw new IllegalArgumentException("Hive table " + hiveTable + " writes a row without the value of"
                    + " partition column(s) " + names + ": neither the path Hive writes to nor the row holds it");
        }
        for (int i = 0; i < positions.size(); i++) {
            int position = positions.get(i);
            HiveValueConverter converter = dynamicConverters.computeIfAbsent(position,
                    p -> HiveValueConverter.of(tableType.typeAt(p), tableType.field(p).name(), hiveTable));
            row.set(position, converter.convertNullable(values.value(hiveRow, i), values.inspector(i), hiveTable));
        }
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
