package io.strata.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class QuickstartCommandTest {

    @TempDir
    Path dir;

    private record Result(int exitCode, String out, String err) {}

    private static Result run(String... args) {
        CommandLine cl = StrataCommand.newCommandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void quickstartPrintsMergedRowsTimeTravelAndSnapshots() {
        String warehouse = dir.resolve("wh").toString();
        Result first = run("quickstart", "--warehouse", warehouse);
        assertThat(first.exitCode()).isZero();
        assertThat(first.out())
                .contains("creating table shop.orders")
                .contains("2026-12-01 | 1 | customer-1 | 10.50")
                .contains("2026-12-01 | 2 | customer-2 | 99.99")
                .contains("2026-12-02 | 5 | customer-5 (vip) | 250.00")
                .contains("2026-12-02 | 7 | customer-7 | 70.25")
                .contains("COMPACT");
        String latest = first.out().substring(first.out().indexOf("Merged rows"), first.out().indexOf("As of snapshot"));
        assertThat(latest).doesNotContain("| 3 |").doesNotContain("| 6 |");
        String timeTravel = first.out().substring(first.out().indexOf("As of snapshot"), first.out().indexOf("Snapshots:"));
        assertThat(timeTravel).contains("| 3 | customer-3 | 30.50").contains("| 6 | customer-6 | 60.50");

        Result again = run("quickstart", "--warehouse", warehouse);
        assertThat(again.exitCode()).isZero();
        assertThat(again.out()).contains("continuing on existing table shop.orders");
        Result fresh = run("quickstart", "--warehouse", warehouse, "--fresh");
        assertThat(fresh.out()).contains("creating table shop.orders");
    }

    @Test
    void helpAndBadArguments() {
        assertThat(run("--help").exitCode()).isZero();
        assertThat(run("quickstart", "--help").out()).contains("--warehouse");
        Result bad = run("quickstart", "--no-such-option");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--no-such-option");
    }
}
