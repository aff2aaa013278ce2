package io.strata.hive;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The last failure a Strata reader raised in this JVM, for a client that runs Hive's tasks in its own process
 * (MapReduce in local mode, as {@code strata sql} does). WHY: Hive 4.1 builds a MapReduce statement's error from
 * the task's return code alone ("return code 2 from MapRedTask"); the reader's exception, which names the file,
 * reaches only the log (LocalJobRunner keeps no task diagnostics). Tez passes it on in the DAG's diagnostics, and
 * on a cluster the tasks run in other JVMs, where Hive's job debugger prints their diagnostics: there nothing
 * reads this.
 */
public final class LocalTaskFailures {

    private record Failure(long nanoTime, String message) {}

    private static final AtomicReference<Failure> LAST = new AtomicReference<>();

    private LocalTaskFailures() {}

    static void record(String message) {
        LAST.set(new Failure(System.nanoTime(), message));
    }

    /** The message of this JVM's last reader failure, if one happened at or after {@code nanoTime} ({@link System#nanoTime()}). */
    public static Optional<String> since(long nanoTime) {
        Failure last = LAST.get();
        return last != null && last.nanoTime() - nanoTime >= 0 ? Optional.of(last.message()) : Optional.empty();
    }
}
