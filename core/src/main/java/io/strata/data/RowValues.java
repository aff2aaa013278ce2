package io.strata.data;

import io.strata.api.PublicApi;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Reads one field of a row or array as a Java object of the internal value classes. For metadata,
 * statistics and tests, not for per-row hot paths (it boxes).
 */
@PublicApi
public final class RowValues {

    private RowValues() {}

    /** The value at {@code pos}, or null. */
    public static Object get(Row row, int pos, DataType type) {
        if (row.isNullAt(pos)) {
            return null;
        }
        return switch (type.root()) {
            case BOOLEAN -> row.getBoolean(pos);
            case TINYINT -> row.getByte(pos);
            case SMALLINT -> row.getShort(pos);
            case INT, DATE, TIME -> row.getInt(pos);
            case BIGINT -> row.getLong(pos);
            case FLOAT -> row.getFloat(pos);
            case DOUBLE -> row.getDouble(pos);
            case CHAR, VARCHAR -> row.getString(pos);
            case BINARY, VARBINARY -> row.getBinary(pos);
            case DECIMAL -> row.getDecimal(pos, ((AtomicType) type).precision(), ((AtomicType) type).scale());
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> row.getTimestamp(pos, ((AtomicType) type).precision());
            case ARRAY -> row.getArray(pos);
            case MAP, MULTISET -> row.getMap(pos);
            case ROW -> row.getRow(pos, ((RowType) type).fieldCount());
        };
    }

    /** The fields at {@code positions} as {@code name=value, ...}, for error messages. */
    public static String describe(Row row, RowType type, int[] positions) {
        StringBuilder text = new StringBuilder();
        for (int position : positions) {
            if (!text.isEmpty()) {
                text.append(", ");
            }
            text.append(type.field(position).name()).append('=').append(get(row, position, type.typeAt(position)));
        }
        return text.toString();
    }

    /** The element at {@code i}, or null. */
    public static Object get(ArrayData array, int i, DataType type) {
        if (array.isNullAt(i)) {
            return null;
        }
        return switch (type.root()) {
            case BOOLEAN -> array.getBoolean(i);
            case TINYINT -> array.getByte(i);
            case SMALLINT -> array.getShort(i);
            case INT, DATE, TIME -> array.getInt(i);
            case BIGINT -> array.getLong(i);
            case FLOAT -> array.getFloat(i);
            case DOUBLE -> array.getDouble(i);
            case CHAR, VARCHAR -> array.getString(i);
            case BINARY, VARBINARY -> array.getBinary(i);
            case DECIMAL -> array.getDecimal(i, ((AtomicType) type).precision(), ((AtomicType) type).scale());
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> array.getTimestamp(i, ((AtomicType) type).precision());
            case ARRAY -> array.getArray(i);
            case MAP, MULTISET -> array.getMap(i);
            case ROW -> array.getRow(i, ((RowType) type).fieldCount());
        };
    }

    /**
     * Orders two internal values of one column (as {@link #get} reads them): binary values unsigned byte by byte,
     * numbers of different widths (a literal of another width, a file written before the column was widened) as
     * the wider kind, everything else by its own order.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int compare(Object a, Object b) {
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.compareUnsigned(x, y);
        }
        if (a instanceof Number x && b instanceof Number y && a.getClass() != b.getClass()
                && !(a instanceof BigDecimal) && !(b instanceof BigDecimal)) {
            // A literal of another width (an int for a BIGINT column): compare as the wider kind.
            if (a instanceof Float || a instanceof Double || b instanceof Float || b instanceof Double) {
                return Double.compare(x.doubleValue(), y.doubleValue());
            }
            return Long.compare(x.longValue(), y.longValue());
        }
        return ((Comparable) a).compareTo(b);
    }
}
