package io.strata.data;

import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Orders rows field by field in Paimon's key order: natural order per type, strings and binary as
 * unsigned bytes, nulls first, FLOAT and DOUBLE by the primitive operators as Paimon does (-0.0 equals
 * 0.0, NaN equals everything). Built once per row type; compares typed values without boxing.
 */
public final class RowComparator implements Comparator<Row> {

    @FunctionalInterface
    private interface FieldComparator {
        int compare(Row a, Row b, int pos);
    }

    private final FieldComparator[] comparators;

    private RowComparator(FieldComparator[] comparators) {
        this.comparators = comparators;
    }

    /** A comparator over all fields of the given types, in order. */
    public static RowComparator of(List<DataType> types) {
        FieldComparator[] cs = new FieldComparator[types.size()];
        for (int i = 0; i < cs.length; i++) {
            cs[i] = forType(types.get(i));
        }
        return new RowComparator(cs);
    }

    public static RowComparator of(RowType type) {
        return of(type.fieldTypes());
    }

    private static FieldComparator forType(DataType type) {
        return switch (type.root()) {
            case BOOLEAN -> (a, b, p) -> Boolean.compare(a.getBoolean(p), b.getBoolean(p));
            case TINYINT -> (a, b, p) -> Byte.compare(a.getByte(p), b.getByte(p));
            case SMALLINT -> (a, b, p) -> Short.compare(a.getShort(p), b.getShort(p));
            case INT, DATE, TIME -> (a, b, p) -> Integer.compare(a.getInt(p), b.getInt(p));
            case BIGINT -> (a, b, p) -> Long.compare(a.getLong(p), b.getLong(p));
            case FLOAT -> (a, b, p) -> compareFloating(a.getFloat(p), b.getFloat(p));
            case DOUBLE -> (a, b, p) -> compareFloating(a.getDouble(p), b.getDouble(p));
            case CHAR, VARCHAR -> (a, b, p) -> a.getString(p).compareTo(b.getString(p));
            case BINARY, VARBINARY -> (a, b, p) -> Arrays.compareUnsigned(a.getBinary(p), b.getBinary(p));
            case DECIMAL -> {
                AtomicType t = (AtomicType) type;
                if (Decimal.isCompact(t.precision())) {
                    yield (a, b, p) -> Long.compare(
                            a.getDecimal(p, t.precision(), t.scale()).toUnscaledLong(),
                            b.getDecimal(p, t.precision(), t.scale()).toUnscaledLong());
                }
                yield (a, b, p) -> a.getDecimal(p, t.precision(), t.scale()).compareTo(b.getDecimal(p, t.precision(), t.scale()));
            }
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                int precision = ((AtomicType) type).precision();
                yield (a, b, p) -> a.getTimestamp(p, precision).compareTo(b.getTimestamp(p, precision));
            }
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalArgumentException(
                    "A key cannot be of type " + type.asSqlString());
        };
    }

    /**
     * Paimon's generated key comparator orders FLOAT and DOUBLE with the primitive operators, not with
     * {@code Double.compare}: -0.0 equals 0.0 and NaN equals every value. A merge must group and order
     * keys exactly as Paimon does, so Strata does the same (the order is not transitive with NaN keys:
     * sort such rows with a sort that tolerates that, as Paimon's own quick sort does).
     */
    private static int compareFloating(double x, double y) {
        return x > y ? 1 : x < y ? -1 : 0;
    }

    @Override
    public int compare(Row a, Row b) {
        for (int i = 0; i < comparators.length; i++) {
            boolean an = a.isNullAt(i);
            boolean bn = b.isNullAt(i);
            if (an || bn) {
                if (an && bn) {
                    continue;
                }
                return an ? -1 : 1;
            }
            int c = comparators[i].compare(a, b, i);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
