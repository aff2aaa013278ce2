package io.strata.hive.write;

import java.lang.reflect.Field;
import java.util.List;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.SubStructObjectInspector;

/**
 * The dynamic partition values of the rows Hive writes into a table partitioned in the metastore. For a
 * non-native table Hive's file sink opens every dynamic partition's writer on the table's own path and
 * hands the SerDe each row through a {@link SubStructObjectInspector} that shows only the columns before
 * the partition columns; the row itself still holds the dynamic partition values, after those columns, in
 * the order of the table's partition columns (static ones, given in the PARTITION clause, come first and
 * are not in the row). This reads them through the inspector of the whole row.
 */
public final class DynamicPartitionValues {

    /** {@code SubStructObjectInspector.baseOI}, protected and without an accessor in Hive 4.1. */
    private static final Field BASE;

    static {
        Field base;
        try {
            base = SubStructObjectInspector.class.getDeclaredField("baseOI");
            base.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            base = null;
        }
        BASE = base;
    }

    private final StructObjectInspector whole;
    private final List<? extends StructField> trailing;

    private DynamicPartitionValues(StructObjectInspector whole, List<? extends StructField> trailing) {
        this.whole = whole;
        this.trailing = trailing;
    }

    /**
     * How to read the fields Hive cut off a row shown by {@code inspector}, or null when it cut off none (a
     * row with its partition values in the path, or an inspector of the whole row).
     *
     * @throws IllegalStateException when the inspector hides fields that cannot be reached (another Hive)
     */
    public static DynamicPartitionValues of(StructObjectInspector inspector) {
        if (!(inspector instanceof SubStructObjectInspector sub)) {
            return null;
        }
        if (BASE == null) {
            throw new IllegalStateException("Cannot read the dynamic partition values Hive keeps out of the rows it"
                    + " writes: this Hive's SubStructObjectInspector has no field 'baseOI'");
        }
        StructObjectInspector whole;
        try {
            whole = (StructObjectInspector) BASE.get(sub);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Cannot read the dynamic partition values Hive keeps out of the rows it"
                    + " writes: " + e.getMessage(), e);
        }
        List<? extends StructField> fields = whole.getAllStructFieldRefs();
        int shown = sub.getAllStructFieldRefs().size();
        return shown >= fields.size() ? null : new DynamicPartitionValues(whole, fields.subList(shown, fields.size()));
    }

    /** How many values follow the shown columns (at least the dynamic partition columns). */
    public int count() {
        return trailing.size();
    }

    /** The {@code i}-th value after the shown columns of {@code row}, as Hive holds it. */
    public Object value(Object row, int i) {
        return whole.getStructFieldData(row, trailing.get(i));
    }

    /** The inspector of {@link #value}. */
    public ObjectInspector inspector(int i) {
        return trailing.get(i).getFieldObjectInspector();
    }
}
