package io.strata.schema;

import io.strata.api.PublicApi;
import io.strata.fileindex.DataFileIndexWriter;
import io.strata.format.FileFormat;
import io.strata.format.registry.FormatFactories;
import io.strata.fs.FileIO;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.RowType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The schema versions of one table, in {@code <table>/schema/schema-<id>}: reads them, creates the
 * first one, and commits evolutions. A new version becomes visible atomically (written beside its
 * target, then renamed only if the target does not exist), so two writers never both claim an id.
 */
@PublicApi
public final class SchemaManager {

    private static final String SCHEMA_PREFIX = "schema-";
    /** Bounds the retry loop of {@link #commitChanges}; each retry means another writer committed. */
    private static final int MAX_COMMIT_ATTEMPTS = 100;

    private final FileIO io;
    private final Path tableRoot;

    public SchemaManager(FileIO io, Path tableRoot) {
        this.io = Objects.requireNonNull(io, "io");
        this.tableRoot = Objects.requireNonNull(tableRoot, "tableRoot");
    }

    public Path tableRoot() {
        return tableRoot;
    }

    public Path schemaDirectory() {
        return new Path(tableRoot, "schema");
    }

    public Path schemaPath(long id) {
        return new Path(schemaDirectory(), SCHEMA_PREFIX + id);
    }

    /** The newest schema, or empty if the table has none (does not exist yet). */
    public Optional<TableSchema> latest() {
        List<Long> ids = schemaIds();
        return ids.isEmpty() ? Optional.empty() : Optional.of(schema(ids.get(ids.size() - 1)));
    }

    /** Schema {@code id}; fails naming the file if it is missing or corrupt. */
    public TableSchema schema(long id) {
        Path path = schemaPath(id);
        String json;
        try {
            json = io.readUtf8(path);
        } catch (FileNotFoundException e) {
            throw new IllegalStateException("Schema " + id + " of table " + tableRoot + " does not exist: " + path, e);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read schema file " + path + ": " + e.getMessage(), e);
        }
        TableSchema schema = TableSchema.fromJson(json, path.toString());
        if (schema.id() != id) {
            throw new IllegalStateException("Schema file " + path + " holds schema id " + schema.id() + ", not " + id);
        }
        return schema;
    }

    /** Every schema version, oldest first. */
    public List<TableSchema> listAll() {
        List<TableSchema> schemas = new ArrayList<>();
        for (long id : schemaIds()) {
            schemas.add(schema(id));
        }
        return schemas;
    }

    /** The ids of the schema files present, ascending. */
    public List<Long> schemaIds() {
        FileStatus[] entries;
        try {
            entries = io.list(schemaDirectory());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + schemaDirectory() + ": " + e.getMessage(), e);
        }
        List<Long> ids = new ArrayList<>();
        for (FileStatus entry : entries) {
            String name = entry.getPath().getName();
            if (name.startsWith(SCHEMA_PREFIX)) {
                try {
                    ids.add(Long.parseLong(name.substring(SCHEMA_PREFIX.length())));
                } catch (NumberFormatException ignored) {
                    // Not a schema file (Paimon writes none such; a stray file must not break reads).
                }
            }
        }
        ids.sort(Long::compare);
        return ids;
    }

    /**
     * Creates the table's first schema, {@code schema-0}: checks the spec, makes primary-key columns NOT
     * NULL, numbers the fields as Paimon does, and validates the options for writing. Fails if the table
     * already has a schema.
     */
    public TableSchema createTable(Schema spec) {
        Objects.requireNonNull(spec, "spec");
        if (!schemaIds().isEmpty()) {
            throw new IllegalStateException("Table " + tableRoot + " already exists (it has " + schemaDirectory() + ")");
        }
        TableSchema schema = validateNew(spec, System.currentTimeMillis());
        if (!write(schema)) {
            throw new IllegalStateException("Table " + tableRoot + " was created concurrently by another writer");
        }
        return schema;
    }

    /** Checks a spec and turns it into schema 0; nothing is written. */
    static TableSchema validateNew(Schema spec, long timeMillis) {
        if (spec.columns().isEmpty()) {
            throw new IllegalArgumentException("A table needs at least one column");
        }
        Set<String> names = new HashSet<>();
        for (Schema.Column c : spec.columns()) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("Column '" + c.name() + "' is declared twice");
            }
        }
        List<String> partitionKeys = spec.partitionKeys();
        List<String> primaryKeys = spec.primaryKeys();
        requireKnown("partition key", partitionKeys, names);
        requireKnown("primary key", primaryKeys, names);
        if (!primaryKeys.isEmpty() && !partitionKeys.isEmpty()) {
            if (!primaryKeys.containsAll(partitionKeys)) {
                throw new IllegalArgumentException("The primary key " + primaryKeys
                        + " must include every partition key " + partitionKeys);
            }
            if (new HashSet<>(partitionKeys).containsAll(primaryKeys)) {
                throw new IllegalArgumentException("The primary key " + primaryKeys + " must not equal the partition keys "
                        + partitionKeys + " (each partition would hold one row)");
            }
        }
        FieldIds ids = new FieldIds(-1);
        List<DataField> fields = new ArrayList<>();
        for (Schema.Column c : spec.columns()) {
            DataType type = c.type();
            if (primaryKeys.contains(c.name())) {
                if (type.root().isNested()) {
                    throw new IllegalArgumentException("Primary key column '" + c.name() + "' has type "
                            + type.asSqlString() + "; ARRAY, MAP, MULTISET and ROW cannot be keys");
                }
                type = type.withNullable(false);
            }
            fields.add(ids.topLevel(c.name(), type, c.comment()));
        }
        Map<String, String> options = spec.options();
        TableOptions.validateForWrite(options, primaryKeys);
        TableOptions typed = new TableOptions(options);
        // As Paimon's schema validation: the file format must hold every column (Avro has no TIMESTAMP(7..9)).
        for (Map.Entry<FileFormat, String> written : new FileFormatOptions(options).combinations()) {
            FormatFactories.of(written.getKey()).validateWrite(new RowType(fields), written.getValue());
        }
        if (typed.get(CompactionOptions.RECORD_LEVEL_EXPIRE_TIME) != null && !primaryKeys.isEmpty()) {
            CompactionOptions.recordLevelTimeFieldIndex(typed, RowType.of(fields.toArray(DataField[]::new)));
        }
        List<String> bucketKey = typed.bucketKey();
        requireKnown("bucket key (option 'bucket-key')", bucketKey, names);
        for (String key : bucketKey) {
            if (partitionKeys.contains(key)) {
                throw new IllegalArgumentException("Bucket key '" + key + "' (option 'bucket-key') is a partition key");
            }
        }
        if (!primaryKeys.isEmpty() && !primaryKeys.containsAll(bucketKey)) {
            throw new IllegalArgumentException("The primary key " + primaryKeys
                    + " must contain every bucket key (option 'bucket-key') " + bucketKey);
        }
        requireKnown("sequence field (option 'sequence.field')", typed.sequenceField(), names);
        TableSchema schema = new TableSchema(0, fields, ids.highest(), partitionKeys, primaryKeys, options,
                spec.comment(), timeMillis);
        DataFileIndexWriter.check(schema.rowType(), new FileIndexOptions(options).columnIndexes());
        return schema;
    }

    private static void requireKnown(String what, List<String> keys, Set<String> names) {
        Set<String> seen = new HashSet<>();
        for (String key : keys) {
            if (!names.contains(key)) {
                throw new IllegalArgumentException("The " + what + " '" + key + "' is not a column; columns are " + names);
            }
            if (!seen.add(key)) {
                throw new IllegalArgumentException("The " + what + " '" + key + "' is listed twice");
            }
        }
    }

    /**
     * Applies the changes to the latest schema and commits the result as the next schema id. If another
     * writer took that id first, the changes are re-applied to its schema and committed again.
     */
    public TableSchema commitChanges(SchemaChange... changes) {
        List<SchemaChange> list = Arrays.asList(changes);
        for (int attempt = 0; attempt < MAX_COMMIT_ATTEMPTS; attempt++) {
            TableSchema current = latest().orElseThrow(
                    () -> new IllegalStateException("Table " + tableRoot + " has no schema: create it first"));
            TableSchema next = SchemaEvolution.apply(current, list, System.currentTimeMillis());
            if (write(next)) {
                return next;
            }
        }
        throw new IllegalStateException("Cannot commit schema changes to table " + tableRoot + " after "
                + MAX_COMMIT_ATTEMPTS + " attempts: other writers keep committing schemas");
    }

    private boolean write(TableSchema schema) {
        Path path = schemaPath(schema.id());
        try {
            return io.tryAtomicWriteIfAbsent(path, schema.toJson().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write schema file " + path + ": " + e.getMessage(), e);
        }
    }
}
