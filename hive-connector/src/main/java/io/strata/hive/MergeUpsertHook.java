package io.strata.hive;

import io.strata.schema.ChangelogProducer;
import io.strata.schema.MergeEngine;
import io.strata.schema.TableOptions;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.parse.ASTNode;
import org.apache.hadoop.hive.ql.parse.AbstractSemanticAnalyzerHook;
import org.apache.hadoop.hive.ql.parse.HiveSemanticAnalyzerHookContext;
import org.apache.hadoop.hive.ql.parse.ParseException;
import org.apache.hadoop.hive.ql.parse.ParseUtils;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a MERGE into a Strata table that is an upsert by key as an INSERT of the source rows, which reads no
 * target row: register it in {@code hive.semantic.analyzer.hook}. Hive's own MERGE joins the whole target
 * with the source and writes a delete and a new row per matched row; on a table whose merge keeps the
 * newest row of a key, writing the new rows is the same change (see {@link MergeAsUpsert} for the
 * statements that qualify).
 *
 * <p>The table must be a primary-key table of the {@code deduplicate} merge engine without a
 * {@code sequence.field} (with one, a new row with a smaller sequence value loses) and without changelog
 * producer {@code input} (whose changelog would lack the old rows); Hive's authorization must be off
 * (column masks are applied to the statement's text). Every other MERGE compiles as Hive's.
 *
 * <p>{@code hive.merge.cardinality.check} (on by default) stays true to its word: two source rows with one
 * key fail the statement and change nothing, since on a primary-key table they either match one target row
 * twice or insert one key twice. The writers check it ({@link io.strata.table.Table#newUniqueKeyWrite}):
 * the shuffle by bucket brings every row of a key to one task.
 */
public final class MergeUpsertHook extends AbstractSemanticAnalyzerHook {

    private static final Logger LOG = LoggerFactory.getLogger(MergeUpsertHook.class);

    @Override
    public ASTNode preAnalyze(HiveSemanticAnalyzerHookContext context, ASTNode ast) throws SemanticException {
        SessionState session = SessionState.get();
        Configuration sessionConf = session == null ? null : session.getConf();
        if (sessionConf != null) {
            // What an earlier statement of the session marked is not this statement's.
            sessionConf.unset(StrataConf.MERGE_UPSERT);
        }
        if (!mayMerge(ast)) {
            return ast;
        }
        Configuration conf = context.getConf();
        String statement = context.getCommand();
        MergeAsUpsert merge = MergeAsUpsert.parse(statement);
        if (merge == null || conf.getBoolean(HiveConf.ConfVars.HIVE_AUTHORIZATION_ENABLED.varname, false)) {
            return ast;
        }
        org.apache.hadoop.hive.ql.metadata.Table hiveTable = hiveTable(context, merge.targetName());
        if (hiveTable == null
                || !StrataStorageHandler.class.getName().equals(
                        hiveTable.getParameters().get(hive_metastoreConstants.META_TABLE_STORAGE))) {
            return ast;
        }
        String name = hiveTable.getFullyQualifiedName();
        Table table;
        try {
            table = StrataTables.load(conf, String.valueOf(hiveTable.getDataLocation()), name);
        } catch (IllegalArgumentException e) {
            // Hive's MERGE reports what is wrong with the table.
            return ast;
        }
        String whyNot = whyNotUpsert(table.schema());
        MergeAsUpsert.Rewrite rewrite = whyNot != null ? MergeAsUpsert.Rewrite.no(whyNot)
                : merge.rewrite(columnNames(hiveTable), table.schema().primaryKeys());
        if (!rewrite.done()) {
            LOG.info("MERGE into Hive table {} runs as Hive's MERGE: {}", name, rewrite.whyNot());
            return ast;
        }
        ASTNode insert;
        try {
            insert = ParseUtils.parse(rewrite.insert(), null);
        } catch (ParseException e) {
            LOG.warn("MERGE into Hive table {} runs as Hive's MERGE: its INSERT does not parse ({}): {}", name,
                    e.getMessage(), rewrite.insert());
            return ast;
        }
        LOG.info("MERGE into Hive table {} runs as an upsert: {}", name, rewrite.insert());
        // The statement Hive compiles from here on is the INSERT: the handler reads it to tell an INSERT from
        // the halves of a row-level statement, and the session's record of it shows what ran.
        if (conf instanceof HiveConf hiveConf) {
            hiveConf.setQueryString(rewrite.insert());
        }
        if (sessionConf instanceof HiveConf hiveSessionConf) {
            hiveSessionConf.setQueryString(rewrite.insert());
            if (conf.getBoolean(HiveConf.ConfVars.MERGE_CARDINALITY_VIOLATION_CHECK.varname, true)) {
                sessionConf.set(StrataConf.MERGE_UPSERT, StrataConf.mergeUpsertMark(name, rewrite.insert()));
            }
        }
        return insert;
    }

    private static boolean mayMerge(ASTNode ast) {
        return ast != null && (ast.getType() == org.apache.hadoop.hive.ql.parse.HiveParser.TOK_MERGE
                || ast.getType() == org.apache.hadoop.hive.ql.parse.HiveParser.TOK_EXPLAIN);
    }

    /** Why a MERGE into this table is not an upsert of its new rows, or null when it is. */
    static String whyNotUpsert(TableSchema schema) {
        TableOptions options = schema.tableOptions();
        if (!schema.isPrimaryKeyTable()) {
            return "the table has no primary key";
        }
        if (options.mergeEngine() != MergeEngine.DEDUPLICATE) {
            return "the table's merge engine is " + options.mergeEngine() + ", not deduplicate";
        }
        if (!options.sequenceField().isEmpty()) {
            return "the table has a sequence.field";
        }
        if (options.changelogProducer() == ChangelogProducer.INPUT) {
            return "the table's changelog producer is input";
        }
        return null;
    }

    private static org.apache.hadoop.hive.ql.metadata.Table hiveTable(HiveSemanticAnalyzerHookContext context,
            List<String> name) {
        try {
            Hive hive = context.getHive();
            String database = name.size() == 2 ? name.get(0) : SessionState.get().getCurrentDatabase();
            return name.size() > 2 ? null : hive.getTable(database, name.get(name.size() - 1), false);
        } catch (HiveException | RuntimeException e) {
            // Hive's own analysis reports a table it cannot find.
            return null;
        }
    }

    private static List<String> columnNames(org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        List<String> names = new ArrayList<>();
        for (FieldSchema column : hiveTable.getCols()) {
            names.add(column.getName());
        }
        return names;
    }
}
