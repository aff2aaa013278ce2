package io.strata.cli;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableOptions;
import io.strata.table.Table;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata create}: creates a table from a column list (or a spec file) plus keys and options.
 * Exit codes: 0 created (or already there with {@code --if-not-exists}), 1 the table exists or could not
 * be written, 2 bad arguments (unknown type, key that is not a column, invalid option value...).
 */
@Command(name = "create", mixinStandardHelpOptions = true,
        description = "Create a table from a column list or a spec file, with keys and table options.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata create --warehouse /lake --table shop.orders \\",
            "      --columns \"id BIGINT NOT NULL, name STRING, amount DECIMAL(10,2), dt STRING\" \\",
            "      --primary-key dt,id --partition-by dt --option bucket=4 --option merge-engine=partial-update",
            "  strata create --path /lake/shop.db/orders --spec orders.sql",
            "",
            "Exit codes: 0 created, 1 exists (without --if-not-exists) or write failed, 2 bad arguments."})
final class CreateCommand extends TableCommand {

    @Mixin
    TableAddress address;

    @Option(names = "--columns", paramLabel = "<definition>",
            description = "Columns 'name TYPE [NOT NULL] [COMMENT '...']', comma-separated; may also hold "
                    + "PRIMARY KEY (...), PARTITIONED BY (...), WITH ('k' = 'v') and COMMENT '...' entries.")
    String columns;

    @Option(names = "--spec", paramLabel = "<file>",
            description = "File with the same definition as --columns (one entry per line is fine; '--' comments).")
    Path specFile;

    @Option(names = "--primary-key", paramLabel = "<cols>", split = ",", description = "Primary-key columns.")
    List<String> primaryKey;

    @Option(names = "--partition-by", paramLabel = "<cols>", split = ",", description = "Partition-key columns.")
    List<String> partitionBy;

    @Option(names = "--option", paramLabel = "<key=value>",
            description = "A table option (repeatable), e.g. bucket=4; see docs/table-options.md.")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--comment", paramLabel = "<text>", description = "Table comment.")
    String comment;

    @Option(names = "--if-not-exists", description = "Succeed without change if the table already exists.")
    boolean ifNotExists;

    @Override
    int run() {
        PrintWriter out = out();
        PrintWriter err = err();
        address.validate();
        Schema schema = schema();
        FileIO io = FileIO.local();
        org.apache.hadoop.fs.Path location = address.location();
        SchemaManager schemas = new SchemaManager(io, location);
        if (schemas.latest().isPresent()) {
            if (ifNotExists) {
                out.printf("Table %s already exists (unchanged)%n", address.label());
                out.flush();
                return 0;
            }
            err.printf("FAILED: table %s already exists (use --if-not-exists to accept that)%n", address.label());
            err.flush();
            return 1;
        }
        try {
            if (address.inWarehouse()) {
                address.catalog().createDatabase(address.identifier().database(), true);
            }
            schemas.createTable(schema);
        } catch (IllegalArgumentException e) {
            // Core rejected the definition (key not a column, invalid option value): the user's input.
            throw usage("Invalid table definition: " + e.getMessage());
        } catch (RuntimeException e) {
            err.printf("FAILED creating table %s: %s%n", address.label(), e.getMessage());
            err.flush();
            return 1;
        }
        Table table;
        try {
            table = Tables.load(io, location);
        } catch (IllegalArgumentException e) {
            // Written but not loadable (a merge-engine option that does not fit the columns): remove the schema
            // we just wrote, and only that, since --path may point into a directory holding other files.
            deleteSchemaDirectory(io, location);
            throw usage("Invalid table definition: " + e.getMessage());
        }
        out.printf("Created table %s%n", address.label());
        out.printf("  columns: %d, primary key: %s, partition keys: %s, options: %s%n",
                table.schema().fields().size(), listOrNone(table.schema().primaryKeys()),
                listOrNone(table.schema().partitionKeys()),
                table.schema().options().isEmpty() ? "none" : table.schema().options());
        out.flush();
        // Unknown keys are kept (Paimon's runtime options), but one that looks like a typo is worth a word.
        for (String hint : TableOptions.typoHints(table.schema().options())) {
            err.printf("warning: %s%n", hint);
        }
        err.flush();
        return 0;
    }

    /** The definition from --spec/--columns, with the key, partition, option and comment flags on top. */
    private Schema schema() {
        if (columns != null && specFile != null) {
            throw usage("Give the columns either with --columns or with --spec, not both");
        }
        if (columns == null && specFile == null) {
            throw usage("Missing columns: give --columns \"id BIGINT NOT NULL, ...\" or --spec <file>");
        }
        TableSpec parsed;
        try {
            parsed = TableSpec.parse(columns != null ? columns : readSpec());
        } catch (IllegalArgumentException e) {
            throw usage((specFile != null ? "Spec file " + specFile + ": " : "Invalid --columns: ") + e.getMessage());
        }
        if (parsed.columns().isEmpty()) {
            throw usage("The definition has no column");
        }
        List<String> pk = pick("primary key", parsed.primaryKey(), primaryKey);
        List<String> partitions = pick("partition keys", parsed.partitionKeys(), partitionBy);
        Map<String, String> allOptions = new LinkedHashMap<>(parsed.options());
        allOptions.putAll(options);
        Schema.Builder b = Schema.newBuilder();
        parsed.columns().forEach(c -> b.column(c.name(), c.type(), c.comment()));
        return b.primaryKey(pk).partitionKeys(partitions).options(allOptions)
                .comment(comment != null ? comment : parsed.comment()).build();
    }

    private List<String> pick(String what, List<String> fromSpec, List<String> fromFlag) {
        if (fromFlag == null) {
            return fromSpec;
        }
        if (!fromSpec.isEmpty()) {
            throw usage("The " + what + " is given twice: in the definition " + fromSpec + " and as a flag " + fromFlag);
        }
        return fromFlag.stream().map(String::strip).toList();
    }

    private String readSpec() {
        try {
            return Files.readString(specFile, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw usage("Spec file " + specFile + " does not exist");
        } catch (IOException e) {
            throw usage("Cannot read spec file " + specFile + ": " + e.getMessage());
        }
    }

    private static String listOrNone(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    private static void deleteSchemaDirectory(FileIO io, org.apache.hadoop.fs.Path location) {
        try {
            io.delete(new org.apache.hadoop.fs.Path(location, "schema"), true);
        } catch (IOException e) {
            // The usage error that follows names the table; a leftover schema directory is secondary.
        }
    }

}
