package io.strata.reliability.badinput;

import io.strata.cli.StrataCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** What one {@code strata} command, run in this JVM, returned and printed. */
record StrataRun(int exitCode, String out, String err) {

    /** Runs {@code strata args...} in-process, as {@code bin/strata} would, capturing what it prints. */
    static StrataRun of(String... args) {
        CommandLine command = StrataCommand.newCommandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        int code = command.execute(args);
        return new StrataRun(code, out.toString(), err.toString());
    }

    /** Everything the command printed, standard error first (where refusals go). */
    String printed() {
        return err + out;
    }
}
