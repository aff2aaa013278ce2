package io.strata.hive;

import io.strata.types.ArrayType;
import io.strata.types.AtomicType;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.MapType;
import io.strata.types.MultisetType;
import io.strata.types.RowType;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;

/**
 * The one place where Strata (Paimon) types meet Hive types. Every Strata type has exactly one Hive
 * type; a Hive column declared over a Strata table must have exactly that type.
 *
 * <p>Lengths Hive cannot express fall back to its unbounded types: CHAR longer than 255 and VARCHAR
 * longer than 65535 read as STRING. TIME has no Hive type and reads as STRING ({@code HH:mm:ss.SSS}).
 * MULTISET reads as {@code map<element, int>} (each element with its count), as Paimon stores it.
 */
public final class HiveTypeMapping {

    /** Hive's longest CHAR. */
    static final int HIVE_MAX_CHAR = 255;
    /** Hive's longest VARCHAR. */
    static final int HIVE_MAX_VARCHAR = 65535;

    private HiveTypeMapping() {}

    /** The Hive type a Strata column of this type reads as; LTZ timestamps in the given zone. */
    public static TypeInfo toHive(DataType type, ZoneId localZone) {
        if (type instanceof AtomicType a) {
            return switch (a.root()) {
                case BOOLEAN -> TypeInfoFactory.booleanTypeInfo;
                case TINYINT -> TypeInfoFactory.byteTypeInfo;
                case SMALLINT -> TypeInfoFactory.shortTypeInfo;
                case INT -> TypeInfoFactory.intTypeInfo;
                case BIGINT -> TypeInfoFactory.longTypeInfo;
                case FLOAT -> TypeInfoFactory.floatTypeInfo;
                case DOUBLE -> TypeInfoFactory.doubleTypeInfo;
                case DECIMAL -> TypeInfoFactory.getDecimalTypeInfo(a.precision(), a.scale());
                case CHAR -> a.length() <= HIVE_MAX_CHAR
                        ? TypeInfoFactory.getCharTypeInfo(a.length()) : TypeInfoFactory.stringTypeInfo;
                case VARCHAR -> a.length() <= HIVE_MAX_VARCHAR
                        ? TypeInfoFactory.getVarcharTypeInfo(a.length()) : TypeInfoFactory.stringTypeInfo;
                case BINARY, VARBINARY -> TypeInfoFactory.binaryTypeInfo;
                case DATE -> TypeInfoFactory.dateTypeInfo;
                case TIME -> TypeInfoFactory.stringTypeInfo;
                case TIMESTAMP -> TypeInfoFactory.timestampTypeInfo;
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> TypeInfoFactory.getTimestampTZTypeInfo(localZone);
                default -> throw new IllegalStateException("Not an atomic type root: " + a.root());
            };
        }
        if (type instanceof ArrayType arr) {
            return TypeInfoFactory.getListTypeInfo(toHive(arr.element(), localZone));
        }
        if (type instanceof MapType map) {
            return TypeInfoFactory.getMapTypeInfo(toHive(map.key(), localZone), toHive(map.value(), localZone));
        }
        if (type instanceof MultisetType set) {
            return TypeInfoFactory.getMapTypeInfo(toHive(set.element(), localZone), TypeInfoFactory.intTypeInfo);
        }
        RowType row = (RowType) type;
        List<String> names = new ArrayList<>();
        List<TypeInfo> types = new ArrayList<>();
        for (DataField f : row.fields()) {
            names.add(hiveName(f.name()));
            types.add(toHive(f.type(), localZone));
        }
        return TypeInfoFactory.getStructTypeInfo(names, types);
    }

    /** The Hive type string of a Strata type, as stored in the metastore. */
    public static String toHiveTypeString(DataType type, ZoneId localZone) {
        return toHive(type, localZone).getTypeName();
    }

    /** Whether a Hive type string declared for a column is the type the Strata column reads as. */
    public static boolean matches(String declaredHiveType, DataType strataType, ZoneId localZone) {
        TypeInfo declared;
        try {
            // Hive's type parser knows only lower-case names; the metastore stores them so, users may not.
            declared = TypeInfoUtils.getTypeInfoFromTypeString(declaredHiveType.trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
        // Type names, not TypeInfo equality: an LTZ timestamp's zone is the session's, not part of the column.
        return declared.getTypeName().equals(toHive(strataType, localZone).getTypeName());
    }

    /** Hive's metastore keeps names in lower case. */
    public static String hiveName(String strataName) {
        return strataName.toLowerCase(Locale.ROOT);
    }
}
