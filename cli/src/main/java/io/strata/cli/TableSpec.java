package io.strata.cli;

import io.strata.schema.Schema;
import io.strata.types.DataType;
import io.strata.types.TypeParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table definition in the column-list part of a SQL {@code CREATE TABLE}: comma-separated entries, each
 * a column {@code name TYPE [NOT NULL] [COMMENT '...']} (types as Paimon spells them, see
 * {@link TypeParser}) or one of the clauses {@code PRIMARY KEY (a, b)}, {@code PARTITIONED BY (a)},
 * {@code WITH ('key' = 'value', ...)} and {@code COMMENT '...'}. Lines starting with {@code --} are comments.
 * Errors name the entry that could not be read.
 */
record TableSpec(List<Schema.Column> columns, List<String> primaryKey, List<String> partitionKeys,
        Map<String, String> options, String comment) {

    private static final String NAME = "(`(?:[^`]|``)+`|[A-Za-z_][A-Za-z0-9_$]*)";
    private static final String QUOTED = "'((?:[^']|'')*)'";
    private static final Pattern COLUMN = Pattern.compile(
            "^" + NAME + "\\s+(.+?)(?:\\s+COMMENT\\s+" + QUOTED + ")?$", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern PRIMARY_KEY = Pattern.compile(
            "^PRIMARY\\s+KEY\\s*\\((.*)\\)(\\s+NOT\\s+ENFORCED)?$", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern PARTITIONED_BY = Pattern.compile(
            "^PARTITIONED\\s+BY\\s*\\((.*)\\)$", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern WITH = Pattern.compile("^WITH\\s*\\((.*)\\)$", Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern TABLE_COMMENT = Pattern.compile("^COMMENT\\s+" + QUOTED + "$",
            Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    /** The start of a clause, so that a malformed one is not mistaken for a column named PRIMARY. */
    private static final Pattern CLAUSE = Pattern.compile("^(PRIMARY\\s+KEY|PARTITIONED\\s+BY|WITH\\s*\\()",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern OPTION = Pattern.compile("^" + QUOTED + "\\s*=\\s*" + QUOTED + "$", Pattern.DOTALL);

    /** Parses a definition; fails naming the entry (and for a type, the parser's position). */
    static TableSpec parse(String text) {
        List<Schema.Column> columns = new ArrayList<>();
        List<String> primaryKey = List.of();
        List<String> partitionKeys = List.of();
        Map<String, String> options = new LinkedHashMap<>();
        String comment = null;
        for (String entry : splitTopLevel(stripComments(text), ',')) {
            Matcher m;
            if ((m = PRIMARY_KEY.matcher(entry)).matches()) {
                primaryKey = names(m.group(1), entry);
            } else if ((m = PARTITIONED_BY.matcher(entry)).matches()) {
                partitionKeys = names(m.group(1), entry);
            } else if ((m = WITH.matcher(entry)).matches()) {
                for (String option : splitTopLevel(m.group(1), ',')) {
                    Matcher o = OPTION.matcher(option);
                    if (!o.matches()) {
                        throw new IllegalArgumentException("Invalid option '" + option + "' in '" + entry
                                + "': expected 'key' = 'value'");
                    }
                    options.put(unquote(o.group(1)), unquote(o.group(2)));
                }
            } else if ((m = TABLE_COMMENT.matcher(entry)).matches()) {
                comment = unquote(m.group(1));
            } else if (CLAUSE.matcher(entry).lookingAt()) {
                throw new IllegalArgumentException("Cannot read '" + entry + "': expected PRIMARY KEY (col, ...), "
                        + "PARTITIONED BY (col, ...) or WITH ('key' = 'value', ...)");
            } else if ((m = COLUMN.matcher(entry)).matches()) {
                String name = name(m.group(1));
                DataType type;
                try {
                    type = TypeParser.parse(m.group(2));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("Column '" + name + "': " + e.getMessage(), e);
                }
                columns.add(new Schema.Column(name, type, m.group(3) == null ? null : unquote(m.group(3))));
            } else {
                throw new IllegalArgumentException("Cannot read '" + entry + "': expected a column 'name TYPE', "
                        + "PRIMARY KEY (...), PARTITIONED BY (...), WITH ('key' = 'value') or COMMENT '...'");
            }
        }
        return new TableSpec(columns, primaryKey, partitionKeys, options, comment);
    }

    /** Splits a comma list of column names (for --primary-key and --partition-by too). */
    static List<String> names(String list, String where) {
        List<String> names = new ArrayList<>();
        for (String n : splitTopLevel(list, ',')) {
            if (!n.matches(NAME)) {
                throw new IllegalArgumentException("Invalid column name '" + n + "' in '" + where + "'");
            }
            names.add(name(n));
        }
        return names;
    }

    private static String name(String token) {
        return token.startsWith("`") ? token.substring(1, token.length() - 1).replace("``", "`") : token;
    }

    private static String unquote(String body) {
        return body.replace("''", "'");
    }

    private static String stripComments(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\\R")) {
            if (!line.strip().startsWith("--")) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * Splits on {@code separator} outside parentheses, angle brackets, quotes and backticks, so that
     * {@code DECIMAL(10, 2)}, {@code MAP<STRING, INT>} and {@code 'a,b'} stay whole. Blank parts are dropped.
     */
    static List<String> splitTopLevel(String text, char separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '`') {
                quote = c;
            } else if (c == '(' || c == '<') {
                depth++;
            } else if (c == ')' || c == '>') {
                depth--;
            } else if (c == separator && depth == 0) {
                add(parts, text.substring(start, i));
                start = i + 1;
            }
        }
        if (quote != 0 || depth != 0) {
            throw new IllegalArgumentException("Unbalanced " + (quote != 0 ? "quote " + quote : "brackets")
                    + " in '" + text.strip() + "'");
        }
        add(parts, text.substring(start));
        return parts;
    }

    private static void add(List<String> parts, String part) {
        String p = part.strip();
        if (!p.isEmpty()) {
            parts.add(p);
        }
    }
}
