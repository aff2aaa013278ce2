package io.strata.hive;

import io.strata.schema.ChangelogProducer;
import io.strata.schema.MergeEngine;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import io.strata.types.DataField;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.ql.Context;
import org.apache.hadoop.hive.ql.lib.Node;
import org.apache.hadoop.hive.ql.parse.ASTNode;
import org.apache.hadoop.hive.ql.parse.BaseSemanticAnalyzer;
import org.apache.hadoop.hive.ql.parse.HiveParser;
import org.apache.hadoop.hive.ql.parse.ParseException;
import org.apache.hadoop.hive.ql.parse.ParseUtils;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * What UPDATE, DELETE and MERGE need of a Strata table: a primary key (rows are changed by key, as every
 * Strata and Paimon write changes them), and its columns as the Hive table shows them.
 */
final class RowLevelChanges {

    private RowLevelChanges() {}

    /**
     * Fails, before anything is written, when the table has no primary key. Thrown unchecked: Hive asks
     * for the statement's columns through a hook that declares no exception, and reports this message.
     */
    static Table requirePrimaryKey(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            Context.Operation operation) {
        Table table = StrataTables.load(conf, hiveTable.getDataLocation().toString(), hiveTable.getFullyQualifiedName());
        if (!table.schema().isPrimaryKeyTable()) {
            throw new UnsupportedOperationException(operation + " on Hive table " + hiveTable.getFullyQualifiedName()
                    + ": Strata table " + table.location() + " has no primary key, and UPDATE, DELETE and MERGE change"
                    + " rows by primary key; an append table takes INSERT INTO and INSERT OVERWRITE (nothing was"
                    + " written)");
        }
        return table;
    }

    /**
     * Fails, while the statement compiles, when an UPDATE or a MERGE's {@code WHEN MATCHED THEN UPDATE} sets a
     * primary-key or partition column: a row that changes its key is a delete of the old key and an insert of
     * the new one, which Strata does not take from one statement (the old row would stay). Hive's own check of
     * SET targets covers only metastore partition and bucket columns, so the statement's text is read here;
     * a statement whose text cannot be read is refused too, rather than risk the old rows staying.
     */
    static void requireUnchangedKeys(String statement, Table table, String hiveTable) {
        if (statement == null || statement.isBlank()) {
            throw new UnsupportedOperationException("Hive table " + hiveTable + ": cannot read the statement to check that it"
                    + " does not SET a primary-key or partition column (nothing was written)");
        }
        ASTNode tree;
        try {
            tree = ParseUtils.parse(statement, null);
        } catch (ParseException | RuntimeException e) {
            throw new UnsupportedOperationException("Hive table " + hiveTable + ": cannot parse the statement to check that it"
                    + " does not SET a primary-key or partition column (nothing was written): " + e.getMessage(), e);
        }
        Set<String> keys = new LinkedHashSet<>();
        table.schema().primaryKeys().forEach(k -> keys.add(k.toLowerCase(Locale.ROOT)));
        table.schema().partitionKeys().forEach(k -> keys.add(k.toLowerCase(Locale.ROOT)));
        for (String column : setColumns(tree, new ArrayList<>())) {
            if (keys.contains(column)) {
                throw new UnsupportedOperationException("Hive table " + hiveTable + " (Strata table " + table.location()
                        + "): UPDATE cannot SET column '" + column + "', which is part of the primary key or a"
                        + " partition column (" + String.join(", ", keys) + "); delete the row and insert it with"
                        + " the new key instead (nothing was written)");
            }
        }
    }

    /** The statement Hive is compiling in this session (its text as the session records it), or null. */
    static String currentStatement() {
        SessionState session = SessionState.get();
        return session == null ? null : session.getConf().getQueryString();
    }

    /**
     * Whether a statement is an UPDATE, a DELETE or a MERGE (OTHER for anything else, and for a text that
     * does not parse): Hive rewrites those into inserts, and the writers of the rewritten statement are told
     * what it was.
     */
    static Context.Operation statementKind(String statement) {
        if (statement == null || statement.isBlank()) {
            return Context.Operation.OTHER;
        }
        try {
            return kind(ParseUtils.parse(statement, null));
        } catch (ParseException | RuntimeException e) {
            return Context.Operation.OTHER;
        }
    }

    private static Context.Operation kind(Node node) {
        if (node instanceof ASTNode ast) {
            switch (ast.getType()) {
                case HiveParser.TOK_UPDATE_TABLE:
                    return Context.Operation.UPDATE;
                case HiveParser.TOK_DELETE_FROM:
                    return Context.Operation.DELETE;
                case HiveParser.TOK_MERGE:
                    return Context.Operation.MERGE;
                default:
                    break;
            }
        }
        if (node.getChildren() != null) {
            for (Node child : node.getChildren()) {
                Context.Operation kind = kind(child);
                if (kind != Context.Operation.OTHER) {
                    return kind;
                }
            }
        }
        return Context.Operation.OTHER;
    }

    /** The columns every SET clause of the statement assigns, lower case. */
    private static List<String> setColumns(Node node, List<String> out) {
        if (node instanceof ASTNode ast && ast.getType() == HiveParser.TOK_SET_COLUMNS_CLAUSE) {
            for (Node assignment : ast.getChildren()) {
                ASTNode target = (ASTNode) ((ASTNode) assignment).getChild(0);
                // a = ... (TOK_TABLE_OR_COL a) or t.a = ... (DOT (TOK_TABLE_OR_COL t) a): the column is the last identifier.
                ASTNode column = target.getType() == HiveParser.TOK_TABLE_OR_COL
                        ? (ASTNode) target.getChild(0) : (ASTNode) target.getChild(target.getChildCount() - 1);
                out.add(BaseSemanticAnalyzer.unescapeIdentifier(column.getText()).toLowerCase(Locale.ROOT));
            }
        }
        if (node.getChildren() != null) {
            for (Node child : node.getChildren()) {
                setColumns(child, out);
            }
        }
        return out;
    }

    /**
     * Which of the Hive table's columns (given by name, in the Hive table's order) a row to delete carries:
     * the positions, in that order, of the primary-key and partition columns when a delete record by key is
     * all the table needs, else of every column. A deduplicating table without a sequence field drops a key's
     * row whatever the delete record holds, so a DELETE, and the delete halves of an UPDATE or a MERGE, read
     * only the keys of the rows they delete: a MERGE that sets every column then reads only the target's key
     * columns. Other tables get the whole old row, as their merge reads it: a partial-update or aggregation
     * table retracts by the record's values, a sequence field orders the delete against the rows it
     * deletes, changelog producer {@code input} writes the delete record, old values and all, into the
     * changelog, and a NOT NULL column must not hold the null a key-only record would put there.
     *
     * <p>{@link StrataStorageHandler#acidSelectColumns} (which columns Hive selects for the rows to delete)
     * and {@link StrataSerDe} (how it reads them) both use this, so they agree.
     */
    static int[] deleteRowColumns(TableSchema schema, List<String> hiveColumns) {
        TableOptions options = schema.tableOptions();
        boolean byKey = schema.isPrimaryKeyTable() && options.mergeEngine() == MergeEngine.DEDUPLICATE
                && options.sequenceField().isEmpty() && options.changelogProducer() != ChangelogProducer.INPUT;
        Set<String> keys = new LinkedHashSet<>();
        schema.primaryKeys().forEach(k -> keys.add(k.toLowerCase(Locale.ROOT)));
        schema.partitionKeys().forEach(k -> keys.add(k.toLowerCase(Locale.ROOT)));
        for (DataField field : schema.rowType().fields()) {
            // The delete record's other columns are null: a reader that keeps delete records (an audit log)
            // must never see a null in a NOT NULL column.
            byKey &= field.type().nullable() || keys.contains(field.name().toLowerCase(Locale.ROOT));
        }
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < hiveColumns.size(); i++) {
            if (!byKey || keys.contains(hiveColumns.get(i).toLowerCase(Locale.ROOT))) {
                positions.add(i);
            }
        }
        return positions.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The primary-key columns of the table, as the Hive table's columns (in key order). */
    static List<FieldSchema> primaryKeyColumns(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            Context.Operation operation) {
        TableSchema schema = requirePrimaryKey(conf, hiveTable, operation).schema();
        List<FieldSchema> columns = new ArrayList<>();
        for (String key : schema.primaryKeys()) {
            columns.add(hiveTable.getCols().stream()
                    .filter(c -> c.getName().equalsIgnoreCase(key))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("Hive table " + hiveTable.getFullyQualifiedName()
                            + " has no column for primary-key column '" + key.toLowerCase(Locale.ROOT) + "'")));
        }
        return columns;
    }
}
