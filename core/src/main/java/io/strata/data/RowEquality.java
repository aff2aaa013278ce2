package io.strata.data;

import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.util.Arrays;

/**
 * Whether two rows of one type hold the same values, field by field with typed getters (nested arrays,
 * maps and rows element by element). FLOAT and DOUBLE are equal when their bits are, as in Paimon, which
 * compares rows by their binary form: NaN equals NaN, -0.0 differs from 0.0.
 */
public final class RowEquality {

    private final DataType[] types;

    public RowEquality(RowType type) {
        this.types = type.fields().stream().map(f -> f.type()).toArray(DataType[]::new);
    }

    /** Whether every field of {@code a} equals the field of {@code b} at the same position. */
    public boolean equal(Row a, Row b) {
        for (int i = 0; i < types.length; i++) {
            if (!fieldEqual(a, b, i, types[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean fieldEqual(Row a, Row b, int pos, DataType type) {
        boolean nullA = a.isNullAt(pos);
        if (nullA || b.isNullAt(pos)) {
            return nullA && b.isNullAt(pos);
        }
        return switch (type.root()) {
            case BOOLEAN -> a.getBoolean(pos) == b.getBoolean(pos);
            case TINYINT -> a.getByte(pos) == b.getByte(pos);
            case SMALLINT -> a.getShort(pos) == b.getShort(pos);
            case INT, DATE, TIME -> a.getInt(pos) == b.getInt(pos);
            case BIGINT -> a.getLong(pos) == b.getLong(pos);
            case FLOAT -> Float.floatToIntBits(a.getFloat(pos)) == Float.floatToIntBits(b.getFloat(pos));
            case DOUBLE -> Double.doubleToLongBits(a.getDouble(pos)) == Double.doubleToLongBits(b.getDouble(pos));
            case CHAR, VARCHAR -> a.getString(pos).equals(b.getString(pos));
            case BINARY, VARBINARY -> Arrays.equals(a.getBinary(pos), b.getBinary(pos));
            case DECIMAL -> {
                AtomicType t = (AtomicType) type;
                yield a.getDecimal(pos, t.precision(), t.scale()).equals(b.getDecimal(pos, t.precision(), t.scale()));
            }
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                int precision = ((AtomicType) type).precision();
                yield a.getTimestamp(pos, precision).equals(b.getTimestamp(pos, precision));
            }
            case ARRAY -> arraysEqual(a.getArray(pos), b.getArray(pos), ((ArrayType) type).element());
            case MAP -> mapsEqual(a.getMap(pos), b.getMap(pos), ((MapType) type).key(), ((MapType) type).value());
            case MULTISET -> mapsEqual(a.getMap(pos), b.getMap(pos), ((MultisetType) type).element(),
                    io.strata.types.DataTypes.INT());
            case ROW -> {
                RowType rowType = (RowType) type;
                yield new RowEquality(rowType).equal(a.getRow(pos, rowType.fieldCount()), b.getRow(pos, rowType.fieldCount()));
            }
        };
    }

    private static boolean mapsEqual(MapData a, MapData b, DataType keyType, DataType valueType) {
        return a.size() == b.size() && arraysEqual(a.keys(), b.keys(), keyType)
                && arraysEqual(a.values(), b.values(), valueType);
    }

    private static boolean arraysEqual(ArrayData a, ArrayData b, DataType elementType) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            boolean nullA = a.isNullAt(i);
            if (nullA || b.isNullAt(i)) {
                if (!(nullA && b.isNullAt(i))) {
                    return false;
                }
                continue;
            }
            Object x = RowValues.get(a, i, elementType);
            Object y = RowValues.get(b, i, elementType);
            boolean same = switch (elementType.root()) {
                case BINARY, VARBINARY -> Arrays.equals((byte[]) x, (byte[]) y);
                case ARRAY -> arraysEqual((ArrayData) x, (ArrayData) y, ((ArrayType) elementType).element());
                case MAP -> mapsEqual((MapData) x, (MapData) y, ((MapType) elementType).key(),
                        ((MapType) elementType).value());
                case MULTISET -> mapsEqual((MapData) x, (MapData) y, ((MultisetType) elementType).element(),
                        io.strata.types.DataTypes.INT());
                case ROW -> new RowEquality((RowType) elementType).equal((Row) x, (Row) y);
                case FLOAT -> Float.floatToIntBits((Float) x) == Float.floatToIntBits((Float) y);
                case DOUBLE -> Double.doubleToLongBits((Double) x) == Double.doubleToLongBits((Double) y);
                default -> x.equals(y);
            };
            if (!same) {
                return false;
            }
        }
        return true;
    }
}
