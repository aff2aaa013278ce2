package io.strata.hive;

import org.apache.hadoop.hive.ql.QueryPlan;
import org.apache.hadoop.hive.ql.ddl.DDLWork;
import org.apache.hadoop.hive.ql.ddl.table.create.CreateTableDesc;
import org.apache.hadoop.hive.ql.exec.TaskRunner;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHook;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHookContext;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drops the table of a {@code CREATE TABLE ... STORED BY 'io.strata.hive.StrataStorageHandler' AS SELECT} that
 * failed. The handler asks Hive for a direct insert, so Hive creates the table before the query's tasks run
 * and, when they or the commit fail, does not undo it (Hive 4.1: {@code HiveStorageHandler.directInsert()}
 * leaves the rollback to the handler, and only a query lifetime hook is told that a statement failed). The
 * table is dropped through the metastore; Hive created it with {@code external.table.purge}, so the meta hook
 * deletes its directory ({@link StrataMetaHook#commitDropTable}). Register it in
 * {@code hive.query.lifetime.hooks}; a CTAS into a Strata table is refused without it.
 */
public final class CtasRollbackHook implements QueryLifeTimeHook {

    private static final Logger LOG = LoggerFactory.getLogger(CtasRollbackHook.class);

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
        if (plan == null || plan.getQueryProperties() == null || !plan.getQueryProperties().isCTAS()) {
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
