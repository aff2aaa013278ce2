package io.strata.hive;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.QueryPlan;
import org.apache.hadoop.hive.ql.ddl.DDLWork;
import org.apache.hadoop.hive.ql.ddl.table.create.CreateTableDesc;
import org.apache.hadoop.hive.ql.exec.ConditionalTask;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.TaskRunner;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.hadoop.hive.ql.hooks.WriteEntity;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHook;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHookContext;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.plan.MoveWork;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Undoes what a failed Hive statement left of its writes to Strata tables. Register it in
 * {@code hive.query.lifetime.hooks} (a CTAS into a Strata table is refused without it). When a statement
 * fails:
 *
 * <ul>
 *   <li><b>Staged writes.</b> Tasks that finished before the statement failed left data files and staged
 *       commit messages ({@link StagedCommits}). The job's committer removes them when the job that wrote them
 *       fails ({@link StrataOutputCommitter}), but a statement can fail after that job succeeded: on MapReduce
 *       a MERGE runs one job per branch, and a later job (its cardinality check, say) can fail. Unless the
 *       commit ran (it settles its own outcome: it removes the staging, or keeps it marked when the outcome is
 *       unknown), the hook deletes what the statement staged for every Strata table it writes.
 *   <li><b>CTAS.</b> The handler asks Hive for a direct insert, so Hive creates the table before the query's
 *       tasks run and, when they or the commit fail, does not undo it (Hive 4.1: {@code directInsert()}
 *       leaves the rollback to the handler, and only a query lifetime hook is told that a statement failed).
 *       The hook drops the table through the metastore; Hive created it with {@code external.table.purge}, so
 *       the meta hook deletes its directory ({@link StrataMetaHook#commitDropTable}).
 * </ul>
 */
public final class StatementRollbackHook implements QueryLifeTimeHook {

    private static final Logger LOG = LoggerFactory.getLogger(StatementRollbackHook.class);
    private static final Set<String> STRATA_HANDLERS = Set.of(StrataStorageHandler.class.getName(),
            MetastorePartitionedStorageHandler.class.getName());

    @Override
    public void beforeCompile(QueryLifeTimeHookContext ctx) {}

    @Override
    public void afterCompile(QueryLifeTimeHookContext ctx, boolean hasError) {
        // A CTAS that fails to compile created nothing.
    }

    @Override
    public void beforeExecution(QueryLifeTimeHookContext ctx) {}

    @Override
    public void afterExecution(QueryLifeTimeHookContext ctx, boolean hasError) {
        HookContext hookContext = ctx.getHookContext();
        if (!hasError || hookContext == null) {
            return;
        }
        QueryPlan plan = hookContext.getQueryPlan();
        if (plan == null) {
            return;
        }
        removeStagedWrites(ctx, hookContext, plan);
        if (plan.getQueryProperties() == null || !plan.getQueryProperties().isCTAS()) {
            return;
        }
        // Only a table this statement's CREATE TABLE task made: not one it failed to create because another
        // statement had created it meanwhile. (Hive does not keep the CTAS mark on the created table.)
        for (TaskRunner finished : hookContext.getCompleteTaskList()) {
            if (finished.getTask().getWork() instanceof DDLWork work
                    && work.getDDLDesc() instanceof CreateTableDesc desc
                    && StrataStorageHandler.class.getName().equals(desc.getStorageHandler())
                    && finished.getTaskResult().getExitVal() == 0) {
                drop(ctx, desc.getFullTableName().getDb(), desc.getFullTableName().getTable());
            }
        }
    }

    /**
     * Deletes what the failed statement's tasks staged for each Strata table it writes. A commit that ran
     * already removed its staging, or marked it as of unknown outcome ({@link StatementCommit#abort} keeps it).
     */
    private static void removeStagedWrites(QueryLifeTimeHookContext ctx, HookContext hookContext, QueryPlan plan) {
        String queryId = plan.getQueryId() != null ? plan.getQueryId() : ctx.getHiveConf().get(StrataConf.HIVE_QUERY_ID);
        Map<String, String> written = new LinkedHashMap<>();
        for (WriteEntity output : hookContext.getOutputs()) {
            org.apache.hadoop.hive.ql.metadata.Table table = output.getTable();
            if (table == null || table.getParameters() == null || table.getDataLocation() == null
                    || !isStrata(table.getParameters().get(hive_metastoreConstants.META_TABLE_STORAGE))) {
                continue;
            }
            written.putIfAbsent(table.getFullyQualifiedName(), table.getDataLocation().toString());
        }
        // On MapReduce the outputs of a failed statement may lack the table: its move steps name it too.
        addMovedTables(plan.getRootTasks(), written, new HashSet<>());
        written.forEach((name, location) -> {
            try {
                StatementCommit.abort(ctx.getHiveConf(), name, location, queryId);
            } catch (RuntimeException e) {
                // What stays is referenced by no snapshot: orphan-file removal ('strata expire --orphans') finds it.
                LOG.warn("Statement {} failed and what it wrote to Hive table {} ({}) could not be removed: {}", queryId,
                        name, location, e.toString(), e);
            }
        });
    }

    private static boolean isStrata(String storageHandler) {
        return storageHandler != null && STRATA_HANDLERS.contains(storageHandler);
    }

    /** The Strata tables that the move steps among {@code tasks} (and the tasks after them) would commit. */
    private static void addMovedTables(List<Task<?>> tasks, Map<String, String> written, Set<Task<?>> seen) {
        if (tasks == null) {
            return;
        }
        for (Task<?> task : tasks) {
            if (!seen.add(task)) {
                continue;
            }
            if (task.getWork() instanceof MoveWork move && move.getLoadTableWork() != null
                    && move.getLoadTableWork().getTable() != null) {
                Properties properties = move.getLoadTableWork().getTable().getProperties();
                String location = StrataConf.location(properties);
                if (location != null && isStrata(properties.getProperty(hive_metastoreConstants.META_TABLE_STORAGE))) {
                    written.putIfAbsent(properties.getProperty(hive_metastoreConstants.META_TABLE_NAME), location);
                }
            }
            if (task instanceof ConditionalTask conditional) {
                addMovedTables(conditional.getListTasks(), written, seen);
            }
            addMovedTables(task.getChildTasks(), written, seen);
        }
    }

    private static void drop(QueryLifeTimeHookContext ctx, String db, String name) {
        try {
            // The table was created with external.table.purge, so dropping it deletes its directory.
            Hive.get(ctx.getHiveConf()).dropTable(db, name, true, true, true);
            LOG.info("CREATE TABLE {}.{} AS SELECT failed: dropped the table and its files", db, name);
        } catch (HiveException | RuntimeException e) {
            LOG.error("CREATE TABLE {}.{} AS SELECT failed and its table could not be dropped: drop it (DROP TABLE"
                    + " deletes its files): {}", db, name, e.toString(), e);
        }
    }
}
