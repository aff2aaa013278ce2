package io.strata.hive.it;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hive.ql.QueryPlan;
import org.apache.hadoop.hive.ql.exec.ConditionalTask;
import org.apache.hadoop.hive.ql.exec.Task;
import org.apache.hadoop.hive.ql.exec.mr.MapRedTask;
import org.apache.hadoop.hive.ql.exec.tez.TezTask;
import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.hadoop.hive.ql.plan.BaseWork;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.apache.hadoop.hive.ql.plan.VectorPartitionDesc;

/**
 * A pre-execution hook ({@code hive.exec.pre.hooks}) that records, for every statement Hive is about to run,
 * the task types of its plan and how each map-side scan is vectorized: the evidence that tests use to prove
 * which engine ran a query and how it read the table ({@link ExecutedPlan}). It runs after compilation and
 * before any task, so a query that then fails is recorded too.
 */
public final class PlanRecorder implements ExecuteWithHookContext {

    private static final Object LOCK = new Object();
    private static ExecutedPlan last;

    /** The plan of the last statement Hive started to execute in this JVM, or null before the first. */
    public static ExecutedPlan last() {
        synchronized (LOCK) {
            return last;
        }
    }

    /** Forgets the last plan: a statement that fails before it executes (compilation) then leaves none. */
    static void clear() {
        synchronized (LOCK) {
            last = null;
        }
    }

    @Override
    public void run(HookContext context) {
        ExecutedPlan plan = describe(context.getQueryPlan());
        synchronized (LOCK) {
            last = plan;
        }
    }

    static ExecutedPlan describe(QueryPlan plan) {
        Set<String> taskTypes = new LinkedHashSet<>();
        List<ExecutedPlan.MapScan> scans = new ArrayList<>();
        Map<Task<?>, Boolean> seen = new IdentityHashMap<>();
        List<Task<?>> pending = new ArrayList<>(plan.getRootTasks());
        while (!pending.isEmpty()) {
            Task<?> task = pending.remove(pending.size() - 1);
            if (seen.put(task, Boolean.TRUE) != null) {
                continue;
            }
            taskTypes.add(task.getClass().getSimpleName());
            if (task instanceof TezTask tez) {
                for (BaseWork work : tez.getWork().getAllWork()) {
                    if (work instanceof MapWork map) {
                        scans.add(scan(map));
                    }
                }
            } else if (task instanceof MapRedTask mr) {
                scans.add(scan(mr.getWork().getMapWork()));
            }
            if (task instanceof ConditionalTask conditional && conditional.getListTasks() != null) {
                pending.addAll(conditional.getListTasks());
            }
            if (task.getChildTasks() != null) {
                pending.addAll(task.getChildTasks());
            }
        }
        if (plan.getFetchTask() != null) {
            taskTypes.add(plan.getFetchTask().getClass().getSimpleName());
        }
        return new ExecutedPlan(plan.getQueryString(), List.copyOf(taskTypes), List.copyOf(scans));
    }

    private static ExecutedPlan.MapScan scan(MapWork work) {
        Set<String> inputFormats = new TreeSet<>();
        Set<String> readTypes = new TreeSet<>();
        for (PartitionDesc partition : work.getPathToPartitionInfo().values()) {
            inputFormats.add(partition.getInputFileFormatClassName());
            VectorPartitionDesc vector = partition.getVectorPartitionDesc();
            readTypes.add(vector == null ? VectorPartitionDesc.VectorMapOperatorReadType.NONE.name()
                    : vector.getVectorMapOperatorReadType().name());
        }
        return new ExecutedPlan.MapScan(work.getName(), inputFormats, work.getVectorMode(),
                work.getUseVectorizedInputFileFormat(), readTypes);
    }
}
