package io.strata.cli.hive;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.mr.ExecMapper;
import org.apache.hadoop.hive.ql.io.IOContextMap;
import org.apache.tez.dag.records.TezTaskAttemptID;
import org.apache.tez.runtime.hook.TezTaskAttemptHook;

/**
 * A Tez task attempt hook ({@code tez.task.attempt.hooks}, set by {@link HiveHome}) that gives every task attempt
 * of the embedded Hive fresh Hive input contexts. WHY: Hive 4.1 keeps them in a static map by input name, a
 * Tez task's being its vertex's ("Map 1"); a reader that throws sets its context's {@code ioExceptions} flag,
 * and a later task of that name that finds it set closes its operators as aborted and succeeds with no
 * output. In local mode attempts are threads of this process, so Tez's retry of a failed attempt found the
 * flag: measured, a read that failed once and succeeded on its retry made the query return no rows and no
 * error. On a cluster a failed attempt's container exits and the retry starts in a new one. Likewise it clears
 * the static "done" flag of MapReduce's mapper ({@code ExecMapper}), which Hive's record reader obeys: after a
 * MapReduce statement that no fetch task followed, the next Tez task read no row (measured: an INSERT after a
 * MapReduce {@code EXPLAIN DELETE} committed nothing, successfully).
 *
 * <p>{@code strata sql} runs one attempt at a time ({@code tez.am.inline.task.execution.max-tasks=1}). With more,
 * clearing would still not hide a running task's failure: its processor and its reader keep the context they
 * took when they started, so the flag still reaches its close.
 */
public final class TaskInputContextReset implements TezTaskAttemptHook {

    @Override
    public void start(TezTaskAttemptID id, Configuration conf) {
        IOContextMap.clear();
        // MapReduce's mapper leaves a static "done" flag set when its operators finish, and Hive's record reader
        // returns no more rows while it is set; a MapReduce task resets it when it starts, a Tez task does not.
        ExecMapper.setDone(false);
    }

    @Override
    public void stop() {
        // Nothing: the next attempt clears before it reads.
    }
}
