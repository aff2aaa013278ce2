package io.strata.hive;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.ddl.DDLWork;
import org.apache.hadoop.hive.ql.ddl.table.storage.compact.AlterTableCompactDesc;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.TaskFactory;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.parse.AbstractSemanticAnalyzerHook;
import org.apache.hadoop.hive.ql.parse.HiveSemanticAnalyzerHookContext;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * Runs {@code ALTER TABLE t [PARTITION (...)] COMPACT 'major' | 'minor'} on Strata tables as Strata's compaction
 * job: register it in {@code hive.semantic.analyzer.hook} (beside {@link MergeUpsertHook} and
 * {@link TagStatementHook}: a comma-separated list). Hive 4.1 queues a compaction for its own compactor, which
 * compacts only Hive ACID and Iceberg tables, and refuses other tables when the statement runs. Once Hive has
 * analyzed the statement (privileges, locks, the partition spec checked by the handler), the hook replaces its
 * task with a {@link CompactionTask}: {@code 'major'} merges each selected bucket into one sorted run,
 * {@code 'minor'} lets the table's compaction policy pick, and the statement returns after the COMPACT snapshot
 * is committed (with or without {@code AND WAIT}). Other tables and statements are left to Hive.
 */
public final class CompactStatementHook extends AbstractSemanticAnalyzerHook {

    /** Whether the session's {@code hive.semantic.analyzer.hook} (in {@code conf}) lists this hook. */
    static boolean isRegistered(Configuration conf) {
        SessionState session = SessionState.get();
        Configuration settings = session != null && session.getConf() != null ? session.getConf() : conf;
        String hooks = settings == null ? null : settings.get(HiveConf.ConfVars.SEMANTIC_ANALYZER_HOOK.varname);
        if (hooks == null) {
            return false;
        }
        for (String hook : hooks.split(",")) {
            if (hook.trim().equals(CompactStatementHook.class.getName())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void postAnalyze(HiveSemanticAnalyzerHookContext context, List<Task<?>> rootTasks) throws SemanticException {
        for (int i = 0; i < rootTasks.size(); i++) {
            Serializable work = rootTasks.get(i).getWork();
            if (work instanceof DDLWork ddl && ddl.getDDLDesc() instanceof AlterTableCompactDesc desc) {
                Task<?> replacement = strataCompaction(context, desc);
                if (replacement != null) {
                    rootTasks.set(i, replacement);
                }
            }
        }
    }

    private static Task<?> strataCompaction(HiveSemanticAnalyzerHookContext context, AlterTableCompactDesc desc)
            throws SemanticException {
        org.apache.hadoop.hive.ql.metadata.Table hiveTable;
        try {
            hiveTable = context.getHive().getTable(desc.getTableName());
        } catch (HiveException e) {
            throw new SemanticException(e.getMessage(), e);
        }
        String handler = hiveTable.getParameters().get(hive_metastoreConstants.META_TABLE_STORAGE);
        if (!StrataStorageHandler.class.getName().equals(handler)
                && !MetastorePartitionedStorageHandler.class.getName().equals(handler)) {
            return null;
        }
        String name = hiveTable.getFullyQualifiedName();
        if (desc.getFilterExpr() != null || desc.getOrderByClause() != null || desc.getNumberOfBuckets() > 0) {
            throw new SemanticException("ALTER TABLE " + name + " COMPACT: a Strata table is compacted whole or by"
                    + " PARTITION (...); WHERE, ORDER BY and CLUSTERED INTO do not apply");
        }
        boolean policy = switch (desc.getCompactionType().toLowerCase(Locale.ROOT)) {
            case "major" -> false;
            case "minor" -> true;
            default -> throw new SemanticException("ALTER TABLE " + name + " COMPACT '" + desc.getCompactionType()
                    + "': a Strata table compacts 'major' (every selected bucket into one sorted run) or 'minor'"
                    + " (what the table's compaction policy picks)");
        };
        CompactionTask task = new CompactionTask();
        task.setWork(new CompactionTask.Work(name, hiveTable.getDataLocation().toString(),
                desc.getPartitionSpec() == null ? null : new java.util.LinkedHashMap<>(desc.getPartitionSpec()), policy));
        task.setId("Stage-" + TaskFactory.getAndIncrementId());
        return task;
    }
}
