package io.strata.hive.it;

import io.strata.hive.StrataInputFormat;
import io.strata.hive.StrataInputSplit;
import io.strata.table.Table;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.QueryPlan;
import org.apache.hadoop.hive.ql.exec.Operator;
import org.apache.hadoop.hive.ql.exec.TableScanOperator;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.mr.MapRedTask;
import org.apache.hadoop.hive.ql.exec.tez.TezTask;
import org.apache.hadoop.hive.ql.io.sarg.ConvertAstToSearchArg;
import org.apache.hadoop.hive.ql.plan.BaseWork;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;

/** How many data files {@link StrataInputFormat} plans for a HiveQL query's pushed filter. */
final class PlannedFiles {

    private PlannedFiles() {}

    /**
     * The files {@link StrataInputFormat} plans for the filter Hive compiled for {@code sql} on the mode's engine:
     * the query is compiled (not run) in the test's Hive session, the table scan's pushed filter taken from the plan and
     * handed to getSplits the way Hive hands it over, with the session's settings.
     */
    static int count(EmbeddedHive hive, Table table, ExecutionMode mode, String sql) throws Exception {
        hive.query("SELECT 1"); // binds the Hive session to this thread
        SessionState session = SessionState.get();
        ExprNodeGenericFuncDesc filter;
        String engine = session.getConf().get("hive.execution.engine");
        session.getConf().set("hive.execution.engine", mode.engine().setting());
        session.getConf().set("hive.vectorized.execution.enabled", String.valueOf(mode.vectorized()));
        IDriver driver = DriverFactory.newDriver(session.getConf());
        try {
            driver.compileAndRespond(sql);
            filter = pushedFilter(driver.getPlan());
        } finally {
            driver.close();
            driver.destroy();
            session.getConf().set("hive.execution.engine", engine);
            session.getConf().set("hive.vectorized.execution.enabled", "true");
        }
        JobConf job = new JobConf(session.getConf());
        FileInputFormat.setInputPaths(job, new Path(table.location().toString()));
        System.out.println("[PlannedFiles] " + sql + " -> " + (filter == null ? null : filter.getExprString()
                + " sarg " + ConvertAstToSearchArg.create(job, filter)));
        if (filter != null) {
            job.set(ConvertAstToSearchArg.SARG_PUSHDOWN, ConvertAstToSearchArg.sargToKryo(ConvertAstToSearchArg.create(job, filter)));
        }
        int files = 0;
        for (InputSplit s : new StrataInputFormat().getSplits(job, 1)) {
            files += ((StrataInputSplit) s).split().files().size();
        }
        return files;
    }

    private static ExprNodeGenericFuncDesc pushedFilter(QueryPlan plan) {
        List<Operator<?>> roots = new ArrayList<>();
        if (plan.getFetchTask() != null && plan.getFetchTask().getWork().getSource() != null) {
            roots.add(plan.getFetchTask().getWork().getSource());
        }
        for (Task<?> task : plan.getRootTasks()) {
            if (task instanceof MapRedTask mr) {
                roots.addAll(mr.getWork().getMapWork().getAliasToWork().values());
            }
            if (task instanceof TezTask tez) {
                for (BaseWork work : tez.getWork().getAllWork()) {
                    if (work instanceof MapWork map) {
                        roots.addAll(map.getAliasToWork().values());
                    }
                }
            }
        }
        for (Operator<?> op : roots) {
            if (op instanceof TableScanOperator scan) {
                return scan.getConf().getFilterExpr();
            }
        }
        return null;
    }
}
