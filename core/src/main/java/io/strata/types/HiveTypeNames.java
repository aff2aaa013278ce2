package io.strata.types;

import io.strata.api.PublicApi;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one mapping between Strata (Paimon) types and Hive types, in the form the Hive Metastore stores a
 * column's type: Hive type names such as {@code decimal(10,2)} or {@code struct<a:int,b:string>}, the
 * names Hive 4's {@code TypeInfo.getTypeName()} prints. It needs no Hive classes, so every module uses
 * it: the metastore sync registers columns with {@link #of}; the Hive connector parses {@link #of}'s
 * names with Hive's own type parser to get its {@code TypeInfo}s, and maps the types of Hive DDL back
 * with {@link #toStrata}; {@code strata describe} prints Paimon's type strings, not these.
 *
 * <p>Strata to Hive: lengths Hive cannot express fall back to its unbounded types: CHAR longer than
 * 255 and VARCHAR longer than 65535 are {@code string}. BINARY and VARBINARY are {@code binary}
 * (Hive's binary has no length); TIMESTAMP of any precision is {@code timestamp}, TIMESTAMP WITH
 * LOCAL TIME ZONE is {@code timestamp with local time zone} (Hive 4's type of the same meaning, an
 * instant shown in the session's zone). TIME has no Hive type and is {@code string}; MULTISET is
 * {@code map<element,int>} (each element with its count), as Paimon stores it. Struct field names are
 * lower case, as Hive keeps them.
 *
 * <p>Hive to Strata ({@link #toStrata}), the inverse for every Hive type Strata can store: {@code
 * string} is STRING, {@code binary} BYTES, timestamps get precision 6 (microseconds, as Paimon's own
 * Hive DDL does), map keys are NOT NULL (Paimon's rule). Every Hive type name {@code h} it accepts
 * maps back to itself: {@code of(toStrata(c, h)).equals(h)}.
 */
@PublicApi
public final class HiveTypeNames {

    /** Hive's longest CHAR. */
    public static final int HIVE_MAX_CHAR = 255;
    /** Hive's longest VARCHAR. */
    public static final int HIVE_MAX_VARCHAR = 65535;
    /** Timestamp precision of columns declared in Hive: microseconds, as Paimon's own Hive DDL does. */
    public static final int DECLARED_TIMESTAMP_PRECISION = 6;

    private HiveTypeNames() {}

    /** The Hive type name of {@code type}, e.g. {@code decimal(10,2)} or {@code struct<a:int,b:string>}. */
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
                case ARRAY, MAP, MULTISET, ROW -> throw new IllegalStateException("Not an atomic type root: " + a.root());
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

    /**
     * The Strata type a column declared in Hive with this Hive type name gets: the inverse of {@link #of}.
     * Takes the names Hive prints (what the metastore stores); letter case and blanks around the
     * brackets and commas do not matter.
     *
     * @param column the column, named in errors
     * @throws IllegalArgumentException naming the column, for a Hive type Strata cannot store (e.g.
     *     {@code uniontype<...>}, intervals) or text that is not a Hive type name
     */
    public static DataType toStrata(String column, String hiveTypeName) {
        HiveNameParser parser = new HiveNameParser(column, hiveTypeName.toLowerCase(Locale.ROOT));
        DataType type = parser.type(column);
        parser.end();
        return type;
    }

    /** A column or field name as the Hive Metastore keeps it (lower case). */
    public static String hiveName(String strataName) {
        return strataName.toLowerCase(Locale.ROOT);
    }

    /** Reads Hive type names, lower case: one recursive-descent method per nesting. */
    private static final class HiveNameParser {

        private final String column;
        private final String text;
        private int pos;

        HiveNameParser(String column, String text) {
            this.column = column;
            this.text = text;
        }

        DataType type(String path) {
            skipBlanks();
            int start = pos;
            return switch (word()) {
                case "array" -> {
                    expect('<');
                    DataType element = type(path);
                    expect('>');
                    yield DataTypes.ARRAY(element);
                }
                case "map" -> {
                    expect('<');
                    // Paimon map keys are never null.
                    DataType key = type(path).withNullable(false);
                    expect(',');
                    DataType value = type(path);
                    expect('>');
                    yield DataTypes.MAP(key, value);
                }
                case "struct" -> struct(path);
                case "boolean" -> DataTypes.BOOLEAN();
                case "tinyint" -> DataTypes.TINYINT();
                case "smallint" -> DataTypes.SMALLINT();
                case "int" -> DataTypes.INT();
                case "bigint" -> DataTypes.BIGINT();
                case "float" -> DataTypes.FLOAT();
                case "double" -> DataTypes.DOUBLE();
                case "decimal" -> decimal();
                case "char" -> DataTypes.CHAR(length(HIVE_MAX_CHAR));
                case "varchar" -> DataTypes.VARCHAR(length(HIVE_MAX_VARCHAR));
                case "string" -> DataTypes.STRING();
                case "binary" -> DataTypes.BYTES();
                case "date" -> DataTypes.DATE();
                case "timestamp" -> DataTypes.TIMESTAMP(DECLARED_TIMESTAMP_PRECISION);
                case "timestamp with local time zone" -> DataTypes.TIMESTAMP_LTZ(DECLARED_TIMESTAMP_PRECISION);
                default -> throw new IllegalArgumentException("Column '" + path + "' has Hive type "
                        + typeAt(start) + " which Strata tables cannot store");
            };
        }

        private DataType decimal() {
            expect('(');
            int precision = number();
            expect(',');
            int scale = number();
            expect(')');
            try {
                return DataTypes.DECIMAL(precision, scale);
            } catch (IllegalArgumentException e) {
                throw notAHiveType(e.getMessage());
            }
        }

        private RowType struct(String path) {
            expect('<');
            List<DataField> fields = new ArrayList<>();
            skipBlanks();
            if (!accept('>')) {
                do {
                    skipBlanks();
                    int colon = text.indexOf(':', pos);
                    if (colon < 0) {
                        throw notAHiveType("a field name and ':' expected at position " + pos);
                    }
                    String name = text.substring(pos, colon).strip();
                    if (name.isEmpty() || name.chars().anyMatch(c -> "<>(),".indexOf(c) >= 0)) {
                        throw notAHiveType("a field name expected at position " + pos);
                    }
                    pos = colon + 1;
                    // Ids are placeholders: creating the schema numbers nested fields as Paimon does.
                    fields.add(new DataField(fields.size(), name, type(path + "." + name)));
                } while (accept(','));
                expect('>');
            }
            try {
                return new RowType(fields, true);
            } catch (IllegalArgumentException e) {
                throw notAHiveType(e.getMessage());
            }
        }

        private int length(int max) {
            expect('(');
            int length = number();
            expect(')');
            if (length < 1 || length > max) {
                throw notAHiveType("length " + length + " out of Hive's range 1.." + max);
            }
            return length;
        }

        /** A type name: letters, digits and underscores, or Hive's one name with blanks. */
        private String word() {
            String ltz = "timestamp with local time zone";
            if (text.startsWith(ltz, pos)) {
                pos += ltz.length();
                return ltz;
            }
            int start = pos;
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
            }
            if (start == pos) {
                throw notAHiveType("a type expected at position " + pos);
            }
            return text.substring(start, pos);
        }

        private int number() {
            skipBlanks();
            int start = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos)) && pos - start < 9) {
                pos++;
            }
            if (start == pos) {
                throw notAHiveType("a number expected at position " + pos);
            }
            return Integer.parseInt(text.substring(start, pos));
        }

        /** The text of the type starting at {@code start}, up to its closing bracket, for errors. */
        private String typeAt(int start) {
            int depth = 0;
            int end = start;
            while (end < text.length()) {
                char c = text.charAt(end);
                if (c == '<' || c == '(') {
                    depth++;
                } else if (c == '>' || c == ')') {
                    if (depth == 0) {
                        break;
                    }
                    depth--;
                } else if (c == ',' && depth == 0) {
                    break;
                }
                end++;
            }
            return text.substring(start, end).strip();
        }

        private boolean accept(char c) {
            skipBlanks();
            if (pos < text.length() && text.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!accept(c)) {
                throw notAHiveType("'" + c + "' expected at position " + pos);
            }
        }

        void end() {
            skipBlanks();
            if (pos != text.length()) {
                throw notAHiveType("unexpected text at position " + pos);
            }
        }

        private void skipBlanks() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private IllegalArgumentException notAHiveType(String why) {
            return new IllegalArgumentException("Column '" + column + "' has Hive type " + text
                    + " which is not a Hive type name: " + why);
        }
    }
}
