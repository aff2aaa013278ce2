package io.strata.lsm.mergeengine.aggregate;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/** Ordering and equality of field values for aggregators (max/min, distinct, map keys, nested keys). */
final class Values {

    private Values() {}

    /** Whether max and min can order values of this type (Paimon's comparable roots). */
    static boolean isOrdered(TypeRoot root) {
        return switch (root) {
            case TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, DATE, TIME, TIMESTAMP,
                    TIMESTAMP_WITH_LOCAL_TIME_ZONE, BINARY, VARBINARY, CHAR, VARCHAR -> true;
            default -> false;
        };
    }

    /** Compares two non-null values of an ordered type: strings and binary as unsigned bytes, floats by Float.compare. */
    static int compare(Object a, Object b, TypeRoot root) {
        return switch (root) {
            case TINYINT -> Byte.compare((Byte) a, (Byte) b);
            case SMALLINT -> Short.compare((Short) a, (Short) b);
            case INT, DATE, TIME -> Integer.compare((Integer) a, (Integer) b);
            case BIGINT -> Long.compare((Long) a, (Long) b);
            case FLOAT -> Float.compare((Float) a, (Float) b);
            case DOUBLE -> Double.compare((Double) a, (Double) b);
            case DECIMAL -> ((Decimal) a).compareTo((Decimal) b);
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> ((Timestamp) a).compareTo((Timestamp) b);
            case CHAR, VARCHAR -> ((Utf8String) a).compareTo((Utf8String) b);
            case BINARY, VARBINARY -> compareUnsigned((byte[]) a, (byte[]) b);
            default -> throw new IllegalArgumentException("Values of type " + root + " have no order");
        };
    }

    private static int compareUnsigned(byte[] a, byte[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            int c = (a[i] & 0xff) - (b[i] & 0xff);
            if (c != 0) {
                return c;
            }
        }
        return a.length - b.length;
    }

    /**
     * A key with content equality for a value (null stays null): byte arrays become buffers, rows,
     * arrays and maps lists of keys. Paimon compares top-level BINARY elements and map keys by identity
     * (never equal); {@code binaryByIdentity} keeps that behaviour.
     */
    static Object key(Object value, DataType type, boolean binaryByIdentity) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] bytes) {
            return binaryByIdentity ? new Object() : ByteBuffer.wrap(bytes);
        }
        if (type instanceof RowType rt) {
            Row row = (Row) value;
            List<Object> out = new ArrayList<>(rt.fieldCount());
            for (int i = 0; i < rt.fieldCount(); i++) {
                out.add(key(RowValues.get(row, i, rt.typeAt(i)), rt.typeAt(i), false));
            }
            return out;
        }
        if (type instanceof ArrayType at) {
            return arrayKey((ArrayData) value, at.element());
        }
        if (type instanceof MultisetType mt) {
            MapData m = (MapData) value;
            return List.of(arrayKey(m.keys(), mt.element()), arrayKey(m.values(), DataTypes.INT()));
        }
        if (type instanceof MapType mt) {
            MapData m = (MapData) value;
            return List.of(arrayKey(m.keys(), mt.key()), arrayKey(m.values(), mt.value()));
        }
        return value;
    }

    private static List<Object> arrayKey(ArrayData array, DataType element) {
        List<Object> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            out.add(key(RowValues.get(array, i, element), element, false));
        }
        return out;
    }
}
