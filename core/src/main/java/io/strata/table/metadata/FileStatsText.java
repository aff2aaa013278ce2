package io.strata.table.metadata;

import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.manifest.DataFileMeta;
import io.strata.manifest.SimpleStats;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableSchema;
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
        TableSchema schema = fileSchema(file);
        List<DataField> statsFields = statsFields(schema, file);
        SimpleStats stats = file.valueStats();
        Map<String, String> nullCounts = new TreeMap<>();
        Map<String, String> mins = new TreeMap<>();
        Map<String, String> maxs = new TreeMap<>();
        for (DataField field : described.fields()) {
            int position = positionOf(statsFields, field.id());
            String name = field.name();
            if (position < 0) {
                boolean addedLater = schema.rowType().indexOfId(field.id()) < 0;
                nullCounts.put(name, addedLater ? Long.toString(file.rowCount()) : null);
                mins.put(name, null);
                maxs.put(name, null);
                continue;
            }
            Long[] counts = stats.nullCounts();
            Long count = counts == null || position >= counts.length ? null : counts[position];
            nullCounts.put(name, count == null ? null : count.toString());
            mins.put(name, value(stats.minValues(), position, statsFields.get(position)));
            maxs.put(name, value(stats.maxValues(), position, statsFields.get(position)));
        }
        return new Stats(nullCounts.toString(), mins.toString(), maxs.toString());
    }

    /** The columns the file's value stats cover: those named by {@code valueStatsCols}, or all of its schema. */
    private static List<DataField> statsFields(TableSchema schema, DataFileMeta file) {
        if (file.valueStatsCols() == null) {
            return schema.fields();
        }
        List<DataField> fields = new ArrayList<>(file.valueStatsCols().size());
        for (String name : file.valueStatsCols()) {
            int i = schema.rowType().indexOf(name);
            // An unknown name leaves a placeholder, so that later columns keep their positions.
            fields.add(i < 0 ? null : schema.fields().get(i));
        }
        return fields;
    }

    private static int positionOf(List<DataField> fields, int id) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i) != null && fields.get(i).id() == id) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A min or max as Paimon prints it, read with the type the file was written with: a column whose type was
     * widened since (INT to BIGINT) prints the same number either way.
     */
    private static String value(BinaryRow values, int position, DataField field) {
        if (position >= values.arity()) {
            return null;
        }
        Object value = RowValues.get(values, position, field.type());
        return value == null ? null : PaimonText.internal(value);
    }

    private TableSchema fileSchema(DataFileMeta file) {
        return fileSchemas.computeIfAbsent(file.schemaId(), schemas::schema);
    }

    /** One file's null counts, minimums and maximums, each as {@code {column=value, ...}}. */
    record Stats(String nullCounts, String mins, String maxs) {}
}
