package io.strata.table.store;

import io.strata.data.BinaryRow;
import io.strata.data.RowValues;
import io.strata.data.Utf8String;
import io.strata.format.FileFormat;
import io.strata.manifest.DataFileMeta;
import io.strata.schema.StatsMode;
import io.strata.schema.StatsOptions;
import io.strata.schema.TableSchema;
import io.strata.types.DataField;
import java.util.ArrayList;
import java.util.List;

/**
 * The value statistics of one data file, looked up by field id through the schema the file was written with
 * (Paimon's stats evolution): a column renamed since keeps its statistics, a column added after the file was
 * written is null in every row of it, a column the file kept no statistics for ({@code valueStatsCols}) is
 * unknown. Values are read with the file's types (a column widened since, INT to BIGINT, reads the same number).
 */
public final class FileValueStats {

    private final DataFileMeta file;
    private final TableSchema fileSchema;
    private final List<DataField> statsFields;

    /** The statistics of {@code file}, written with {@code fileSchema} (the schema of its {@code schemaId}). */
    public FileValueStats(DataFileMeta file, TableSchema fileSchema) {
        this.file = file;
        this.fileSchema = fileSchema;
        this.statsFields = statsFields(fileSchema, file);
    }

    /** Whether the column did not exist when the file was written: every value of it in the file is null. */
    public boolean addedLater(int fieldId) {
        return fileSchema.rowType().indexOfId(fieldId) < 0;
    }

    /** The null count of the column, or null when unknown (for a column added later: the file's row count). */
    public Long nullCount(int fieldId) {
        if (addedLater(fieldId)) {
            return file.rowCount();
        }
        int position = position(fieldId);
        Long[] counts = file.valueStats().nullCounts();
        return position < 0 || counts == null || position >= counts.length ? null : counts[position];
    }

    /** The smallest value (the internal value object of the file's type), or null when unknown or all null. */
    public Object min(int fieldId) {
        return value(file.valueStats().minValues(), fieldId);
    }

    /** The largest value, as {@link #min}. */
    public Object max(int fieldId) {
        return value(file.valueStats().maxValues(), fieldId);
    }

    /**
     * Whether {@link #min} and {@link #max} of the column are its smallest and largest values, not merely bounds:
     * false for a string column the file kept in {@code truncate(N)} mode (by the options of the schema it was
     * written with) whose minimum or maximum has N code points or more (they may have been cut, the maximum
     * rounded up), and when that mode cannot be told. Other values are never truncated.
     */
    public boolean rangeExact(int fieldId) {
        Object min = min(fieldId);
        Object max = max(fieldId);
        if (!(min instanceof Utf8String) && !(max instanceof Utf8String)) {
            return true;
        }
        StatsMode mode = writtenMode(fieldId);
        if (mode == null) {
            return false;
        }
        if (mode.kind() != StatsMode.Kind.TRUNCATE) {
            return true;
        }
        return shorterThan(min, mode.truncateLength()) && shorterThan(max, mode.truncateLength());
    }

    private static boolean shorterThan(Object value, int codePoints) {
        if (!(value instanceof Utf8String s)) {
            return true;
        }
        String text = s.toString();
        return text.codePointCount(0, text.length()) < codePoints;
    }

    /** The stats mode the column was written in, by the file's schema options; null when it cannot be told. */
    private StatsMode writtenMode(int fieldId) {
        int index = fileSchema.rowType().indexOfId(fieldId);
        if (index < 0) {
            return null;
        }
        try {
            StatsOptions options = new StatsOptions(fileSchema.options());
            boolean primaryKey = !fileSchema.primaryKeys().isEmpty();
            List<String> columns = new ArrayList<>();
            if (primaryKey) {
                for (String key : fileSchema.trimmedPrimaryKeys()) {
                    columns.add("_KEY_" + key);
                }
                columns.add("_SEQUENCE_NUMBER");
                columns.add("_VALUE_KIND");
            }
            int offset = columns.size();
            columns.addAll(fileSchema.rowType().fieldNames());
            StatsMode fileMode = options.fileMode(primaryKey, file.level(), file.fileName().startsWith("changelog-"));
            return options.columnModes(columns, fileMode, FileFormat.fromFileName(file.fileName()))[offset + index];
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private Object value(BinaryRow values, int fieldId) {
        int position = position(fieldId);
        if (position < 0 || position >= values.arity()) {
            return null;
        }
        return RowValues.get(values, position, statsFields.get(position).type());
    }

    private int position(int fieldId) {
        for (int i = 0; i < statsFields.size(); i++) {
            if (statsFields.get(i) != null && statsFields.get(i).id() == fieldId) {
                return i;
            }
        }
        return -1;
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

}
