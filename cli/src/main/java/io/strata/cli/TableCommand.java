package io.strata.cli;

import io.strata.table.CommitCallbackException;
import io.strata.table.CommitStateUnknownException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The base of the table tools: runs the command and turns a usage error found after parsing (no such table,
 * an invalid definition, options that do not go together) into one line on stderr and exit code 2, without
 * the full usage text picocli prints for errors it finds itself; a commit that landed but whose callback
 * failed exits with 3, a commit whose outcome is unknown with 4; any other failure becomes one line on
 * stderr and exit code 1, not a stack trace.
 */
abstract class TableCommand implements Callable<Integer> {

    /** The usage-error exit code, the one picocli uses for bad arguments. */
    static final int USAGE = 2;

    /** The exit code of a commit that landed but whose commit callback (the metastore sync) failed. */
    static final int COMMITTED_CALLBACK_FAILED = 3;

    /** The exit code of a commit that may or may not have landed: check before running it again. */
    static final int COMMIT_STATE_UNKNOWN = 4;

    @Spec
    CommandSpec spec;

    /** Runs the command; returns 0 or 1, or throws {@link #usage} for bad arguments. */
    abstract int run() throws Exception;

    @Override
    public final Integer call() throws Exception {
        try {
            return run();
        } catch (ParameterException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.printf("strata %s: %s%nTry 'strata %s --help' for the options.%n", spec.name(), e.getMessage(),
                    spec.name());
            err.flush();
            return USAGE;
        } catch (CommitCallbackException e) {
            // The change is committed: exit 1 would invite running the command again and writing it twice.
            PrintWriter err = spec.commandLine().getErr();
            err.printf("strata %s: COMMITTED, but a commit callback failed: %s%n", spec.name(), e.getMessage());
            return COMMITTED_CALLBACK_FAILED;
        } catch (CommitStateUnknownException e) {
            PrintWriter err = spec.commandLine().getErr();
            err.printf("strata %s: UNKNOWN whether the commit landed: %s%n", spec.name(), e.getMessage());
            return COMMIT_STATE_UNKNOWN;
        } catch (Exception e) {
            // Anything else (unreadable metadata, a failed write): one line naming what failed, exit code 1.
            PrintWriter err = spec.commandLine().getErr();
            err.printf("strata %s: FAILED: %s%n", spec.name(), e.getMessage() != null ? e.getMessage() : e.toString());
            return 1;
        } finally {
            spec.commandLine().getOut().flush();
            spec.commandLine().getErr().flush();
        }
    }

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
