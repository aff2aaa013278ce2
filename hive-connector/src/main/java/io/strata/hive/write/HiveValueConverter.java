package io.strata.hive.write;

import io.strata.data.Decimal;
import io.strata.data.GenericArray;
import io.strata.data.GenericMap;
import io.strata.data.GenericRow;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.TimestampTZ;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.DateObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.HiveDecimalObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.StringObjectInspector;
import org.apache.hadoop.io.Text;

/**
 * Converts one Hive value, read through its ObjectInspector, into the Strata value of one type: the
 * inverse of how the connector shows that type to Hive ({@code HiveFieldReader}, {@code NestedValues}).
 * A tree of converters is built once per column; converting a value only follows it.
 */
abstract class HiveValueConverter {

    /** The column (and the path into it, for nested values) named in errors. */
    final String path;
    final DataType type;

    private HiveValueConverter(String path, DataType type) {
        this.path = path;
        this.type = type;
    }

    /** The converter of values of {@code type}; {@code path} names them in errors. */
    static HiveValueConverter of(DataType type, String path, String hiveTable) {
        if (type instanceof ArrayType array) {
            return new ArrayConverter(path, array, of(array.element(), path + "[]", hiveTable), hiveTable);
        }
        if (type instanceof MapType map) {
            return new MapConverter(path, map, of(map.key(), path + ".key", hiveTable),
                    of(map.value(), path + ".value", hiveTable), hiveTable);
        }
        if (type instanceof MultisetType set) {
            // Paimon stores a multiset as a map from element to its count; Hive sees map<element,int>.
            return new MapConverter(path, set, of(set.element(), path + ".key", hiveTable),
                    new IntConverter(path + ".value", new AtomicType(TypeRoot.INT, 0, 0, false)),
                    hiveTable);
        }
        if (type instanceof RowType row) {
            HiveValueConverter[] fields = new HiveValueConverter[row.fieldCount()];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = of(row.typeAt(i), path + "." + row.field(i).name(), hiveTable);
            }
            return new RowConverter(path, row, fields, hiveTable);
        }
        AtomicType atomic = (AtomicType) type;
        return switch (atomic.root()) {
            case BOOLEAN, TINYINT, SMALLINT, BIGINT, FLOAT, DOUBLE -> new SameConverter(path, atomic);
            case INT -> new IntConverter(path, atomic);
            case DECIMAL -> new DecimalConverter(path, atomic, hiveTable);
            case CHAR, VARCHAR -> new StringConverter(path, atomic);
            case BINARY, VARBINARY -> new SameConverter(path, atomic);
            case DATE -> new DateConverter(path, atomic);
            case TIME -> new TimeConverter(path, atomic, hiveTable);
            case TIMESTAMP -> new TimestampConverter(path, atomic);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> new LocalZoneTimestampConverter(path, atomic);
            default -> throw new IllegalStateException("Not an atomic type: " + atomic);
        };
    }

    /** The Strata value of a non-null Hive value {@code data} shown by {@code inspector}. */
    abstract Object convert(Object data, ObjectInspector inspector);

    /** The Strata value of a Hive value that may be null; a null for a NOT NULL type fails. */
    final Object convertNullable(Object data, ObjectInspector inspector, String hiveTable) {
        if (data == null) {
            return nullValue(hiveTable);
        }
        return convert(data, inspector);
    }

    /** The null of this converter's type: null, or an error when the type is NOT NULL. */
    final Object nullValue(String hiveTable) {
        if (!type.nullable()) {
            throw new IllegalArgumentException("Hive table " + hiveTable + " writes NULL into '" + path + "', which is NOT NULL"
                    + " in the Strata table (" + type.asSqlString() + ")");
        }
        return null;
    }

    /** The Java value of a primitive (the inspector's copy or view, never the row object cast). */
    static Object primitive(Object data, ObjectInspector inspector) {
        return ((PrimitiveObjectInspector) inspector).getPrimitiveJavaObject(data);
    }

    /** BOOLEAN, TINYINT, SMALLINT, BIGINT, FLOAT, DOUBLE, BINARY: Hive's Java value is Strata's. */
    private static final class SameConverter extends HiveValueConverter {
        private final Class<?> javaClass;

        SameConverter(String path, AtomicType type) {
            super(path, type);
            this.javaClass = switch (type.root()) {
                case BOOLEAN -> Boolean.class;
                case TINYINT -> Byte.class;
                case SMALLINT -> Short.class;
                case BIGINT -> Long.class;
                case FLOAT -> Float.class;
                case DOUBLE -> Double.class;
                default -> byte[].class;
            };
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            // Fails as a ClassCastException (reported with the column) when Hive hands another type.
            return javaClass.cast(primitive(data, inspector));
        }
    }

    private static final class IntConverter extends HiveValueConverter {
        IntConverter(String path, AtomicType type) {
            super(path, type);
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            return (Integer) primitive(data, inspector);
        }
    }

    /** A HiveDecimal, rounded HALF_UP to the column's scale; it must fit the column's precision. */
    private static final class DecimalConverter extends HiveValueConverter {
        private final int precision;
        private final int scale;
        private final String hiveTable;

        DecimalConverter(String path, AtomicType type, String hiveTable) {
            super(path, type);
            this.precision = type.precision();
            this.scale = type.scale();
            this.hiveTable = hiveTable;
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            if (Decimal.isCompact(precision) && inspector instanceof HiveDecimalObjectInspector decimals
                    && decimals.preferWritable()) {
                // Hive's own rounding (HALF_UP) and fit check on a copy, then the unscaled long: no BigDecimal.
                HiveDecimalWritable value = new HiveDecimalWritable(decimals.getPrimitiveWritableObject(data));
                value.mutateEnforcePrecisionScale(precision, scale);
                if (!value.isSet()) {
                    throw new IllegalArgumentException("Hive table " + hiveTable + " writes "
                            + decimals.getPrimitiveJavaObject(data) + " into '" + path + "', which does not fit its type "
                            + type.asSqlString());
                }
                return Decimal.fromUnscaledLong(value.serialize64(scale), precision, scale);
            }
            HiveDecimal value = (HiveDecimal) primitive(data, inspector);
            Decimal d = Decimal.fromBigDecimal(value.bigDecimalValue(), precision, scale);
            if (d == null) {
                throw new IllegalArgumentException("Hive table " + hiveTable + " writes " + value + " into '" + path
                        + "', which does not fit its type " + type.asSqlString());
            }
            return d;
        }
    }

    /**
     * CHAR, VARCHAR (and STRING, which is VARCHAR of the largest length): Hive shows them as char(n),
     * varchar(n) or string. A Hive char keeps its padding to n characters, as Hive's own file formats store it.
     */
    private static final class StringConverter extends HiveValueConverter {
        StringConverter(String path, AtomicType type) {
            super(path, type);
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            if (inspector instanceof StringObjectInspector strings && strings.preferWritable()) {
                // A STRING held as Text: its UTF-8 bytes, copied (Hive reuses the Text), not decoded and encoded.
                Text text = strings.getPrimitiveWritableObject(data);
                return Utf8String.fromBytes(Arrays.copyOf(text.getBytes(), text.getLength()));
            }
            Object value = primitive(data, inspector);
            String s;
            if (value instanceof String string) {
                s = string;
            } else if (value instanceof HiveVarchar varchar) {
                s = varchar.getValue();
            } else {
                s = ((HiveChar) value).getPaddedValue();
            }
            return Utf8String.fromString(s);
        }
    }

    /** DATE: days since the epoch. */
    private static final class DateConverter extends HiveValueConverter {
        DateConverter(String path, AtomicType type) {
            super(path, type);
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            if (inspector instanceof DateObjectInspector dates && dates.preferWritable()) {
                return dates.getPrimitiveWritableObject(data).getDays();
            }
            return ((Date) primitive(data, inspector)).toEpochDay();
        }
    }

    /** TIME, which Hive shows as its ISO text ("10:15:30.123"): milliseconds of the day, cut to the precision. */
    private static final class TimeConverter extends HiveValueConverter {
        private final int unitMillis;
        private final String hiveTable;

        TimeConverter(String path, AtomicType type, String hiveTable) {
            super(path, type);
            this.unitMillis = type.precision() >= 3 ? 1 : (int) Math.pow(10, 3 - type.precision());
            this.hiveTable = hiveTable;
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            Object value = primitive(data, inspector);
            String text = value instanceof String s ? s : value.toString();
            int millis;
            try {
                millis = (int) (LocalTime.parse(text.trim()).toNanoOfDay() / 1_000_000);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("Hive table " + hiveTable + " writes '" + text + "' into '" + path
                        + "', which is " + type.asSqlString() + " in the Strata table: not a time (HH:mm[:ss[.fff]])", e);
            }
            return millis - millis % unitMillis;
        }
    }

    /** Cuts nanoseconds of a second to a timestamp precision (0 to 9), as the column stores them. */
    static Timestamp timestamp(long epochSecond, int nanos, int unitNanos) {
        int cut = nanos - nanos % unitNanos;
        return Timestamp.of(epochSecond * 1000 + cut / 1_000_000, cut % 1_000_000);
    }

    static int unitNanos(AtomicType type) {
        return (int) Math.pow(10, 9 - Math.min(9, type.precision()));
    }

    /** TIMESTAMP(p): Hive's wall-clock time, kept as if in UTC (as Paimon and Hive both store it). */
    private static final class TimestampConverter extends HiveValueConverter {
        private final int unitNanos;

        TimestampConverter(String path, AtomicType type) {
            super(path, type);
            this.unitNanos = unitNanos(type);
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            org.apache.hadoop.hive.common.type.Timestamp ts =
                    (org.apache.hadoop.hive.common.type.Timestamp) primitive(data, inspector);
            return timestamp(ts.toEpochSecond(), ts.getNanos(), unitNanos);
        }
    }

    /**
     * TIMESTAMP WITH LOCAL TIME ZONE: an instant. Hive shows it in the session's zone, but a TimestampTZ
     * carries the instant itself, so whatever its zone the instant is stored.
     */
    private static final class LocalZoneTimestampConverter extends HiveValueConverter {
        private final int unitNanos;

        LocalZoneTimestampConverter(String path, AtomicType type) {
            super(path, type);
            this.unitNanos = unitNanos(type);
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            TimestampTZ ts = (TimestampTZ) primitive(data, inspector);
            return timestamp(ts.getEpochSecond(), ts.getNanos(), unitNanos);
        }
    }

    private static final class ArrayConverter extends HiveValueConverter {
        private final HiveValueConverter element;
        private final String hiveTable;

        ArrayConverter(String path, ArrayType type, HiveValueConverter element, String hiveTable) {
            super(path, type);
            this.element = element;
            this.hiveTable = hiveTable;
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            ListObjectInspector list = (ListObjectInspector) inspector;
            ObjectInspector elementInspector = list.getListElementObjectInspector();
            Object[] values = new Object[list.getListLength(data)];
            for (int i = 0; i < values.length; i++) {
                values[i] = element.convertNullable(list.getListElement(data, i), elementInspector, hiveTable);
            }
            return new GenericArray(values);
        }
    }

    /** MAP, and MULTISET as Hive's map from element to count. */
    private static final class MapConverter extends HiveValueConverter {
        private final HiveValueConverter key;
        private final HiveValueConverter value;
        private final String hiveTable;

        MapConverter(String path, DataType type, HiveValueConverter key, HiveValueConverter value, String hiveTable) {
            super(path, type);
            this.key = key;
            this.value = value;
            this.hiveTable = hiveTable;
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            MapObjectInspector map = (MapObjectInspector) inspector;
            ObjectInspector keyInspector = map.getMapKeyObjectInspector();
            ObjectInspector valueInspector = map.getMapValueObjectInspector();
            Map<?, ?> entries = map.getMap(data);
            Object[] keys = new Object[entries.size()];
            Object[] values = new Object[entries.size()];
            int i = 0;
            for (Map.Entry<?, ?> e : entries.entrySet()) {
                keys[i] = key.convertNullable(e.getKey(), keyInspector, hiveTable);
                values[i] = value.convertNullable(e.getValue(), valueInspector, hiveTable);
                i++;
            }
            return new GenericMap(new GenericArray(keys), new GenericArray(values));
        }
    }

    /** ROW: Hive's struct has the row's fields in the row's order. */
    private static final class RowConverter extends HiveValueConverter {
        private final HiveValueConverter[] fields;
        private final String hiveTable;

        RowConverter(String path, RowType type, HiveValueConverter[] fields, String hiveTable) {
            super(path, type);
            this.fields = fields;
            this.hiveTable = hiveTable;
        }

        @Override
        Object convert(Object data, ObjectInspector inspector) {
            StructObjectInspector struct = (StructObjectInspector) inspector;
            List<? extends StructField> refs = struct.getAllStructFieldRefs();
            if (refs.size() != fields.length) {
                throw new IllegalArgumentException("Hive table " + hiveTable + " writes a struct of " + refs.size()
                        + " fields (" + struct.getTypeName() + ") into '" + path + "', which has " + fields.length
                        + " (" + type.asSqlString() + ")");
            }
            GenericRow row = new GenericRow(fields.length);
            for (int i = 0; i < fields.length; i++) {
                StructField ref = refs.get(i);
                row.set(i, fields[i].convertNullable(struct.getStructFieldData(data, ref), ref.getFieldObjectInspector(),
                        hiveTable));
            }
            return row;
        }
    }
}
