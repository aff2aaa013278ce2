package io.strata.oracle;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowKind;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.serializer.InternalRowSerializer;

/**
 * Converts values between Strata's internal value classes ({@link Utf8String}, {@link Decimal},
 * {@link Timestamp}, byte[], {@link GenericArray}, {@link GenericMap}, {@link GenericRow}) and
 * Apache Paimon's ({@code BinaryString}, {@code Decimal}, {@code Timestamp}, byte[],
 * {@code InternalArray}, {@code InternalMap}, {@code InternalRow}). Row kinds are carried over.
 * Values are copied, so the results do not share buffers with their sources.
 */
public final class PaimonValues {

    private PaimonValues() {}

    /** A Paimon GenericRow holding the converted values and the row kind of a Strata row. */
    public static org.apache.paimon.data.GenericRow toPaimonRow(Row row, RowType type) {
        if (row.arity() != type.fieldCount()) {
            throw new IllegalArgumentException(
                    "Row " + row + " has " + row.arity() + " fields, type " + type + " has " + type.fieldCount());
        }
        org.apache.paimon.data.GenericRow out = new org.apache.paimon.data.GenericRow(toPaimon(row.kind()), row.arity());
        for (int i = 0; i < row.arity(); i++) {
            DataType fieldType = type.typeAt(i);
            out.setField(i, toPaimon(RowValues.get(row, i, fieldType), fieldType));
        }
        return out;
    }

    /** Paimon's BinaryRow of a Strata row, encoded by Paimon's own serializer. */
    public static org.apache.paimon.data.BinaryRow toPaimonBinaryRow(Row row, RowType type) {
        return new InternalRowSerializer(PaimonTypes.toPaimon(type)).toBinaryRow(toPaimonRow(row, type)).copy();
    }

    /** The Paimon value of a Strata value of the given type (null stays null). */
    public static Object toPaimon(Object value, DataType type) {
        if (value == null) {
            return null;
        }
        if (type instanceof ArrayType a) {
            return new org.apache.paimon.data.GenericArray(toPaimonElements((ArrayData) value, a.element()));
        } else if (type instanceof MapType m) {
            return toPaimonMap((MapData) value, m.key(), m.value());
        } else if (type instanceof MultisetType m) {
            return toPaimonMap((MapData) value, m.element(), io.strata.types.DataTypes.INT());
        } else if (type instanceof RowType r) {
            return toPaimonRow((Row) value, r);
        }
        return atomicToPaimon(value, (AtomicType) type);
    }

    private static Object atomicToPaimon(Object value, AtomicType type) {
        return switch (type.root()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, TIME -> value;
            case CHAR, VARCHAR -> BinaryString.fromBytes(((Utf8String) value).toBytes());
            case BINARY, VARBINARY -> ((byte[]) value).clone();
            case DECIMAL -> {
                Decimal d = (Decimal) value;
                org.apache.paimon.data.Decimal converted =
                        org.apache.paimon.data.Decimal.fromBigDecimal(d.toBigDecimal(), type.precision(), type.scale());
                if (converted == null) {
                    throw new IllegalArgumentException("Decimal " + d + " does not fit " + type);
                }
                yield converted;
            }
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                Timestamp t = (Timestamp) value;
                yield org.apache.paimon.data.Timestamp.fromEpochMillis(t.millisecond(), t.nanoOfMillisecond());
            }
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("not atomic: " + type);
        };
    }

    private static Object[] toPaimonElements(ArrayData array, DataType element) {
        Object[] out = new Object[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = toPaimon(RowValues.get(array, i, element), element);
        }
        return out;
    }

    private static org.apache.paimon.data.GenericMap toPaimonMap(MapData map, DataType key, DataType value) {
        Object[] keys = toPaimonElements(map.keys(), key);
        Object[] values = toPaimonElements(map.values(), value);
        // Insertion order is kept so that Paimon writes the entries in the order the test gave them.
        Map<Object, Object> entries = new LinkedHashMap<>();
        for (int i = 0; i < keys.length; i++) {
            entries.put(keys[i], values[i]);
        }
        return new org.apache.paimon.data.GenericMap(entries);
    }

    /** Paimon's row kind of a Strata row kind. */
    public static org.apache.paimon.types.RowKind toPaimon(RowKind kind) {
        return org.apache.paimon.types.RowKind.fromByteValue(kind.toByteValue());
    }

    /** Strata's row kind of a Paimon row kind. */
    public static RowKind toStrata(org.apache.paimon.types.RowKind kind) {
        return RowKind.fromByteValue(kind.toByteValue());
    }

    /** A detached Strata GenericRow of any Paimon row (generic, binary or columnar) of the given type. */
    public static GenericRow toStrataRow(InternalRow row, org.apache.paimon.types.RowType type) {
        Object[] values = new Object[type.getFieldCount()];
        for (int i = 0; i < values.length; i++) {
            org.apache.paimon.types.DataType fieldType = type.getTypeAt(i);
            values[i] = toStrata(InternalRow.createFieldGetter(fieldType, i).getFieldOrNull(row), fieldType);
        }
        return GenericRow.ofKind(toStrata(row.getRowKind()), values);
    }

    /** The Strata value of a Paimon value of the given Paimon type (null stays null). */
    public static Object toStrata(Object value, org.apache.paimon.types.DataType type) {
        if (value == null) {
            return null;
        }
        return switch (type.getTypeRoot()) {
            case BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE, DATE, TIME_WITHOUT_TIME_ZONE -> value;
            case CHAR, VARCHAR -> Utf8String.fromBytes(((BinaryString) value).toBytes());
            case BINARY, VARBINARY -> ((byte[]) value).clone();
            case DECIMAL -> {
                org.apache.paimon.data.Decimal d = (org.apache.paimon.data.Decimal) value;
                yield d.isCompact()
                        ? Decimal.fromUnscaledLong(d.toUnscaledLong(), d.precision(), d.scale())
                        : Decimal.fromUnscaledBytes(d.toUnscaledBytes(), d.precision(), d.scale());
            }
            case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                org.apache.paimon.data.Timestamp t = (org.apache.paimon.data.Timestamp) value;
                yield Timestamp.of(t.getMillisecond(), t.getNanoOfMillisecond());
            }
            case ARRAY -> toStrataArray(
                    (InternalArray) value, ((org.apache.paimon.types.ArrayType) type).getElementType());
            case MAP -> {
                org.apache.paimon.types.MapType m = (org.apache.paimon.types.MapType) type;
                InternalMap map = (InternalMap) value;
                yield new GenericMap(
                        toStrataArray(map.keyArray(), m.getKeyType()), toStrataArray(map.valueArray(), m.getValueType()));
            }
            case MULTISET -> {
                org.apache.paimon.types.MultisetType m = (org.apache.paimon.types.MultisetType) type;
                InternalMap map = (InternalMap) value;
                yield new GenericMap(
                        toStrataArray(map.keyArray(), m.getElementType()),
                        toStrataArray(map.valueArray(), org.apache.paimon.types.DataTypes.INT().notNull()));
            }
            case ROW -> {
                org.apache.paimon.types.RowType r = (org.apache.paimon.types.RowType) type;
                yield toStrataRow((InternalRow) value, r);
            }
            default -> throw new IllegalArgumentException("Strata has no value class for Paimon's " + type.asSQLString());
        };
    }

    private static GenericArray toStrataArray(InternalArray array, org.apache.paimon.types.DataType element) {
        InternalArray.ElementGetter getter = InternalArray.createElementGetter(element);
        Object[] out = new Object[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = toStrata(getter.getElementOrNull(array, i), element);
        }
        return new GenericArray(out);
    }
}
