package io.strata.hive;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.runtime.TokenRewriteStream;
import org.apache.hadoop.hive.ql.parse.ASTNode;
import org.apache.hadoop.hive.ql.parse.BaseSemanticAnalyzer;
import org.apache.hadoop.hive.ql.parse.HiveParser;
import org.apache.hadoop.hive.ql.parse.ParseDriver;
import org.apache.hadoop.hive.ql.parse.ParseException;
import org.apache.hadoop.hive.ql.parse.ParseResult;

/**
 * A SQL MERGE whose clauses amount to an upsert by primary key, as the INSERT that does the same on a
 * deduplicating Strata table without reading the target:
 *
 * <pre>
 * MERGE INTO t USING s ON t.k = s.k
 * WHEN MATCHED THEN UPDATE SET v = f(s)            -- every non-key column
 * WHEN NOT MATCHED THEN INSERT VALUES (s.k, f(s))  -- the same key and the same values
 * </pre>
 *
 * <p>becomes {@code INSERT INTO t SELECT s.k, f(s) FROM s}: a matched key gets the new row either way, and
 * the newest row of a key is the one a deduplicating table keeps. Hive's MERGE instead joins the whole
 * target with the source and writes a delete and an insert per matched row. The text is taken token by
 * token from the statement, so what runs is what the user wrote.
 *
 * <p>Only that shape qualifies: the ON clause is a conjunction of {@code target.column = <source
 * expression>} over exactly the primary-key columns; one WHEN MATCHED THEN UPDATE and one WHEN NOT MATCHED
 * THEN INSERT, neither with an AND condition; the UPDATE sets every column outside the key; the INSERT
 * gives every column, the ON clause's source expression for each key column and the UPDATE's expression
 * for every other; no expression reads the target (a column qualified by its alias, or an unqualified name
 * that is a target column), a DEFAULT, a subquery or a window. Anything else keeps Hive's MERGE, and
 * {@link #rewrite} says why. Whether the table's merge engine makes the INSERT equal to the MERGE is the
 * caller's part ({@link MergeUpsertHook}).
 */
final class MergeAsUpsert {

    private final TokenRewriteStream tokens;
    private final ASTNode merge;
    /** The statement's text before the MERGE ({@code EXPLAIN ...}), kept in front of the INSERT. */
    private final String prefix;
    private final List<String> targetName;
    private final String targetAlias;

    private MergeAsUpsert(TokenRewriteStream tokens, ASTNode merge, String prefix) {
        this.tokens = tokens;
        this.merge = merge;
        this.prefix = prefix;
        ASTNode target = (ASTNode) merge.getChild(0);
        ASTNode name = (ASTNode) target.getChild(0);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < name.getChildCount(); i++) {
            parts.add(identifier((ASTNode) name.getChild(i)));
        }
        this.targetName = parts;
        this.targetAlias = target.getChildCount() > 1 ? identifier((ASTNode) target.getChild(1)) : parts.get(parts.size() - 1);
    }

    /** The MERGE in {@code statement} ({@code MERGE ...} or {@code EXPLAIN ... MERGE ...}), or null when it holds none. */
    static MergeAsUpsert parse(String statement) {
        if (statement == null || statement.isBlank()) {
            return null;
        }
        ParseResult parsed;
        try {
            parsed = new ParseDriver().parse(statement, null);
        } catch (ParseException | RuntimeException e) {
            return null;
        }
        ASTNode root = parsed.getTree();
        while (root.getToken() == null && root.getChildCount() > 0) {
            root = (ASTNode) root.getChild(0);
        }
        ASTNode merge = root.getType() == HiveParser.TOK_MERGE ? root
                : root.getType() == HiveParser.TOK_EXPLAIN && root.getChildCount() > 0
                        && root.getChild(0).getType() == HiveParser.TOK_MERGE ? (ASTNode) root.getChild(0) : null;
        if (merge == null || merge.getChild(0).getType() != HiveParser.TOK_TABREF) {
            return null;
        }
        TokenRewriteStream tokens = parsed.getTokenRewriteStream();
        String prefix = merge == root || merge.getTokenStartIndex() <= 0 ? ""
                : tokens.toString(0, merge.getTokenStartIndex() - 1);
        return new MergeAsUpsert(tokens, merge, prefix);
    }

    /** The target table's name as written: {@code [db, table]} or {@code [table]}, lower case. */
    List<String> targetName() {
        return targetName;
    }

    /** The outcome of {@link #rewrite}: the INSERT's text, or why the MERGE keeps Hive's plan. */
    record Rewrite(String insert, String whyNot) {

        static Rewrite no(String why) {
            return new Rewrite(null, why);
        }

        boolean done() {
            return insert != null;
        }
    }

    /**
     * The INSERT that does what this MERGE does, for a target whose Hive columns are {@code columns} (in
     * table order) with primary key {@code primaryKey}, or why there is none.
     */
    Rewrite rewrite(List<String> columns, List<String> primaryKey) {
        List<String> cols = columns.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
        Set<String> keys = new HashSet<>();
        primaryKey.forEach(k -> keys.add(k.toLowerCase(Locale.ROOT)));
        Set<String> targetColumns = new HashSet<>(cols);
        ASTNode source = (ASTNode) merge.getChild(1);
        ASTNode on = (ASTNode) merge.getChild(2);
        if (merge.getChildCount() < 4 || merge.getChild(3).getType() == HiveParser.QUERY_HINT) {
            return Rewrite.no("it has a query hint");
        }
        // ON: target.key = <source expression>, once per primary-key column, joined by AND.
        Map<String, ASTNode> keyValues = new LinkedHashMap<>();
        List<ASTNode> conjuncts = new ArrayList<>();
        conjuncts(on, conjuncts);
        for (ASTNode equality : conjuncts) {
            if (equality.getType() != HiveParser.EQUAL) {
                return Rewrite.no("its ON clause is not only equalities of key columns");
            }
            ASTNode left = (ASTNode) equality.getChild(0);
            ASTNode right = (ASTNode) equality.getChild(1);
            String column = targetColumn(left);
            ASTNode value = right;
            if (column == null) {
                column = targetColumn(right);
                value = left;
            }
            if (column == null || !keys.contains(column) || keyValues.containsKey(column)) {
                return Rewrite.no("its ON clause compares something else than each primary-key column once");
            }
            String reads = readsTarget(value, targetColumns);
            if (reads != null) {
                return Rewrite.no("its ON clause " + reads);
            }
            keyValues.put(column, value);
        }
        if (!keyValues.keySet().equals(keys)) {
            return Rewrite.no("its ON clause does not match every primary-key column");
        }
        // WHEN clauses: one unconditional UPDATE and one unconditional INSERT.
        Map<String, ASTNode> setValues = null;
        Map<String, ASTNode> insertValues = null;
        for (int i = 3; i < merge.getChildCount(); i++) {
            ASTNode when = (ASTNode) merge.getChild(i);
            if (when.getChildCount() != 1) {
                return Rewrite.no("a WHEN clause has an AND condition");
            }
            ASTNode action = (ASTNode) when.getChild(0);
            if (when.getType() == HiveParser.TOK_MATCHED && action.getType() == HiveParser.TOK_UPDATE && setValues == null) {
                setValues = setValues((ASTNode) action.getChild(0));
            } else if (when.getType() == HiveParser.TOK_NOT_MATCHED && action.getType() == HiveParser.TOK_INSERT
                    && insertValues == null) {
                insertValues = insertValues(action, cols);
                if (insertValues == null) {
                    return Rewrite.no("its INSERT does not give a value for every column");
                }
            } else {
                return Rewrite.no("its WHEN clauses are not one UPDATE and one INSERT");
            }
        }
        if (setValues == null || insertValues == null) {
            return Rewrite.no("its WHEN clauses are not one UPDATE and one INSERT");
        }
        Set<String> nonKeys = new HashSet<>(cols);
        nonKeys.removeAll(keys);
        if (!setValues.keySet().equals(nonKeys)) {
            return Rewrite.no("its UPDATE does not set every column outside the primary key");
        }
        StringBuilder select = new StringBuilder();
        for (String column : cols) {
            ASTNode value = insertValues.get(column);
            ASTNode same = keys.contains(column) ? keyValues.get(column) : setValues.get(column);
            if (!sameExpression(value, same)) {
                return Rewrite.no("its INSERT gives column '" + column + "' another value than its "
                        + (keys.contains(column) ? "ON clause" : "UPDATE"));
            }
            String reads = readsTarget(value, targetColumns);
            if (reads != null) {
                return Rewrite.no("the value of column '" + column + "' " + reads);
            }
            if (!select.isEmpty()) {
                select.append(", ");
            }
            select.append(text(value));
        }
        ASTNode target = (ASTNode) merge.getChild(0);
        return new Rewrite(prefix + "INSERT INTO " + text((ASTNode) target.getChild(0)) + " SELECT " + select
                + " FROM " + text(source), null);
    }

    private static void conjuncts(ASTNode node, List<ASTNode> out) {
        if (node.getType() == HiveParser.KW_AND) {
            for (int i = 0; i < node.getChildCount(); i++) {
                conjuncts((ASTNode) node.getChild(i), out);
            }
        } else {
            out.add(node);
        }
    }

    /** The column of {@code alias.column} when alias is the target's, else null. */
    private String targetColumn(ASTNode node) {
        if (node.getType() == HiveParser.DOT && node.getChildCount() == 2
                && node.getChild(0).getType() == HiveParser.TOK_TABLE_OR_COL
                && identifier((ASTNode) node.getChild(0).getChild(0)).equals(targetAlias)) {
            return identifier((ASTNode) node.getChild(1));
        }
        return null;
    }

    /** How {@code node} may read the target or may not be copied into a SELECT, or null when it does neither. */
    private String readsTarget(ASTNode node, Set<String> targetColumns) {
        switch (node.getType()) {
            case HiveParser.TOK_DEFAULT_VALUE:
                return "uses DEFAULT";
            case HiveParser.TOK_SUBQUERY_EXPR:
                return "has a subquery";
            case HiveParser.TOK_WINDOWSPEC:
                return "has a window";
            case HiveParser.TOK_TABLE_OR_COL: {
                if (node.getChildCount() != 1 || node.getChild(0).getType() != HiveParser.Identifier) {
                    return node.getChildCount() == 1 && node.getChild(0).getType() == HiveParser.TOK_DEFAULT_VALUE
                            ? "uses DEFAULT" : "is not a plain column";
                }
                String name = identifier((ASTNode) node.getChild(0));
                ASTNode parent = (ASTNode) node.getParent();
                boolean qualifier = parent != null && parent.getType() == HiveParser.DOT && parent.getChild(0) == node;
                if (qualifier && name.equals(targetAlias)) {
                    return "reads the target ('" + name + "')";
                }
                if (!qualifier && targetColumns.contains(name)) {
                    return "names column '" + name + "' without a table, which may be the target's";
                }
                return null;
            }
            default:
                for (int i = 0; i < node.getChildCount(); i++) {
                    String reads = readsTarget((ASTNode) node.getChild(i), targetColumns);
                    if (reads != null) {
                        return reads;
                    }
                }
                return null;
        }
    }

    /** The SET clause's columns (lower case) and their expressions; a column set twice leaves the map short. */
    private static Map<String, ASTNode> setValues(ASTNode setClause) {
        Map<String, ASTNode> values = new LinkedHashMap<>();
        for (int i = 0; i < setClause.getChildCount(); i++) {
            ASTNode assignment = (ASTNode) setClause.getChild(i);
            ASTNode column = (ASTNode) assignment.getChild(0);
            ASTNode name = column.getType() == HiveParser.TOK_TABLE_OR_COL ? (ASTNode) column.getChild(0)
                    : (ASTNode) column.getChild(column.getChildCount() - 1);
            values.put(identifier(name), (ASTNode) assignment.getChild(1));
        }
        return values;
    }

    /** The INSERT's value for each of {@code columns}, or null when it does not give exactly those columns. */
    private static Map<String, ASTNode> insertValues(ASTNode insert, List<String> columns) {
        ASTNode values = null;
        ASTNode names = null;
        for (int i = 0; i < insert.getChildCount(); i++) {
            ASTNode child = (ASTNode) insert.getChild(i);
            if (child.getType() == HiveParser.TOK_FUNCTION) {
                values = child;
            } else if (child.getType() == HiveParser.TOK_TABCOLNAME) {
                names = child;
            }
        }
        if (values == null) {
            return null;
        }
        // VALUES (a, b) parses as struct(a, b): the first child is the function's name.
        List<String> order = columns;
        if (names != null) {
            order = new ArrayList<>();
            for (int i = 0; i < names.getChildCount(); i++) {
                order.add(identifier((ASTNode) names.getChild(i)));
            }
        }
        if (values.getChildCount() - 1 != order.size() || order.size() != columns.size()
                || !new HashSet<>(order).containsAll(columns)) {
            return null;
        }
        Map<String, ASTNode> byColumn = new LinkedHashMap<>();
        for (int i = 0; i < order.size(); i++) {
            byColumn.put(order.get(i), (ASTNode) values.getChild(i + 1));
        }
        return byColumn;
    }

    /** Same tree; names compare without case (Hive's identifiers and keywords), string literals exactly. */
    private static boolean sameExpression(ASTNode a, ASTNode b) {
        if (a.getType() != b.getType() || a.getChildCount() != b.getChildCount()) {
            return false;
        }
        boolean sameText = a.getType() == HiveParser.StringLiteral ? a.getText().equals(b.getText())
                : a.getText().equalsIgnoreCase(b.getText());
        if (!sameText) {
            return false;
        }
        for (int i = 0; i < a.getChildCount(); i++) {
            if (!sameExpression((ASTNode) a.getChild(i), (ASTNode) b.getChild(i))) {
                return false;
            }
        }
        return true;
    }

    private String text(ASTNode node) {
        return tokens.toString(node.getTokenStartIndex(), node.getTokenStopIndex()).trim();
    }

    private static String identifier(ASTNode node) {
        return BaseSemanticAnalyzer.unescapeIdentifier(node.getText()).toLowerCase(Locale.ROOT);
    }
}
