package io.strata.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code strata} command: entry point of every sub-command. */
@Command(
        name = "strata",
        mixinStandardHelpOptions = true,
        version = "strata 0.1.0-SNAPSHOT",
        description = "Strata: LSM-tree lake tables in the Apache Paimon format, read by Hive 4.",
        subcommands = {QuickstartCommand.class, CreateCommand.class, DescribeCommand.class, SnapshotsCommand.class,
                TagsCommand.class, CompactCommand.class, ExpireCommand.class, RollbackCommand.class,
                IngestCommand.class, SyncCommand.class, AdoptCommand.class, SqlCommand.class,
                CommandLine.HelpCommand.class})
public final class StrataCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the command line and exits with its exit code. */
    public static void main(String[] args) {
        System.exit(newCommandLine().execute(args));
    }

    /** The configured command line (also used by tests). */
    public static CommandLine newCommandLine() {
        return new CommandLine(new StrataCommand()).setCaseInsensitiveEnumValuesAllowed(true);
    }
}
