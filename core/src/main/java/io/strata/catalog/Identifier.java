package io.strata.catalog;

import io.strata.api.PublicApi;
import java.util.Objects;

/**
 * A table's name within a catalog: database and table. Both are checked here, once for every entry point
 * (the core API, the {@code strata} command, the metastore sync and adoption, the Hive connector): a name
 * is 1 to 128 of the characters both Apache Paimon's catalogs and the Hive Metastore accept, ASCII letters,
 * digits and {@code _} (the metastore's default rule, {@code [\w_]+}). So a name is one directory below
 * the warehouse: it can hold no path separator, no {@code ..}, no drive or scheme, and a table's location,
 * {@code <warehouse>/<database>.db/<table>}, always lies under its warehouse. A table whose directory has
 * another name (written by another tool) is still read by its location ({@code Tables.load}).
 */
@PublicApi
public record Identifier(String database, String table) {

    /** The longest name the Hive Metastore stores for a database or a table. */
    public static final int MAX_NAME_LENGTH = 128;

    public Identifier {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(table, "table");
        checkName("database", database, database + "." + table);
        checkName("table", table, database + "." + table);
    }

    /**
     * Returns {@code name} if it is a valid database or table name ({@code what}), else throws
     * IllegalArgumentException naming it and the rule.
     */
    public static String checkName(String what, String name) {
        return checkName(what, name, null);
    }

    private static String checkName(String what, String name, String fullName) {
        String in = fullName == null ? "" : " (in '" + printable(fullName) + "')";
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("The " + what + " name" + in + " must not be empty");
        }
        if (name.length() > MAX_NAME_LENGTH) {
            throw new IllegalArgumentException("The " + what + " name '" + printable(name) + "'" + in + " is longer than "
                    + MAX_NAME_LENGTH + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                throw new IllegalArgumentException("The " + what + " name '" + printable(name) + "'" + in
                        + " holds '" + printable(String.valueOf(c)) + "': database and table names may hold only ASCII"
                        + " letters, digits and '_', the characters both Paimon and the Hive Metastore accept");
            }
        }
        return name;
    }

    /** The name with control characters shown as escapes, so an error message stays on one line. */
    private static String printable(String name) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    public static Identifier of(String database, String table) {
        return new Identifier(database, table);
    }

    /** Parses {@code db.table}. */
    public static Identifier parse(String fullName) {
        int dot = fullName.indexOf('.');
        if (dot <= 0 || dot == fullName.length() - 1) {
            throw new IllegalArgumentException("Expected <database>.<table>, got '" + fullName + "'");
        }
        return new Identifier(fullName.substring(0, dot), fullName.substring(dot + 1));
    }

    public String fullName() {
        return database + "." + table;
    }

    @Override
    public String toString() {
        return fullName();
    }
}
