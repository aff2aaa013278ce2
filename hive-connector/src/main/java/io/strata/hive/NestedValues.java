package io.strata.hive;

import io.strata.data.ArrayData;
import io.strata.data.Decimal;
import io.strata.data.MapData;
import io.strata.data.Row;
import io.strata.data.RowValues;
import io.strata.data.Timestamp;
import io.strata.data.Utf8String;
import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.HiveTypeNames;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.TimestampTZ;

/**
 * Converts nested values (ARRAY, MAP, MULTISET, ROW) into the Java objects of Hive's standard Java
 * ObjectInspectors: List, Map, List of struct fields, with String, HiveDecimal, Date, Timestamp...
 * leaves. Nested values are copied per row (they are rarer and smaller than the flat columns, which
 * {@link HiveFieldReader} reads without copying).
 */
final class NestedValues {

    private NestedValues() {}

    /** The Hive Java value of a Strata value as boxed by {@link RowValues}, or null. */
    static Object toHive(Object value, DataType type, ZoneId localZone) {
        if (value == null) {
            return null;
        }
        if (type instanceof AtomicType a) {
            return atomic(value, a, localZone);
        }
        if (type instanceof ArrayType arr) {
            ArrayData data = (ArrayData) value;
            List<Object> list = new ArrayList<>(data.size());
            for (int i = 0; i < data.size(); i++) {
                list.add(toHive(RowValues.get(data, i, arr.element()), arr.element(), localZone));
            }
            return list;
        }
        if (type instanceof MapType map) {
            return map((MapData) value, map.key(), map.value(), localZone);
        }
        if (type instanceof MultisetType set) {
            // Paimon stores a multiset as a map from element to its count.
            return map((MapData) value, set.element(), DataTypes.INT(), localZone);
        }
        RowType rowType = (RowType) type;
        Row row = (Row) value;
        List<Object> fields = new ArrayList<>(rowType.fieldCount());
        for (int i = 0; i < rowType.fieldCount(); i++) {
            fields.add(toHive(RowValues.get(row, i, rowType.typeAt(i)), rowType.typeAt(i), localZone));
        }
        return fields;
    }

    private static Map<Object, Object> map(MapData data, DataType keyType, DataType valueType, ZoneId localZone) {
        Map<Object, Object> map = new LinkedHashMap<>();
        ArrayData keys = data.keys();
        ArrayData values = data.values();
        for (int i = 0; i < data.size(); i++) {
            map.put(toHive(RowValues.get(keys, i, keyType), keyType, localZone),
                    toHive(RowValues.get(values, i, valueType), valueType, localZone));
        }
        return map;
    }

    private static Object atomic(Object value, AtomicType type, ZoneId localZone) {
        return switch (type.root()) {
            case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, BINARY, VARBINARY -> value;
            case DECIMAL -> HiveDecimal.create(((Decimal) value).toBigDecimal());
            case CHAR -> type.length() <= HiveTypeNames.HIVE_MAX_CHAR
                    ? new HiveChar(value.toString(), type.length()) : value.toString();
            case VARCHAR -> type.length() <= HiveTypeNames.HIVE_MAX_VARCHAR
                    ? new HiveVarchar(((Utf8String) value).toString(), type.length()) : value.toString();
            case DATE -> Date.ofEpochDay((Integer) value);
            case TIME -> LocalTime.ofNanoOfDay((Integer) value * 1_000_000L).toString();
            case TIMESTAMP -> {
                Timestamp ts = (Timestamp) value;
                yield org.apache.hadoop.hive.common.type.Timestamp.ofEpochSecond(
                        Math.floorDiv(ts.millisecond(), 1000), HiveFieldReader.nanosOfSecond(ts));
            }
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> {
                Timestamp ts = (Timestamp) value;
                yield new TimestampTZ(Math.floorDiv(ts.millisecond(), 1000), HiveFieldReader.nanosOfSecond(ts), localZone);
            }
            default -> throw new IllegalStateException("Not an atomic type: " + type);
        };
    }
}
