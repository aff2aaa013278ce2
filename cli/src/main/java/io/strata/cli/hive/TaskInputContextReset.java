package io.strata.cli.hive;

import org.apache.hadoop.conf.Configuration;
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
 * error. On a cluster a failed attempt's container exits and the retry starts in a new one.
 *
 * <p>{@code strata sql} runs one attempt at a time ({@code tez.am.inline.task.execution.max-tasks=1}). With more,
 * clearing would still not hide a running task's failure: its processor and its reader keep the context they
 * took when they started, so the flag still reaches its close.
 */
public final class TaskInputContextReset implements TezTaskAttemptHook {

    @Override
    public void start(TezTaskAttemptID id, Configuration conf) {
        IOContextMap.clear();
    }

    @Override
    public void stop() {
        // Nothing: the next attempt clears before it reads.
    }
}
