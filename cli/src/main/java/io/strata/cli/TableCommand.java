package io.strata.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The base of the table tools: runs the command and turns a usage error found after parsing (no such table,
 * an invalid definition, options that do not go together) into one line on stderr and exit code 2, without
 * the full usage text picocli prints for errors it finds itself; any other failure becomes one line on
 * stderr and exit code 1, not a stack trace.
 */
abstract class TableCommand implements Callable<Integer> {

    /** The usage-error exit code, the one picocli uses for bad arguments. */
    static final int USAGE = 2;

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
