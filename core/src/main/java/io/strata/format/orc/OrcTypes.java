package io.strata.format.orc;

import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import org.apache.orc.TypeDescription;

/**
 * The ORC schema of a Paimon row type, as Paimon writes it: every column carries its field id in the
 * {@code paimon.id} attribute. Array elements and map keys/values have no field of their own, so they
 * get ids derived from the enclosing field id and their nesting depth (Paimon's {@code SpecialFields}
 * rule); nested ROW fields keep their own ids.
 */
final class OrcTypes {

    /** The ORC type attribute holding a column's Paimon field id. */
    static final String FIELD_ID_ATTRIBUTE = "paimon.id";

    /** The base of the ids Paimon derives for array elements and map keys/values. */
    private static final int NESTED_ID_BASE = 536_870_911;

    private static final int NESTED_ID_STRIDE = 1024;

    private OrcTypes() {}

    /** The ORC struct for a file type; the root struct itself carries no id. */
    static TypeDescription toOrcSchema(RowType type) {
        TypeDescription struct = TypeDescription.createStruct();
        for (DataField field : type.fields()) {
            struct.addField(field.name(), toOrcType(field.type(), field.id(), 0));
        }
        return struct;
    }

    // Int arithmetic on purpose: Paimon computes these ids in Java ints, overflow included.
    static int arrayElementId(int fieldId, int depth) {
        return NESTED_ID_BASE + fieldId * NESTED_ID_STRIDE + depth;
    }

    static int mapKeyId(int fieldId, int depth) {
        return NESTED_ID_BASE - fieldId * NESTED_ID_STRIDE - depth;
    }

    static int mapValueId(int fieldId, int depth) {
        return NESTED_ID_BASE + fieldId * NESTED_ID_STRIDE + depth;
    }

    private static TypeDescription toOrcType(DataType type, int fieldId, int depth) {
        TypeDescription orc;
        if (type instanceof ArrayType array) {
            orc = TypeDescription.createList(toOrcType(array.element(), fieldId, depth + 1)
                    .setAttribute(FIELD_ID_ATTRIBUTE, String.valueOf(arrayElementId(fieldId, depth + 1))));
        } else if (type instanceof MapType map) {
            orc = mapType(map.key(), map.value(), fieldId, depth);
        } else if (type instanceof MultisetType multiset) {
            // Paimon stores a multiset as a map from element to its count.
            orc = mapType(multiset.element(), DataTypes.INT().withNullable(false), fieldId, depth);
        } else if (type instanceof RowType row) {
            orc = toOrcSchema(row);
        } else {
            orc = atomicType((AtomicType) type);
        }
        return orc.setAttribute(FIELD_ID_ATTRIBUTE, String.valueOf(fieldId));
    }

    private static TypeDescription mapType(DataType key, DataType value, int fieldId, int depth) {
        TypeDescription keyType = toOrcType(key, fieldId, depth + 1)
                .setAttribute(FIELD_ID_ATTRIBUTE, String.valueOf(mapKeyId(fieldId, depth + 1)));
        TypeDescription valueType = toOrcType(value, fieldId, depth + 1)
                .setAttribute(FIELD_ID_ATTRIBUTE, String.valueOf(mapValueId(fieldId, depth + 1)));
        return TypeDescription.createMap(keyType, valueType);
    }

    private static TypeDescription atomicType(AtomicType type) {
        return switch (type.root()) {
            case BOOLEAN -> TypeDescription.createBoolean();
            case TINYINT -> TypeDescription.createByte();
            case SMALLINT -> TypeDescription.createShort();
            // TIME is milliseconds of the day, as an int.
            case INT, TIME -> TypeDescription.createInt();
            case BIGINT -> TypeDescription.createLong();
            case FLOAT -> TypeDescription.createFloat();
            case DOUBLE -> TypeDescription.createDouble();
            case DECIMAL -> TypeDescription.createDecimal().withScale(type.scale()).withPrecision(type.precision());
            case CHAR -> TypeDescription.createChar().withMaxLength(type.length());
            case VARCHAR -> type.length() == AtomicType.MAX_LENGTH
                    ? TypeDescription.createString()
                    : TypeDescription.createVarchar().withMaxLength(type.length());
            // Paimon writes every binary type as BYTES: ORC binary, no length.
            case BINARY, VARBINARY -> TypeDescription.createBinary();
            case DATE -> TypeDescription.createDate();
            case TIMESTAMP -> TypeDescription.createTimestamp();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TypeDescription.createTimestampInstant();
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("Not atomic: " + type);
        };
    }

    /** The Paimon field id an ORC column carries, or -1 when it has none (files of old writers). */
    static int fieldId(TypeDescription column) {
        String id = column.getAttributeValue(FIELD_ID_ATTRIBUTE);
        if (id == null) {
            return -1;
        }
        try {
            return Integer.parseInt(id.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Whether any child of the struct carries a field id; if none does, columns are matched by name. */
    static boolean hasFieldIds(TypeDescription struct) {
        for (TypeDescription child : struct.getChildren()) {
            if (child.getAttributeValue(FIELD_ID_ATTRIBUTE) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * The position among the struct's children of the column for {@code field}: by field id when the
     * file has ids, else by name; -1 if the file has no such column.
     */
    static int childIndex(TypeDescription struct, DataField field) {
        boolean byId = hasFieldIds(struct);
        var children = struct.getChildren();
        for (int i = 0; i < children.size(); i++) {
            if (byId ? fieldId(children.get(i)) == field.id() : struct.getFieldNames().get(i).equals(field.name())) {
                return i;
            }
        }
        return -1;
    }
}
