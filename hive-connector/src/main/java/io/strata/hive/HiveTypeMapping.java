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
import io.strata.types.DataTypes;
import org.apache.hadoop.hive.serde2.typeinfo.CharTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.VarcharTypeInfo;
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

    /** Timestamp precision of tables created from Hive: microseconds, as Paimon's own Hive DDL does. */
    static final int CREATED_TIMESTAMP_PRECISION = 6;

    /**
     * The Strata type a column declared in Hive DDL gets when Hive creates the table: the inverse of
     * {@link #toHive} (STRING becomes unbounded VARCHAR, BINARY unbounded VARBINARY).
     *
     * @throws IllegalArgumentException naming the column for a Hive type Strata has no type for
     */
    public static DataType toStrata(String column, String hiveTypeString) {
        TypeInfo info;
        try {
            info = TypeInfoUtils.getTypeInfoFromTypeString(hiveTypeString.trim().toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Column '" + column + "' has Hive type " + hiveTypeString
                    + " which Hive cannot parse: " + e.getMessage(), e);
        }
        return toStrata(column, info);
    }

    static DataType toStrata(String column, TypeInfo info) {
        if (info instanceof ListTypeInfo list) {
            return DataTypes.ARRAY(toStrata(column, list.getListElementTypeInfo()));
        }
        if (info instanceof MapTypeInfo map) {
            return DataTypes.MAP(toStrata(column, map.getMapKeyTypeInfo()).withNullable(false),
                    toStrata(column, map.getMapValueTypeInfo()));
        }
        if (info instanceof StructTypeInfo struct) {
            List<DataField> fields = new ArrayList<>();
            List<String> names = struct.getAllStructFieldNames();
            List<TypeInfo> types = struct.getAllStructFieldTypeInfos();
            for (int i = 0; i < names.size(); i++) {
                // Ids are placeholders: creating the schema numbers nested fields as Paimon does.
                fields.add(new DataField(i, names.get(i), toStrata(column + "." + names.get(i), types.get(i))));
            }
            return new RowType(fields, true);
        }
        if (info instanceof PrimitiveTypeInfo p) {
            return switch (p.getPrimitiveCategory()) {
                case BOOLEAN -> DataTypes.BOOLEAN();
                case BYTE -> DataTypes.TINYINT();
                case SHORT -> DataTypes.SMALLINT();
                case INT -> DataTypes.INT();
                case LONG -> DataTypes.BIGINT();
                case FLOAT -> DataTypes.FLOAT();
                case DOUBLE -> DataTypes.DOUBLE();
                case DECIMAL -> DataTypes.DECIMAL(((DecimalTypeInfo) p).precision(), ((DecimalTypeInfo) p).scale());
                case CHAR -> DataTypes.CHAR(((CharTypeInfo) p).getLength());
                case VARCHAR -> DataTypes.VARCHAR(((VarcharTypeInfo) p).getLength());
                case STRING -> DataTypes.STRING();
                case BINARY -> DataTypes.BYTES();
                case DATE -> DataTypes.DATE();
                case TIMESTAMP -> DataTypes.TIMESTAMP(CREATED_TIMESTAMP_PRECISION);
                case TIMESTAMPLOCALTZ -> DataTypes.TIMESTAMP_LTZ(CREATED_TIMESTAMP_PRECISION);
                default -> throw new IllegalArgumentException("Column '" + column + "' has Hive type "
                        + p.getTypeName() + " which Strata tables cannot store");
            };
        }
        throw new IllegalArgumentException("Column '" + column + "' has Hive type " + info.getTypeName()
                + " which Strata tables cannot store");
    }

    /** Hive's metastore keeps names in lower case. */
    public static String hiveName(String strataName) {
        return strataName.toLowerCase(Locale.ROOT);
    }
}
