package io.strata.catalog;

import io.strata.api.PublicApi;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaChange;
import io.strata.schema.SchemaManager;
import io.strata.table.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The catalog Paimon calls "filesystem": databases are directories {@code <warehouse>/<db>.db}, tables
 * are directories in them holding a {@code schema/} directory. Nothing else is kept, so any engine that
 * reads the layout sees the same catalog.
 */
@PublicApi
public final class FileSystemCatalog {

    private static final String DB_SUFFIX = ".db";

    private final FileIO io;
    private final Path warehouse;

    public FileSystemCatalog(FileIO io, Path warehouse) {
        this.io = io;
        this.warehouse = warehouse;
    }

    public Path warehouse() {
        return warehouse;
    }

    /** {@code <warehouse>/<database>.db}; the name is checked as {@link Identifier} checks it. */
    public Path databasePath(String database) {
        return new Path(warehouse, Identifier.checkName("database", database) + DB_SUFFIX);
    }

    public Path tablePath(Identifier id) {
        return new Path(databasePath(id.database()), id.table());
    }

    public boolean databaseExists(String database) {
        return call(() -> io.exists(databasePath(database)));
    }

    public void createDatabase(String database, boolean ignoreIfExists) {
        call(() -> {
            if (io.exists(databasePath(database))) {
                if (!ignoreIfExists) {
                    throw new IllegalArgumentException("Database '" + database + "' already exists at " + databasePath(database));
                }
                return null;
            }
            io.mkdirs(databasePath(database));
            return null;
        });
    }

    public List<String> listDatabases() {
        return call(() -> {
            List<String> out = new ArrayList<>();
            for (FileStatus s : io.list(warehouse)) {
                String name = s.getPath().getName();
                if (s.isDirectory() && name.endsWith(DB_SUFFIX)) {
                    out.add(name.substring(0, name.length() - DB_SUFFIX.length()));
                }
            }
            out.sort(null);
            return out;
        });
    }

    /** Drops a database; with {@code cascade} its tables too, else it must be empty. */
    public void dropDatabase(String database, boolean cascade) {
        call(() -> {
            requireDatabase(database);
            if (!cascade && !listTables(database).isEmpty()) {
                throw new IllegalArgumentException("Database '" + database + "' is not empty: " + listTables(database));
            }
            io.delete(databasePath(database), true);
            return null;
        });
    }

    public List<String> listTables(String database) {
        return call(() -> {
            requireDatabase(database);
            List<String> out = new ArrayList<>();
            for (FileStatus s : io.list(databasePath(database))) {
                if (s.isDirectory() && io.exists(new Path(s.getPath(), "schema"))) {
                    out.add(s.getPath().getName());
                }
            }
            out.sort(null);
            return out;
        });
    }

    public boolean tableExists(Identifier id) {
        return call(() -> new SchemaManager(io, tablePath(id)).latest().isPresent());
    }

    /** Creates a table; fails naming the table if it exists (unless {@code ignoreIfExists}). */
    public Table createTable(Identifier id, Schema schema, boolean ignoreIfExists) {
        return call(() -> {
            requireDatabase(id.database());
            if (tableExists(id)) {
                if (ignoreIfExists) {
                    return loadTable(id);
                }
                throw new IllegalArgumentException("Table " + id + " already exists at " + tablePath(id));
            }
            new SchemaManager(io, tablePath(id)).createTable(schema);
            return loadTable(id);
        });
    }

    public Table loadTable(Identifier id) {
        if (!tableExists(id)) {
            throw new IllegalArgumentException("Table " + id + " does not exist (no schema under " + tablePath(id) + ")");
        }
        return Tables.load(io, tablePath(id));
    }

    /** Applies schema changes; returns the table with its new schema. */
    public Table alterTable(Identifier id, SchemaChange... changes) {
        return call(() -> {
            loadTable(id);
            new SchemaManager(io, tablePath(id)).commitChanges(changes);
            return loadTable(id);
        });
    }

    public void dropTable(Identifier id) {
        call(() -> {
            if (!tableExists(id)) {
                throw new IllegalArgumentException("Table " + id + " does not exist");
            }
            io.delete(tablePath(id), true);
            return null;
        });
    }

    private void requireDatabase(String database) throws IOException {
        if (!io.exists(databasePath(database))) {
            throw new IllegalArgumentException("Database '" + database + "' does not exist in " + warehouse);
        }
    }

    @FunctionalInterface
    private interface IoCall<T> {
        T call() throws IOException;
    }

    private static <T> T call(IoCall<T> c) {
        try {
            return c.call();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}
