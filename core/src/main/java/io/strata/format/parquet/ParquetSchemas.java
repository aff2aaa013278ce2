package io.strata.format.parquet;

import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import io.strata.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.ConversionPatterns;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Maps Paimon row types to Parquet schemas exactly as Paimon 1.4 writes them, so that files written by
 * Strata and by Paimon are interchangeable: every field carries its Paimon id as the native Parquet
 * field_id, nullable types are {@code optional}, arrays use the 3-level {@code list/element} layout and
 * maps the {@code key_value/key/value} layout.
 */
final class ParquetSchemas {

    /** The name Paimon gives the root message. */
    static final String MESSAGE_NAME = "paimon_schema";
    static final String LIST_GROUP = "list";
    static final String LIST_ELEMENT = "element";
    static final String MAP_GROUP = "key_value";
    static final String MAP_KEY = "key";
    static final String MAP_VALUE = "value";

    /**
     * Base of the ids Paimon derives for array elements and map keys/values, which have no field id of
     * their own: element and value ids grow upwards from it, key ids downwards, by field id times
     * {@link #NESTING_LIMIT} plus the nesting depth.
     */
    private static final int STRUCTURED_ID_BASE = 536_870_911;

    private static final int NESTING_LIMIT = 1024;

    private ParquetSchemas() {}

    static MessageType toMessageType(RowType rowType) {
        return new MessageType(MESSAGE_NAME, toTypes(rowType));
    }

    private static List<Type> toTypes(RowType rowType) {
        List<Type> types = new ArrayList<>(rowType.fieldCount());
        for (DataField field : rowType.fields()) {
            types.add(toType(field.name(), field.type(), field.id(), 0));
        }
        return types;
    }

    private static Type toType(String name, DataType type, int fieldId, int depth) {
        Type.Repetition repetition = type.nullable() ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
        if (type instanceof AtomicType atomic) {
            return toPrimitive(name, atomic, repetition).withId(fieldId);
        }
        if (type instanceof ArrayType array) {
            Type element = toType(LIST_ELEMENT, array.element(), fieldId, depth + 1).withId(elementId(fieldId, depth + 1));
            return ConversionPatterns.listOfElements(repetition, name, element).withId(fieldId);
        }
        if (type instanceof MapType map) {
            return mapType(name, repetition, map.key(), map.value(), fieldId, depth);
        }
        if (type instanceof MultisetType multiset) {
            return mapType(name, repetition, multiset.element(), new AtomicType(TypeRoot.INT, 0, 0, false), fieldId, depth);
        }
        return new GroupType(repetition, name, toTypes((RowType) type)).withId(fieldId);
    }

    private static Type mapType(String name, Type.Repetition repetition, DataType key, DataType value, int fieldId, int depth) {
        // Map keys are never null; Paimon stores them as required whatever the declared type says.
        Type keyType = toType(MAP_KEY, key.withNullable(false), fieldId, depth + 1).withId(keyId(fieldId, depth + 1));
        Type valueType = toType(MAP_VALUE, value, fieldId, depth + 1).withId(elementId(fieldId, depth + 1));
        return ConversionPatterns.mapType(repetition, name, MAP_GROUP, keyType, valueType).withId(fieldId);
    }

    static int elementId(int fieldId, int depth) {
        return STRUCTURED_ID_BASE + fieldId * NESTING_LIMIT + depth;
    }

    static int keyId(int fieldId, int depth) {
        return STRUCTURED_ID_BASE - fieldId * NESTING_LIMIT - depth;
    }

    private static Type toPrimitive(String name, AtomicType type, Type.Repetition repetition) {
        return switch (type.root()) {
            case BOOLEAN -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
            case TINYINT -> Types.primitive(PrimitiveTypeName.INT32, repetition)
                    .as(LogicalTypeAnnotation.intType(8, true)).named(name);
            case SMALLINT -> Types.primitive(PrimitiveTypeName.INT32, repetition)
                    .as(LogicalTypeAnnotation.intType(16, true)).named(name);
            case INT -> Types.primitive(PrimitiveTypeName.INT32, repetition).named(name);
            case BIGINT -> Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
            case FLOAT -> Types.primitive(PrimitiveTypeName.FLOAT, repetition).named(name);
            case DOUBLE -> Types.primitive(PrimitiveTypeName.DOUBLE, repetition).named(name);
            case CHAR, VARCHAR -> Types.primitive(PrimitiveTypeName.BINARY, repetition)
                    .as(LogicalTypeAnnotation.stringType()).named(name);
            case BINARY, VARBINARY -> Types.primitive(PrimitiveTypeName.BINARY, repetition).named(name);
            case DATE -> Types.primitive(PrimitiveTypeName.INT32, repetition)
                    .as(LogicalTypeAnnotation.dateType()).named(name);
            case TIME -> Types.primitive(PrimitiveTypeName.INT32, repetition)
                    .as(LogicalTypeAnnotation.timeType(true, TimeUnit.MILLIS)).named(name);
            case DECIMAL -> decimal(name, type.precision(), type.scale(), repetition);
            case TIMESTAMP -> timestamp(name, type.precision(), false, repetition);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp(name, type.precision(), true, repetition);
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("Not atomic: " + type);
        };
    }

    private static Type decimal(String name, int precision, int scale, Type.Repetition repetition) {
        LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(scale, precision);
        if (precision <= 9) {
            return Types.primitive(PrimitiveTypeName.INT32, repetition).as(annotation).named(name);
        }
        if (precision <= 18) {
            return Types.primitive(PrimitiveTypeName.INT64, repetition).as(annotation).named(name);
        }
        return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
                .length(decimalBytes(precision))
                .as(annotation)
                .named(name);
    }

    /** The fewest bytes whose two's complement holds every unscaled value of the precision. */
    static int decimalBytes(int precision) {
        int bytes = 1;
        while (Math.pow(2.0, 8 * bytes - 1) < Math.pow(10.0, precision)) {
            bytes++;
        }
        return bytes;
    }

    private static Type timestamp(String name, int precision, boolean adjustedToUtc, Type.Repetition repetition) {
        if (precision > 6) {
            // Nanosecond timestamps are INT96 (Julian day + nanos of day), as Paimon and Hive store them.
            return Types.primitive(PrimitiveTypeName.INT96, repetition).named(name);
        }
        TimeUnit unit = precision <= 3 ? TimeUnit.MILLIS : TimeUnit.MICROS;
        return Types.primitive(PrimitiveTypeName.INT64, repetition)
                .as(LogicalTypeAnnotation.timestampType(adjustedToUtc, unit))
                .named(name);
    }
}
