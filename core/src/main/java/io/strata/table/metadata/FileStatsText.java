package io.strata.table.metadata;

import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.DataFileMeta;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableSchema;
import io.strata.table.store.FileValueStats;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The key range and value statistics of data files as {@code $files} prints them, read through the schema
 * each file was written with and shown by the columns of the schema the table is described in (Paimon's
 * stats evolution): columns matched by field id and named as now, a column added after the file was written
 * has no minimum or maximum and a null count of the file's row count (all its values are null), a column
 * the file has but did not keep stats for is unknown. Columns are listed by name ({@code {a=1, b=2}}).
 */
final class FileStatsText {

    private final SchemaManager schemas;
    private final TableSchema described;
    private final Map<Long, TableSchema> fileSchemas = new HashMap<>();

    FileStatsText(SchemaManager schemas, TableSchema described) {
        this.schemas = schemas;
        this.described = described;
    }

    /** The key as {@code [v1, v2]} (the trimmed primary key of the file's schema), or null for a file without keys. */
    String key(DataFileMeta file, BinaryRow key) {
        if (key.arity() <= 0) {
            return null;
        }
        TableSchema schema = fileSchema(file);
        RowType keyType = schema.primaryKeys().isEmpty() ? schema.rowType() : schema.trimmedPrimaryKeyType();
        List<String> values = new ArrayList<>(key.arity());
        for (int i = 0; i < key.arity() && i < keyType.fieldCount(); i++) {
            values.add(PaimonText.internal(RowValues.get(key, i, keyType.typeAt(i))));
        }
        return values.toString();
    }

    /** The statistics of one file, by the described schema's columns. */
    Stats stats(DataFileMeta file) {
        FileValueStats stats = new FileValueStats(file, fileSchema(file));
        Map<String, String> nullCounts = new TreeMap<>();
        Map<String, String> mins = new TreeMap<>();
        Map<String, String> maxs = new TreeMap<>();
        for (DataField field : described.fields()) {
            String name = field.name();
            Long count = stats.nullCount(field.id());
            nullCounts.put(name, count == null ? null : count.toString());
            mins.put(name, text(stats.min(field.id())));
            maxs.put(name, text(stats.max(field.id())));
        }
        return new Stats(nullCounts.toString(), mins.toString(), maxs.toString());
    }

    /** A min or max as Paimon prints it. */
    private static String text(Object value) {
        return value == null ? null : PaimonText.internal(value);
    }

    private TableSchema fileSchema(DataFileMeta file) {
        return fileSchemas.computeIfAbsent(file.schemaId(), schemas::schema);
    }

    /** One file's null counts, minimums and maximums, each as {@code {column=value, ...}}. */
    record Stats(String nullCounts, String mins, String maxs) {}
}
