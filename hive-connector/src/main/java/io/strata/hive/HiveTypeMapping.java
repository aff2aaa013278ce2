package io.strata.hive;

import io.strata.types.DataType;
import io.strata.types.HiveTypeNames;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TimestampLocalTZTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.hive.serde2.typeinfo.UnionTypeInfo;

/**
 * Hive's side of the Strata <-> Hive type mapping, which is {@link HiveTypeNames} (core): a Strata
 * column's {@link TypeInfo} is Hive's own parse of its Hive type name, and a Hive type declared in DDL
 * is read by Hive's parser, then mapped back by {@link HiveTypeNames#toStrata}. No case of its own.
 */
final class HiveTypeMapping {

    private HiveTypeMapping() {}

    /**
     * The Hive type a Strata column of this type reads as: {@code HiveTypeNames.of(type)} parsed by Hive,
     * with TIMESTAMP WITH LOCAL TIME ZONE values shown in {@code localZone} (the session's zone, which
     * Hive's parser leaves at the JVM's default).
     *
     * @throws IllegalArgumentException when Hive cannot parse the type's Hive name (a struct field name
     *     Hive's type parser does not read, such as one with a '-')
     */
    static TypeInfo typeInfo(DataType type, ZoneId localZone) {
        String hiveName = HiveTypeNames.of(type);
        TypeInfo parsed;
        try {
            parsed = parse(hiveName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Hive cannot read the type " + type.asSqlString() + " (Hive type "
                    + hiveName + "): " + e.getMessage(), e);
        }
        return withLocalZone(parsed, localZone);
    }

    /** Whether a Hive type declared for a column (in any case, as users may write it) is the Strata type's. */
    static boolean matches(String declaredHiveType, DataType strataType) {
        TypeInfo declared;
        try {
            declared = parse(declaredHiveType);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return declared.getTypeName().equals(HiveTypeNames.of(strataType));
    }

    /**
     * The Strata type a column declared in Hive DDL gets: {@link HiveTypeNames#toStrata} of the type as
     * Hive reads it (so Hive's spellings such as {@code decimal} for {@code decimal(10,0)} work).
     *
     * @throws IllegalArgumentException naming the column, for a type Hive cannot parse or Strata cannot store
     */
    static DataType toStrata(String column, String hiveType) {
        TypeInfo info;
        try {
            info = parse(hiveType);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Column '" + column + "' has Hive type " + hiveType
                    + " which Hive cannot parse: " + e.getMessage(), e);
        }
        return HiveTypeNames.toStrata(column, info.getTypeName());
    }

    /** Hive's reading of a type string; an IllegalArgumentException for any text it rejects. */
    private static TypeInfo parse(String hiveType) {
        try {
            // Hive's type parser knows only lower-case names; the metastore stores them so, users may not.
            return TypeInfoUtils.getTypeInfoFromTypeString(hiveType.trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            // Hive reports some bad parameters (char(256)) as a plain RuntimeException.
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** {@code info} with every local-time-zone timestamp in it shown in {@code zone}; the type name is unchanged. */
    private static TypeInfo withLocalZone(TypeInfo info, ZoneId zone) {
        return switch (info.getCategory()) {
            case PRIMITIVE -> info instanceof TimestampLocalTZTypeInfo ? TypeInfoFactory.getTimestampTZTypeInfo(zone) : info;
            case LIST -> TypeInfoFactory.getListTypeInfo(withLocalZone(((ListTypeInfo) info).getListElementTypeInfo(), zone));
            case MAP -> TypeInfoFactory.getMapTypeInfo(withLocalZone(((MapTypeInfo) info).getMapKeyTypeInfo(), zone),
                    withLocalZone(((MapTypeInfo) info).getMapValueTypeInfo(), zone));
            case STRUCT -> {
                StructTypeInfo struct = (StructTypeInfo) info;
                List<TypeInfo> types = new ArrayList<>();
                for (TypeInfo field : struct.getAllStructFieldTypeInfos()) {
                    types.add(withLocalZone(field, zone));
                }
                yield TypeInfoFactory.getStructTypeInfo(struct.getAllStructFieldNames(), types);
            }
            case UNION -> {
                List<TypeInfo> types = new ArrayList<>();
                for (TypeInfo member : ((UnionTypeInfo) info).getAllUnionObjectTypeInfos()) {
                    types.add(withLocalZone(member, zone));
                }
                yield TypeInfoFactory.getUnionTypeInfo(types);
            }
        };
    }
}
