package io.strata.hive.write;

import io.strata.data.GenericRow;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;

/**
 * Converts a row Hive inserts into a Strata table into a {@link GenericRow} of the table's columns, with
 * Strata's internal values: the exact inverse, type by type, of how the connector shows Strata values to
 * Hive. The Hive row has the Hive table's columns (the SerDe's fields, in its order); each is a column of
 * the Strata table, and table columns the Hive table does not have are null.
 *
 * <p>Values are read only through the row's ObjectInspectors, so standard Java objects, Writables and
 * lazy objects all convert. What each Hive value becomes:
 *
 * <ul>
 *   <li>BOOLEAN ... DOUBLE, BINARY / VARBINARY: the same Java value;
 *   <li>DECIMAL(p,s): a {@code Decimal} of the column's p and s, rounded HALF_UP to s; a value with more
 *       than p digits fails, naming the column and the value;
 *   <li>CHAR(n) (a Hive char keeps its padding), VARCHAR(n), STRING: a {@code Utf8String};
 *   <li>DATE: days since the epoch; TIME (shown to Hive as text): milliseconds of the day;
 *   <li>TIMESTAMP(p): the wall-clock time as if in UTC; TIMESTAMP WITH LOCAL TIME ZONE: the instant; both
 *       cut to the column's precision;
 *   <li>ARRAY, MAP, MULTISET (Hive's map from element to count), ROW: {@code GenericArray},
 *       {@code GenericMap}, {@code GenericRow}, converted element by element.
 * </ul>
 *
 * A null (top level or nested) where the Strata type is NOT NULL fails with an
 * {@link IllegalArgumentException} naming the Hive table and the column. The converter tree of each
 * column is built once, in the constructor; a conversion keeps no state, so one converter serves all
 * rows of a task.
 */
public final class HiveRowConverter {

    private final String hiveTable;
    private final ZoneId localZone;
    private final int tableArity;
    /** For Hive field i, the table position it goes to. */
    private final int[] positions;
    /** For Hive field i, the converter of its table column. */
    private final HiveValueConverter[] converters;

    /**
     * @param tableType the Strata table's row type
     * @param positions for each Hive field i (the SerDe's order), its column position in {@code tableType}
     * @param hiveTable the Hive table's name, for errors
     * @param localZone the session's zone, in which Hive shows TIMESTAMP WITH LOCAL TIME ZONE values; the
     *     values carry their instant, which is what is stored, so it does not change what a row becomes
     * @throws IllegalArgumentException when a position is out of the table or repeated, or when a NOT NULL
     *     column of the table is not in the Hive table (every row would break it)
     */
    public HiveRowConverter(RowType tableType, int[] positions, String hiveTable, ZoneId localZone) {
        this(tableType, positions, Set.of(), hiveTable, localZone);
    }

    /**
     * As {@link #HiveRowConverter(RowType, int[], String, ZoneId)}, for a Hive table whose rows lack some
     * table columns that the writer fills in: the partition columns of a table partitioned in the metastore,
     * whose values Hive gives by the partition, not in the row. They stay null in the converted rows.
     *
     * @param filledByWriter table positions the Hive rows do not carry (they may be NOT NULL)
     */
    public HiveRowConverter(RowType tableType, int[] positions, Set<Integer> filledByWriter, String hiveTable,
            ZoneId localZone) {
        this.hiveTable = Objects.requireNonNull(hiveTable, "hiveTable");
        this.localZone = Objects.requireNonNull(localZone, "localZone");
        this.tableArity = tableType.fieldCount();
        this.positions = positions.clone();
        this.converters = new HiveValueConverter[positions.length];
        boolean[] written = new boolean[tableArity];
        for (int i = 0; i < positions.length; i++) {
            int p = positions[i];
            if (p < 0 || p >= tableArity || written[p]) {
                throw new IllegalArgumentException("Hive table " + hiveTable + ": field " + i + " maps to table column "
                        + p + ", which is " + (written.length > p && p >= 0 ? "already mapped" : "not in the table")
                        + " (positions " + Arrays.toString(positions) + ", table " + tableType.asSqlString() + ")");
            }
            written[p] = true;
            DataField field = tableType.field(p);
            converters[i] = HiveValueConverter.of(field.type(), field.name(), hiveTable);
        }
        for (int p = 0; p < tableArity; p++) {
            DataField field = tableType.field(p);
            if (!written[p] && !field.type().nullable() && !filledByWriter.contains(p)) {
                throw new IllegalArgumentException("Hive table " + hiveTable + " has no column '" + field.name()
                        + "', which is NOT NULL in the Strata table: Hive cannot insert into it");
            }
        }
    }

    /** The Hive table's name this converter names in errors. */
    public String hiveTable() {
        return hiveTable;
    }

    /** The session zone Hive shows local-zone timestamps in. */
    public ZoneId localZone() {
        return localZone;
    }

    /**
     * The Strata row of one Hive row: a new {@link GenericRow} (kind INSERT) in table positions.
     *
     * @param hiveRow the row Hive hands the SerDe
     * @param inspector its inspector: one field per Hive column, in the SerDe's order
     * @throws IllegalArgumentException for a null in a NOT NULL column, a decimal that does not fit its
     *     column, a row of another shape, or a Hive value of another type than the column's
     */
    public GenericRow convert(Object hiveRow, StructObjectInspector inspector) {
        if (hiveRow == null) {
            throw new IllegalArgumentException("Hive table " + hiveTable + " writes a NULL row");
        }
        List<? extends StructField> fields = inspector.getAllStructFieldRefs();
        // After the shuffle that clusters a write by partition and bucket, Hive appends the shuffle's keys to
        // each row it hands the writer (the Hive table's columns come first): they are not table columns.
        if (fields.size() < converters.length) {
            throw new IllegalArgumentException("Hive table " + hiveTable + " writes rows of " + fields.size()
                    + " fields (" + inspector.getTypeName() + ") but has " + converters.length + " columns");
        }
        GenericRow row = new GenericRow(tableArity);
        for (int i = 0; i < converters.length; i++) {
            StructField field = fields.get(i);
            HiveValueConverter converter = converters[i];
            try {
                row.set(positions[i], converter.convertNullable(inspector.getStructFieldData(hiveRow, field),
                        field.getFieldObjectInspector(), hiveTable));
            } catch (ClassCastException e) {
                throw new IllegalArgumentException("Hive table " + hiveTable + " writes a "
                        + field.getFieldObjectInspector().getTypeName() + " value into column '" + converter.path
                        + "', which is " + converter.type.asSqlString() + " in the Strata table: " + e.getMessage(), e);
            }
        }
        return row;
    }
}
