package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every sub-command: {@code --help} with examples and exit codes, and an unknown option is a usage error. */
class CommandHelpTest {

    private static final List<String> COMMANDS = List.of("quickstart", "sql", "create", "describe", "snapshots",
            "tags", "compact", "expire", "rollback", "ingest", "sync", "adopt");

    @Test
    void everyCommandIsListedAndHasHelpWithExamplesAndExitCodes() {
        Cli.Result top = Cli.run("--help");
        assertThat(top.exitCode()).isZero();
        assertThat(StrataCommand.newCommandLine().getSubcommands().keySet()).containsAll(COMMANDS);
        for (String command : COMMANDS) {
            assertThat(top.out()).as("strata --help lists %s", command).contains("  " + command + " ");
            Cli.Result help = Cli.run(command, "--help");
            assertThat(help.exitCode()).as(command).isZero();
            assertThat(help.out()).as(command).startsWith("Usage: strata " + command)
                    .contains("Examples:").contains("  strata " + command).contains("Exit codes:");
            assertThat(Cli.run("help", command).out()).as("strata help %s", command).isEqualTo(help.out());
        }
    }

    @Test
    void anUnknownOptionExitsWithTwoAndShowsTheUsage() {
        for (String command : COMMANDS) {
            Cli.Result bad = Cli.run(command, "--no-such-option");
            assertThat(bad.exitCode()).as(command).isEqualTo(2);
            // Alone, it may first be reported for what is missing (ingest's required --format and input).
            assertThat(bad.err()).as(command).containsAnyOf("Unknown option: '--no-such-option'",
                    "Missing required option");
            // picocli shows the usage, or the options spelled alike when there are some.
            assertThat(bad.err()).as(command).containsAnyOf("Usage: strata " + command, "Possible solutions: ");
            assertThat(bad.out()).as(command).isEmpty();
        }
    }
}
