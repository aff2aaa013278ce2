package io.strata.cli.ingest;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.types.DataField;
import io.strata.types.RowType;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Builds table rows from named input values: maps input names to the table's columns (exactly, else
 * case-insensitively when that is unambiguous), converts each value with a {@link ValueConverter}, and
 * checks that a row has what its kind needs (every NOT NULL column for an upsert, the primary key for a
 * delete). Columns the input does not mention are null. Errors name the column, its type and the value.
 */
public final class RowConverter {

    private final RowType type;
    private final List<String> primaryKey;
    private final ValueConverter values;
    private final boolean ignoreUnknown;
    private final Map<String, Integer> exact = new HashMap<>();
    private final Map<String, Integer> folded = new HashMap<>();

    /**
     * @param type the table's row type
     * @param primaryKey the table's primary key (empty for an append table)
     * @param values the value converter
     * @param ignoreUnknown whether input names that are not columns are skipped rather than an error
     */
    public RowConverter(RowType type, List<String> primaryKey, ValueConverter values, boolean ignoreUnknown) {
        this.type = type;
        this.primaryKey = List.copyOf(primaryKey);
        this.values = values;
        this.ignoreUnknown = ignoreUnknown;
        for (int i = 0; i < type.fieldCount(); i++) {
            String name = type.field(i).name();
            exact.put(name, i);
            // -1 marks a folded name two columns share: such input names must match exactly.
            folded.merge(name.toLowerCase(Locale.ROOT), i, (a, b) -> -1);
        }
    }

    /** Whether the table has a primary key (so it takes deletes). */
    public boolean hasPrimaryKey() {
        return !primaryKey.isEmpty();
    }

    /** The column position of an input name; -1 for an unknown name when unknown names are ignored. */
    public int column(String name) {
        Integer i = exact.get(name);
        if (i == null) {
            i = folded.get(name.toLowerCase(Locale.ROOT));
        }
        if (i == null || i < 0) {
            if (ignoreUnknown) {
                return -1;
            }
            throw new IllegalArgumentException("'" + name + "' is not a column of the table (columns: "
                    + String.join(", ", type.fieldNames()) + "; --ignore-unknown skips such input)");
        }
        return i;
    }

    /** An empty row of the table's arity: every column null. */
    public GenericRow newRow(RowKind kind) {
        GenericRow row = new GenericRow(type.fieldCount());
        row.setKind(kind);
        return row;
    }

    /** Sets a column from text; null text leaves it null. */
    public void setText(GenericRow row, int column, String text) {
        if (text == null) {
            return;
        }
        DataField f = type.field(column);
        try {
            row.set(column, values.fromText(text, f.type()));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw bad(f, "'" + text + "'", e);
        }
    }

    /** Sets a column from a JSON value; JSON null leaves it null. */
    public void setJson(GenericRow row, int column, JsonNode value) {
        DataField f = type.field(column);
        try {
            row.set(column, values.fromJson(value, f.type()));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw bad(f, value.toString(), e);
        }
    }

    /** A row from every field of a JSON object, skipping {@code skipField} (an op column) if not null. */
    public GenericRow fromJson(JsonNode object, RowKind kind, String skipField) {
        GenericRow row = newRow(kind);
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals(skipField)) {
                continue;
            }
            int column = column(e.getKey());
            if (column >= 0) {
                setJson(row, column, e.getValue());
            }
        }
        return row;
    }

    /**
     * Checks that the row can be applied: an upsert needs every NOT NULL column, a delete its primary key.
     * An append table takes inserts only.
     */
    public Change check(GenericRow row) {
        RowKind kind = row.kind();
        if (!kind.isAdd()) {
            if (primaryKey.isEmpty()) {
                throw new IllegalArgumentException("the table has no primary key, so it cannot apply a "
                        + kind.shortString() + " (delete) record");
            }
            for (String key : primaryKey) {
                if (row.isNullAt(type.requireIndexOf(key))) {
                    throw new IllegalArgumentException("primary-key column '" + key + "' is missing from a delete");
                }
            }
            return new Change(kind, row);
        }
        for (int i = 0; i < type.fieldCount(); i++) {
            DataField f = type.field(i);
            if (!f.type().nullable() && row.isNullAt(i)) {
                throw new IllegalArgumentException("column '" + f.name() + "' is NOT NULL"
                        + (primaryKey.contains(f.name()) ? " (primary key)" : "") + " but has no value");
            }
        }
        return new Change(kind, row);
    }

    /** The primary-key values of a row, for comparing an update's old and new key. */
    public List<Object> key(GenericRow row) {
        return primaryKey.stream().map(k -> row.get(type.requireIndexOf(k))).toList();
    }

    /** The kind of an op-column value: +I, +U, -U, -D (or I, U, D). */
    public static RowKind kind(String op) {
        String s = op == null ? "" : op.strip().toUpperCase(Locale.ROOT);
        return switch (s) {
            case "+I", "I" -> RowKind.INSERT;
            case "+U", "U" -> RowKind.UPDATE_AFTER;
            case "-U" -> RowKind.UPDATE_BEFORE;
            case "-D", "D" -> RowKind.DELETE;
            default -> throw new IllegalArgumentException("op value '" + op + "' is not a row kind (+I, +U, -U, -D)");
        };
    }

    private static IllegalArgumentException bad(DataField f, String value, RuntimeException e) {
        return new IllegalArgumentException("column '" + f.name() + "' (" + f.type().asSqlString() + "): value "
                + value + ": " + e.getMessage(), e);
    }
}
