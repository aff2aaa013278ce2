package io.strata.catalog;

import io.strata.api.PublicApi;
import java.util.Objects;

/** A table's name within a catalog: database and table. */
@PublicApi
public record Identifier(String database, String table) {

    public Identifier {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(table, "table");
        if (database.isBlank() || table.isBlank()) {
            throw new IllegalArgumentException("Database and table names must not be blank: '" + database + "." + table + "'");
        }
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
