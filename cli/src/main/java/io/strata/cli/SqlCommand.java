package io.strata.cli;

import io.strata.cli.hive.EmbeddedHiveSession;
import io.strata.cli.hive.HiveEngine;
import io.strata.cli.hive.HiveHome;
import io.strata.cli.hive.JdbcSession;
import io.strata.cli.hive.QueryResult;
import io.strata.cli.hive.ResultTable;
import io.strata.cli.hive.SqlException;
import io.strata.cli.hive.SqlScript;
import io.strata.cli.hive.ShellInput;
import io.strata.cli.hive.SqlSession;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code strata sql}: HiveQL on the embedded Hive of a warehouse (its Derby metastore under
 * {@code <warehouse>/.hive}, as {@code strata quickstart} leaves it), or on a HiveServer2 over JDBC. An
 * interactive shell reading standard input, or the statements of {@code -e} / {@code -f}.
 *
 * <p>Exit codes: 0 every statement succeeded; 1 a statement failed (with {@code -e}/{@code -f} the run stops
 * there, printing the statement and the reason); 2 bad arguments.
 */
@Command(name = "sql", mixinStandardHelpOptions = true,
        description = "HiveQL shell on the embedded Hive 4.1 of a warehouse (or a HiveServer2 over JDBC).",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata sql --warehouse strata-quickstart",
            "  strata sql --warehouse strata-quickstart -e \"SELECT * FROM shop.orders\"",
            "  strata sql --warehouse strata-quickstart -f report.sql",
            "  strata sql --warehouse strata-quickstart --engine mr -e \"SELECT count(*) FROM shop.orders\"",
            "  strata sql --jdbc jdbc:hive2://hs2:10000/default --driver-jar hive-jdbc-4.1.0-standalone.jar -e \"SHOW TABLES\"",
            "",
            "Statements end with ';'. In the shell, 'quit;' or end of input (Ctrl-D) leaves.",
            "Exit codes: 0 success, 1 a statement failed (-e/-f stop at it), 2 bad arguments."})
final class SqlCommand implements Callable<Integer> {

    /** The statements to run instead of the shell: exactly one of text or a file. */
    static final class Script {
        @Option(names = "-e", paramLabel = "<sql>", description = "Run these statements (separated by ';') and exit.")
        String text;

        @Option(names = "-f", paramLabel = "<file>", description = "Run the statements of this file and exit.")
        File file;
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--warehouse", converter = LocalPathConverter.ToFile.class, paramLabel = "<dir>", defaultValue = "strata-quickstart",
            description = "Warehouse whose embedded Hive and metastore (<dir>/.hive) to use (default: ${DEFAULT-VALUE}).")
    File warehouse;

    @Option(names = "--engine", paramLabel = "<tez|mr>", defaultValue = "tez",
            converter = EngineConverter.class,
            description = "Engine of the embedded Hive: tez (Hive 4's default, local mode) or mr (MapReduce);"
                    + " SET hive.execution.engine=mr|tez switches in the shell (default: ${DEFAULT-VALUE}).")
    HiveEngine engine;

    @Option(names = "--jdbc", paramLabel = "<url>",
            description = "Run on a HiveServer2 instead, e.g. jdbc:hive2://host:10000/default.")
    String jdbc;

    @Option(names = "--driver-jar", paramLabel = "<jar>",
            description = "With --jdbc: the JDBC driver's jar (hive-jdbc-<version>-standalone.jar), loaded apart from"
                    + " the embedded Hive's classes.")
    File driverJar;

    @Option(names = {"-n", "--user"}, paramLabel = "<user>", description = "With --jdbc: user name.")
    String user;

    @Option(names = {"-p", "--password"}, paramLabel = "<password>", description = "With --jdbc: password.")
    String password;

    @ArgGroup(exclusive = true)
    Script script;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> statements = statements();
        if (jdbc != null) {
            JdbcSession session;
            try {
                session = JdbcSession.connect(jdbc, driverJar, user, password);
            } catch (SqlException e) {
                err.printf("strata sql: %s%n", e.getMessage());
                err.flush();
                return 1;
            }
            try (session) {
                return statements == null ? shell(session, out, err) : runAll(session, statements, out, err);
            }
        }
        SqlSession session;
        try {
            session = embedded(out, statements == null);
        } catch (IllegalStateException e) {
            err.printf("strata sql: %s%n", e.getMessage());
            err.flush();
            return 1;
        }
        return statements == null ? shell(session, out, err) : runAll(session, statements, out, err);
    }

    /** The statements of -e / -f, or null for the interactive shell; bad arguments fail with exit code 2. */
    private List<String> statements() {
        if (jdbc == null && (driverJar != null || user != null || password != null)) {
            throw new ParameterException(spec.commandLine(), "--driver-jar, --user and --password need --jdbc");
        }
        if (jdbc != null && !jdbc.startsWith("jdbc:")) {
            throw new ParameterException(spec.commandLine(), "Invalid --jdbc '" + jdbc
                    + "': give a JDBC URL such as jdbc:hive2://host:10000/default");
        }
        if (jdbc == null && !warehouse.isDirectory()) {
            throw new ParameterException(spec.commandLine(), "Warehouse " + warehouse + " is not a directory: run"
                    + " strata quickstart --warehouse " + warehouse + " first, or give --warehouse <dir>");
        }
        if (script == null) {
            return null;
        }
        String text = script.text;
        if (script.file != null) {
            try {
                text = Files.readString(script.file.toPath(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new ParameterException(spec.commandLine(), "Cannot read -f " + script.file + ": " + e.getMessage());
            }
        }
        List<String> statements = SqlScript.split(text);
        if (statements.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "No statement in "
                    + (script.file != null ? "-f " + script.file : "-e"));
        }
        return statements;
    }

    private SqlSession embedded(PrintWriter out, boolean interactive) {
        HiveHome home = new HiveHome(warehouse.toPath());
        if (EmbeddedHiveSession.runningFor(warehouse.toPath()) != null) {
            return EmbeddedHiveSession.open(warehouse.toPath(), engine);
        }
        if (interactive) {
            out.printf("Starting embedded Hive 4.1 on warehouse %s%s...%n", home.warehouse(),
                    home.hasMetastore() ? "" : " (new metastore: no tables yet; strata sync or strata quickstart"
                            + " registers them)");
            out.flush();
        }
        EmbeddedHiveSession session = EmbeddedHiveSession.open(warehouse.toPath(), engine);
        if (interactive) {
            out.printf("Ready in %.1f s, engine %s (SET hive.execution.engine=mr|tez switches). Hive's logs: %s%n",
                    session.startupMillis() / 1000.0, session.engine().displayName(), home.logFile());
        }
        return session;
    }

    /** Runs -e / -f statements in order; stops at the first failure (exit code 1). */
    private static int runAll(SqlSession session, List<String> statements, PrintWriter out, PrintWriter err) {
        boolean echo = statements.size() > 1;
        for (String statement : statements) {
            if (echo) {
                out.printf("> %s;%n", statement);
            }
            try {
                print(session.execute(statement), out);
            } catch (SqlException e) {
                out.flush();
                err.printf("FAILED: %s%n  statement: %s%n", e.getMessage(), statement);
                err.flush();
                return 1;
            }
        }
        out.flush();
        return 0;
    }

    /** The interactive shell: statements end with ';'; a failed one prints its reason and the shell goes on. */
    private int shell(SqlSession session, PrintWriter out, PrintWriter err) throws IOException {
        out.println("HiveQL on " + session.description() + ". End statements with ';'; quit; to leave.");
        out.flush();
        Path history = jdbc == null ? new HiveHome(warehouse.toPath()).directory().resolve("sql-history")
                : Path.of(System.getProperty("user.home"), ".strata_sql_history");
        int exit = 0;
        StringBuilder pending = new StringBuilder();
        try (ShellInput in = ShellInput.open(System.in, history)) {
            while (true) {
                String line = in.readLine(pending.length() == 0 ? "strata> " : "      > ");
                if (line == null) {
                    break;
                }
                pending.append(line).append('\n');
                if (!SqlScript.isComplete(pending.toString())) {
                    continue;
                }
                List<String> statements = SqlScript.split(pending.toString());
                pending.setLength(0);
                for (String statement : statements) {
                    if (statement.equalsIgnoreCase("quit") || statement.equalsIgnoreCase("exit")) {
                        out.flush();
                        return exit;
                    }
                    try {
                        print(session.execute(statement), out);
                    } catch (SqlException e) {
                        out.flush();
                        err.printf("FAILED: %s%n", e.getMessage());
                        err.flush();
                        exit = 1;
                    }
                }
            }
        }
        if (!pending.toString().isBlank()) {
            err.printf("Ignored an unfinished statement (no ';'): %s%n", pending.toString().strip());
        }
        out.flush();
        err.flush();
        return exit;
    }

    private static void print(QueryResult result, PrintWriter out) {
        List<String> lines = ResultTable.format(result);
        for (String line : lines.subList(0, lines.size() - 1)) {
            out.println(line);
        }
        out.printf("%s (%.2f s)%n", lines.get(lines.size() - 1), result.millis() / 1000.0);
        out.flush();
    }
}
