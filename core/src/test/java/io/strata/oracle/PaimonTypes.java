package io.strata.oracle;

import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.DataTypes;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Converts Strata types to Apache Paimon types and back, keeping nullability, parameters and field
 * ids (nested ROW fields included), so that Paimon sees exactly the schema a Strata test means.
 */
public final class PaimonTypes {

    private PaimonTypes() {}

    /** The Paimon type of a Strata type. */
    public static org.apache.paimon.types.DataType toPaimon(DataType type) {
        org.apache.paimon.types.DataType converted;
        if (type instanceof ArrayType a) {
            converted = org.apache.paimon.types.DataTypes.ARRAY(toPaimon(a.element()));
        } else if (type instanceof MapType m) {
            converted = org.apache.paimon.types.DataTypes.MAP(toPaimon(m.key()), toPaimon(m.value()));
        } else if (type instanceof MultisetType m) {
            converted = org.apache.paimon.types.DataTypes.MULTISET(toPaimon(m.element()));
        } else if (type instanceof RowType r) {
            return toPaimon(r);
        } else {
            converted = atomicToPaimon((AtomicType) type);
        }
        return converted.copy(type.nullable());
    }

    /** The Paimon row type of a Strata row type, with the same field ids. */
    public static org.apache.paimon.types.RowType toPaimon(RowType type) {
        return new org.apache.paimon.types.RowType(type.nullable(), toPaimonFields(type.fields()));
    }

    /** Paimon fields with the ids, names, types and descriptions of the Strata fields. */
    public static List<org.apache.paimon.types.DataField> toPaimonFields(List<DataField> fields) {
        List<org.apache.paimon.types.DataField> out = new ArrayList<>(fields.size());
        for (DataField f : fields) {
            out.add(new org.apache.paimon.types.DataField(f.id(), f.name(), toPaimon(f.type()), f.description()));
        }
        return out;
    }

    private static org.apache.paimon.types.DataType atomicToPaimon(AtomicType t) {
        return switch (t.root()) {
            case BOOLEAN -> org.apache.paimon.types.DataTypes.BOOLEAN();
            case TINYINT -> org.apache.paimon.types.DataTypes.TINYINT();
            case SMALLINT -> org.apache.paimon.types.DataTypes.SMALLINT();
            case INT -> org.apache.paimon.types.DataTypes.INT();
            case BIGINT -> org.apache.paimon.types.DataTypes.BIGINT();
            case FLOAT -> org.apache.paimon.types.DataTypes.FLOAT();
            case DOUBLE -> org.apache.paimon.types.DataTypes.DOUBLE();
            case DECIMAL -> org.apache.paimon.types.DataTypes.DECIMAL(t.precision(), t.scale());
            case CHAR -> org.apache.paimon.types.DataTypes.CHAR(t.length());
            case VARCHAR -> org.apache.paimon.types.DataTypes.VARCHAR(t.length());
            case BINARY -> org.apache.paimon.types.DataTypes.BINARY(t.length());
            case VARBINARY -> org.apache.paimon.types.DataTypes.VARBINARY(t.length());
            case DATE -> org.apache.paimon.types.DataTypes.DATE();
            case TIME -> org.apache.paimon.types.DataTypes.TIME(t.precision());
            case TIMESTAMP -> org.apache.paimon.types.DataTypes.TIMESTAMP(t.precision());
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> org.apache.paimon.types.DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(t.precision());
            case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("not atomic: " + t);
        };
    }

    /** The Strata type of a Paimon type; fails naming the type if Strata has no equivalent. */
    public static DataType toStrata(org.apache.paimon.types.DataType type) {
        DataType converted =
                switch (type.getTypeRoot()) {
                    case BOOLEAN -> DataTypes.BOOLEAN();
                    case TINYINT -> DataTypes.TINYINT();
                    case SMALLINT -> DataTypes.SMALLINT();
                    case INTEGER -> DataTypes.INT();
                    case BIGINT -> DataTypes.BIGINT();
                    case FLOAT -> DataTypes.FLOAT();
                    case DOUBLE -> DataTypes.DOUBLE();
                    case DECIMAL -> {
                        org.apache.paimon.types.DecimalType d = (org.apache.paimon.types.DecimalType) type;
                        yield DataTypes.DECIMAL(d.getPrecision(), d.getScale());
                    }
                    case CHAR -> DataTypes.CHAR(length(type));
                    case VARCHAR -> DataTypes.VARCHAR(length(type));
                    case BINARY -> DataTypes.BINARY(length(type));
                    case VARBINARY -> DataTypes.VARBINARY(length(type));
                    case DATE -> DataTypes.DATE();
                    case TIME_WITHOUT_TIME_ZONE -> DataTypes.TIME(precision(type));
                    case TIMESTAMP_WITHOUT_TIME_ZONE -> DataTypes.TIMESTAMP(precision(type));
                    case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> DataTypes.TIMESTAMP_LTZ(precision(type));
                    case ARRAY -> DataTypes.ARRAY(toStrata(((org.apache.paimon.types.ArrayType) type).getElementType()));
                    case MAP -> {
                        org.apache.paimon.types.MapType m = (org.apache.paimon.types.MapType) type;
                        yield DataTypes.MAP(toStrata(m.getKeyType()), toStrata(m.getValueType()));
                    }
                    case MULTISET -> new MultisetType(
                            toStrata(((org.apache.paimon.types.MultisetType) type).getElementType()), true);
                    case ROW -> toStrata((org.apache.paimon.types.RowType) type);
                    default -> throw new IllegalArgumentException("Strata has no type for Paimon's " + type.asSQLString());
                };
        return converted.withNullable(type.isNullable());
    }

    /** The Strata row type of a Paimon row type, with the same field ids. */
    public static RowType toStrata(org.apache.paimon.types.RowType type) {
        List<DataField> fields = new ArrayList<>(type.getFieldCount());
        for (org.apache.paimon.types.DataField f : type.getFields()) {
            fields.add(new DataField(f.id(), f.name(), toStrata(f.type()), f.description()));
        }
        return new RowType(fields, type.isNullable());
    }

    private static int length(org.apache.paimon.types.DataType type) {
        OptionalInt length = org.apache.paimon.types.DataTypes.getLength(type);
        return length.orElseThrow(() -> new IllegalArgumentException("No length on " + type.asSQLString()));
    }

    private static int precision(org.apache.paimon.types.DataType type) {
        OptionalInt precision = org.apache.paimon.types.DataTypes.getPrecision(type);
        return precision.orElseThrow(() -> new IllegalArgumentException("No precision on " + type.asSQLString()));
    }
}
