package io.strata.hive;

import java.io.Serializable;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.common.TableName;
import org.apache.hadoop.hive.common.type.TimestampTZUtil;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.ddl.DDLWork;
import org.apache.hadoop.hive.ql.ddl.table.AlterTableType;
import org.apache.hadoop.hive.ql.ddl.table.snapshotref.AlterTableSnapshotRefDesc;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.TaskFactory;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.parse.ASTNode;
import org.apache.hadoop.hive.ql.parse.AbstractSemanticAnalyzerHook;
import org.apache.hadoop.hive.ql.parse.AlterTableSnapshotRefSpec;
import org.apache.hadoop.hive.ql.parse.BaseSemanticAnalyzer;
import org.apache.hadoop.hive.ql.parse.HiveParser;
import org.apache.hadoop.hive.ql.parse.HiveSemanticAnalyzerHookContext;
import org.apache.hadoop.hive.ql.parse.ParseException;
import org.apache.hadoop.hive.ql.parse.ParseUtils;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * Compiles {@code ALTER TABLE t CREATE TAG} and {@code DROP TAG} for Strata tables: register it in
 * {@code hive.semantic.analyzer.hook} (beside {@link MergeUpsertHook}: a comma-separated list). Hive 4.1's own
 * analysis of these statements refuses every table whose {@code table_type} is not {@code ICEBERG}, before the
 * storage handler is asked; its execution, though, hands the statement to the handler
 * ({@code alterTableSnapshotRefOperation}, {@link TagStatements}). So for a Strata table the hook has Hive compile
 * an {@code ALTER TABLE t SET TBLPROPERTIES} instead (which takes the privileges, locks and checks of an ALTER of
 * that table) and then replaces its task with Hive's own tag task built from the statement. Branch statements on
 * Strata tables fail here, saying why. Other tables and statements are left to Hive.
 */
public final class TagStatementHook extends AbstractSemanticAnalyzerHook {

    /** The tag statement compiled in this thread's current statement (Hive compiles one statement per thread). */
    private static final ThreadLocal<Pending> PENDING = new ThreadLocal<>();

    private record Pending(AlterTableType type, TableName table, AlterTableSnapshotRefSpec<?> spec) {}

    @Override
    public ASTNode preAnalyze(HiveSemanticAnalyzerHookContext context, ASTNode ast) throws SemanticException {
        PENDING.remove();
        if (ast == null || ast.getType() != HiveParser.TOK_ALTERTABLE || ast.getChildCount() < 2) {
            return ast;
        }
        ASTNode command = (ASTNode) ast.getChild(1);
        int type = command.getType();
        boolean tag = type == HiveParser.TOK_ALTERTABLE_CREATE_TAG || type == HiveParser.TOK_ALTERTABLE_DROP_TAG;
        boolean branch = type == HiveParser.TOK_ALTERTABLE_CREATE_BRANCH || type == HiveParser.TOK_ALTERTABLE_DROP_BRANCH
                || type == HiveParser.TOK_ALTERTABLE_RENAME_BRANCH || type == HiveParser.TOK_ALTERTABLE_REPLACE_SNAPSHOTREF;
        if (!tag && !branch) {
            return ast;
        }
        String currentDatabase = SessionState.get() == null ? "default" : SessionState.get().getCurrentDatabase();
        TableName name = BaseSemanticAnalyzer.getQualifiedTableName((ASTNode) ast.getChild(0), currentDatabase);
        if (!isStrataTable(context, name)) {
            return ast;
        }
        String fullName = name.getDb() + "." + name.getTable();
        if (branch) {
            throw new SemanticException(TagStatements.noBranches(fullName, statementName(type)));
        }
        AlterTableType alterType = type == HiveParser.TOK_ALTERTABLE_CREATE_TAG ? AlterTableType.CREATE_TAG
                : AlterTableType.DROP_TAG;
        Object params = alterType == AlterTableType.CREATE_TAG ? createSpec(command) : dropSpec(command);
        PENDING.set(new Pending(alterType, name, new AlterTableSnapshotRefSpec<>(alterType, params)));
        try {
            return ParseUtils.parse("ALTER TABLE `" + name.getDb() + "`.`" + name.getTable()
                    + "` SET TBLPROPERTIES ('strata.tag-statement'='compiled by TagStatementHook')", null);
        } catch (ParseException e) {
            PENDING.remove();
            throw new SemanticException("Cannot compile " + statementName(type) + " of " + fullName + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public void postAnalyze(HiveSemanticAnalyzerHookContext context, List<Task<?>> rootTasks) throws SemanticException {
        Pending pending = PENDING.get();
        PENDING.remove();
        if (pending == null) {
            return;
        }
        AlterTableSnapshotRefDesc desc = new AlterTableSnapshotRefDesc(pending.type(), pending.table(), pending.spec());
        Task<? extends Serializable> task = TaskFactory.get(
                new DDLWork(new HashSet<>(context.getInputs()), new HashSet<>(context.getOutputs()), desc));
        rootTasks.clear();
        rootTasks.add(task);
    }

    private static boolean isStrataTable(HiveSemanticAnalyzerHookContext context, TableName name) {
        org.apache.hadoop.hive.ql.metadata.Table table;
        try {
            table = context.getHive().getTable(name.getDb(), name.getTable(), false);
        } catch (HiveException | RuntimeException e) {
            return false; // Hive's own analysis reports a table it cannot find
        }
        if (table == null) {
            return false;
        }
        String handler = table.getParameters().get(hive_metastoreConstants.META_TABLE_STORAGE);
        return StrataStorageHandler.class.getName().equals(handler)
                || MetastorePartitionedStorageHandler.class.getName().equals(handler);
    }

    /** {@code CREATE [OR REPLACE] TAG [IF NOT EXISTS] name [FOR ... AS OF ...] [RETAIN n unit]}. */
    private static AlterTableSnapshotRefSpec.CreateSnapshotRefSpec createSpec(ASTNode command) throws SemanticException {
        String name = BaseSemanticAnalyzer.unescapeIdentifier(command.getChild(0).getText());
        Long snapshotId = null;
        Long asOfTime = null;
        String asOfTag = null;
        Long retainMs = null;
        boolean replace = false;
        boolean ifNotExists = false;
        for (int i = 1; i < command.getChildCount(); i++) {
            ASTNode child = (ASTNode) command.getChild(i);
            switch (child.getType()) {
                case HiveParser.TOK_AS_OF_VERSION -> snapshotId = Long.parseLong(child.getChild(0).getText());
                case HiveParser.TOK_AS_OF_TIME -> {
                    ZoneId zone = SessionState.get() == null ? ZoneId.systemDefault()
                            : SessionState.get().getConf().getLocalTimeZone();
                    asOfTime = TimestampTZUtil.parse(BaseSemanticAnalyzer.stripQuotes(child.getChild(0).getText()), zone)
                            .toEpochMilli();
                }
                case HiveParser.TOK_AS_OF_TAG -> asOfTag = BaseSemanticAnalyzer.unescapeIdentifier(child.getChild(0).getText());
                case HiveParser.TOK_RETAIN -> retainMs = TimeUnit.valueOf(child.getChild(1).getText().toUpperCase(Locale.ROOT))
                        .toMillis(Long.parseLong(child.getChild(0).getText()));
                case HiveParser.KW_REPLACE -> replace = true;
                case HiveParser.TOK_IFNOTEXISTS -> ifNotExists = true;
                default -> throw new SemanticException("Unrecognized part of ALTER TABLE ... CREATE TAG " + name + ": "
                        + child.getText());
            }
        }
        return new AlterTableSnapshotRefSpec.CreateSnapshotRefSpec(name, snapshotId, asOfTime, retainMs, null, null,
                asOfTag, replace, ifNotExists);
    }

    /** {@code DROP TAG [IF EXISTS] name}. */
    private static AlterTableSnapshotRefSpec.DropSnapshotRefSpec dropSpec(ASTNode command) {
        boolean ifExists = command.getFirstChildWithType(HiveParser.TOK_IFEXISTS) != null;
        String name = BaseSemanticAnalyzer.unescapeIdentifier(command.getChild(ifExists ? 1 : 0).getText());
        return new AlterTableSnapshotRefSpec.DropSnapshotRefSpec(name, ifExists);
    }

    private static String statementName(int type) {
        return switch (type) {
            case HiveParser.TOK_ALTERTABLE_CREATE_TAG -> "create tag";
            case HiveParser.TOK_ALTERTABLE_DROP_TAG -> "drop tag";
            case HiveParser.TOK_ALTERTABLE_CREATE_BRANCH -> "create branch";
            case HiveParser.TOK_ALTERTABLE_DROP_BRANCH -> "drop branch";
            case HiveParser.TOK_ALTERTABLE_RENAME_BRANCH -> "rename branch";
            default -> "replace branch or tag";
        };
    }
}
