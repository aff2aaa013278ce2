package io.strata.cli;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.schema.SchemaManager;
import io.strata.table.Table;
import java.io.File;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * How every table tool names its table: {@code --warehouse <dir> --table <db>.<name>} (the filesystem
 * catalog layout {@code <dir>/<db>.db/<name>}), or {@code --path <table dir>} for a table anywhere.
 * A picocli mixin, so {@code create}, {@code describe}, {@code snapshots} and {@code ingest} spell it alike.
 */
public final class TableAddress {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--warehouse", converter = LocalPathConverter.class, paramLabel = "<dir>", description = "Warehouse directory (with --table).")
    String warehouse;

    @Option(names = "--table", paramLabel = "<db.name>", description = "Table <database>.<table> in the warehouse.")
    String table;

    @Option(names = "--path", converter = LocalPathConverter.class, paramLabel = "<dir>",
            description = "Table directory, instead of --warehouse and --table.")
    String path;

    /** Checks that exactly one addressing was given; a usage error (exit 2) names what is missing. */
    void validate() {
        if (path != null && (warehouse != null || table != null)) {
            throw usage("Give either --path <table dir> or --warehouse <dir> --table <db.name>, not both");
        }
        if (path == null && (warehouse == null || table == null)) {
            throw usage("Missing table: give --warehouse <dir> --table <db.name>, or --path <table dir>");
        }
        if (table != null) {
            identifier();
        }
    }

    /** The catalog identifier; only with {@code --table}. */
    Identifier identifier() {
        int dot = table.indexOf('.');
        if (dot <= 0 || dot == table.length() - 1 || table.indexOf('.', dot + 1) >= 0) {
            throw usage("Invalid --table '" + table + "': expected <database>.<table>, e.g. shop.orders");
        }
        try {
            return Identifier.of(table.substring(0, dot), table.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw usage("Invalid --table '" + table + "': " + e.getMessage());
        }
    }

    /** Whether the table is addressed in a warehouse (so its database may be created). */
    boolean inWarehouse() {
        return path == null;
    }

    FileSystemCatalog catalog() {
        return new FileSystemCatalog(FileIO.local(), new Path(new File(warehouse).getAbsoluteFile().toURI()));
    }

    /** The table directory, whether or not a table is there. */
    Path location() {
        if (inWarehouse()) {
            return catalog().tablePath(identifier());
        }
        // File.toURI ends an existing directory with '/': drop it so messages name the table one way.
        String uri = new File(path).getAbsoluteFile().toPath().normalize().toUri().toString();
        return new Path(uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri);
    }

    /** What to call the table in messages: {@code db.name} or its directory. */
    String displayName() {
        return inWarehouse() ? identifier().toString() : location().toString();
    }

    /** The table for messages that also give its directory: {@code db.name at <dir>}, or the directory. */
    String label() {
        return inWarehouse() ? identifier() + " at " + location() : location().toString();
    }

    /** Loads the table; a missing table is a usage error (exit 2) naming the directory looked at. */
    Table load() {
        Path location = location();
        if (new SchemaManager(FileIO.local(), location).latest().isEmpty()) {
            throw usage("No table " + label() + " (no schema/schema-N file)");
        }
        return Tables.load(FileIO.local(), location);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
