package io.strata.types;

import java.util.Locale;

/**
 * The Hive type string (as the Hive Metastore stores a column's type) of each Strata type, without
 * depending on Hive: the metastore sync registers columns with it and the Hive connector reads them
 * with the same mapping, so the two can never disagree.
 *
 * <p>Lengths Hive cannot express fall back to its unbounded types: CHAR longer than 255 and VARCHAR
 * longer than 65535 are {@code string}. TIME has no Hive type and is {@code string}; MULTISET is
 * {@code map<element,int>} (each element with its count), as Paimon stores it; TIMESTAMP WITH LOCAL
 * TIME ZONE is {@code timestamp with local time zone}. Struct field names are lower case, as Hive
 * keeps them.
 */
public final class HiveTypeNames {

    /** Hive's longest CHAR. */
    public static final int HIVE_MAX_CHAR = 255;
    /** Hive's longest VARCHAR. */
    public static final int HIVE_MAX_VARCHAR = 65535;

    private HiveTypeNames() {}

    /** The Hive type string of {@code type}, e.g. {@code decimal(10,2)} or {@code struct<a:int,b:string>}. */
    public static String of(DataType type) {
        if (type instanceof AtomicType a) {
            return switch (a.root()) {
                case BOOLEAN -> "boolean";
                case TINYINT -> "tinyint";
                case SMALLINT -> "smallint";
                case INT -> "int";
                case BIGINT -> "bigint";
                case FLOAT -> "float";
                case DOUBLE -> "double";
                case DECIMAL -> "decimal(" + a.precision() + "," + a.scale() + ")";
                case CHAR -> a.length() <= HIVE_MAX_CHAR ? "char(" + a.length() + ")" : "string";
                case VARCHAR -> a.length() <= HIVE_MAX_VARCHAR ? "varchar(" + a.length() + ")" : "string";
                case BINARY, VARBINARY -> "binary";
                case DATE -> "date";
                case TIME -> "string";
                case TIMESTAMP -> "timestamp";
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "timestamp with local time zone";
                default -> throw new IllegalStateException("Not an atomic type root: " + a.root());
            };
        }
        if (type instanceof ArrayType arr) {
            return "array<" + of(arr.element()) + ">";
        }
        if (type instanceof MapType map) {
            return "map<" + of(map.key()) + "," + of(map.value()) + ">";
        }
        if (type instanceof MultisetType set) {
            return "map<" + of(set.element()) + ",int>";
        }
        RowType row = (RowType) type;
        StringBuilder sb = new StringBuilder("struct<");
        for (int i = 0; i < row.fieldCount(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            DataField f = row.field(i);
            sb.append(hiveName(f.name())).append(':').append(of(f.type()));
        }
        return sb.append('>').toString();
    }

    /** A column or field name as the Hive Metastore keeps it (lower case). */
    public static String hiveName(String strataName) {
        return strataName.toLowerCase(Locale.ROOT);
    }
}
