package io.strata.cli.hive;

import io.strata.hive.LocalTaskFailures;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hive.common.io.SessionStream;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Schema;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.exec.mr.ExecMapper;
import org.apache.hadoop.hive.ql.io.IOContextMap;
import org.apache.hadoop.hive.ql.processors.CommandProcessor;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.processors.CommandProcessorFactory;
import org.apache.hadoop.hive.ql.processors.CommandProcessorResponse;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * An in-process Hive 4.1 over a warehouse: HiveConf, SessionState and a Driver per statement, with an
 * embedded Derby metastore under {@code <warehouse>/.hive} ({@link HiveHome}: the metastore settings every
 * strata harness shares, {@code io.strata.metastore.EmbeddedMetastoreSettings}, plus Hive's own) and local
 * Tez (Hive 4's default engine) or MapReduce, both in this process. {@code strata sync --metastore embedded} without a hive-site.xml uses the same metastore. Tables
 * registered by {@code strata sync} are read through Strata's storage handler (strata-hive-connector is
 * on the class path).
 *
 * <p>ONE per JVM: Hive keeps static and thread-local state (the metastore's persistence manager, the
 * session), so {@link #open} returns the running session for the same warehouse and refuses another.
 * Statements run one at a time.
 */
public final class EmbeddedHiveSession implements SqlSession {

    private static EmbeddedHiveSession running;

    private final HiveHome home;
    private final HiveEngine engine;
    private final HiveConf conf;
    private final SessionState session;
    /** The session log: Hive's console messages, and what Tez prints to the standard streams. */
    private final PrintStream log;
    private final long startupMillis;

    /**
     * The embedded Hive of {@code warehouse}, started on first use (its metastore too: created if new).
     *
     * @throws IllegalStateException if this JVM already runs the Hive of another warehouse
     */
    public static synchronized EmbeddedHiveSession open(Path warehouse) {
        return open(warehouse, HiveEngine.TEZ);
    }

    /**
     * The embedded Hive of {@code warehouse} running queries on {@code engine}, started on first use; a running
     * session switches to {@code engine}.
     *
     * @throws IllegalStateException if this JVM already runs the Hive of another warehouse
     */
    public static synchronized EmbeddedHiveSession open(Path warehouse, HiveEngine engine) {
        HiveHome home = new HiveHome(warehouse);
        if (running != null) {
            if (!running.home.warehouse().equals(home.warehouse())) {
                throw new IllegalStateException("This process already runs the embedded Hive of warehouse "
                        + running.home.warehouse() + "; it cannot open warehouse " + home.warehouse());
            }
            if (running.engine() != engine) {
                try {
                    running.execute("SET hive.execution.engine=" + engine.setting());
                } catch (SqlException e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            }
            return running;
        }
        running = new EmbeddedHiveSession(home, engine);
        return running;
    }

    /** The running session of {@code warehouse} in this JVM, or null. */
    public static synchronized EmbeddedHiveSession runningFor(Path warehouse) {
        return running != null && running.home.warehouse().equals(new HiveHome(warehouse).warehouse()) ? running : null;
    }

    /**
     * Points every later HiveConf and MetastoreConf of this JVM at the warehouse's metastore, without
     * starting Hive: what an embedded metastore client (the metastore sync) needs.
     */
    public static synchronized HiveHome configure(Path warehouse) {
        HiveHome home = new HiveHome(warehouse);
        if (running != null && running.home.warehouse().equals(home.warehouse())) {
            return home;
        }
        refuseIfInUse(home);
        try {
            HiveLogging.toFile(home.logFile(), home.directory());
            Path site = home.writeSite();
            // Derby writes derby.log into the working directory unless told otherwise.
            System.setProperty("derby.stream.error.file", home.logDirectory().resolve("derby.log").toString());
            System.setProperty("hadoop.log.dir", home.logDirectory().toString());
            HiveConf.setHiveSiteLocation(site.toUri().toURL());
            MetastoreConf.setHiveSiteLocation(site.toUri().toURL());
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the Hive configuration under " + home.directory(), e);
        }
    }

    /**
     * Fails fast when another process has the warehouse's Derby metastore open. WHY: embedded Derby admits
     * one process per database, and Hive reports the refusal only as a deep stack trace after its retries.
     * Derby holds an OS file lock on {@code dbex.lck} while a database is booted; this JVM's own boot shows
     * as an overlapping lock and is fine.
     *
     * @throws IllegalStateException naming the warehouse and the metastore when another process holds it
     */
    public static void ensureAvailable(Path warehouse) {
        refuseIfInUse(new HiveHome(warehouse));
    }

    private static void refuseIfInUse(HiveHome home) {
        Path lockFile = home.metastoreDb().resolve("dbex.lck");
        if (!Files.exists(lockFile)) {
            return;
        }
        try (FileChannel channel = FileChannel.open(lockFile,
                StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new IllegalStateException("The metastore of warehouse " + home.warehouse() + " ("
                        + home.metastoreDb() + ") is in use by another process, e.g. a strata sql shell: its embedded"
                        + " Derby database admits one process at a time. Close that process, then run again.");
            }
            lock.release();
        } catch (OverlappingFileLockException e) {
            // This JVM booted the database (the metastore sync ran before the session): not a conflict.
        } catch (IOException e) {
            // The lock cannot be tested (permissions, file system): let Derby decide.
        }
    }

    private EmbeddedHiveSession(HiveHome home, HiveEngine engine) {
        long start = System.nanoTime();
        this.home = configure(home.warehouse());
        this.engine = engine;
        conf = new HiveConf();
        // Before the session starts: with Tez, starting the session opens the Tez session (its application master).
        conf.set("hive.execution.engine", engine.setting());
        // What Hive's own embedded tests set: no background services a one-user session does not need.
        conf.set("hive.in.test", "true");
        SessionStream log;
        try {
            // Hive's console messages (progress, its copy of errors) go to a log; errors reach the caller as
            // exceptions naming the statement.
            log = new SessionStream(new FileOutputStream(home.logDirectory().resolve("session.log").toFile(), true),
                    true, StandardCharsets.UTF_8.name());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the session log under " + home.logDirectory(), e);
        }
        this.log = log;
        // Creating a SessionState prints "Hive Session ID = ..." straight to the standard error (no session
        // is current yet to own a console): into the log with it.
        PrintStream stderr = System.err;
        System.setErr(log);
        try {
            SessionState state = new SessionState(conf);
            state.info = log;
            state.err = log;
            session = SessionState.start(state);
        } finally {
            System.setErr(stderr);
        }
        try {
            // The first statement creates the metastore's Derby schema on a new warehouse: part of starting.
            execute("SHOW DATABASES");
        } catch (SqlException e) {
            throw new IllegalStateException("The embedded Hive of warehouse " + home.warehouse()
                    + " did not start: " + e.getMessage() + " (log: " + home.logFile() + ")", e);
        }
        startupMillis = (System.nanoTime() - start) / 1_000_000;
    }

    @Override
    public String description() {
        return "embedded Hive 4.1 on " + home.warehouse();
    }

    public HiveHome home() {
        return home;
    }

    /** The engine queries run on now ({@code SET hive.execution.engine} changes it). */
    public HiveEngine engine() {
        // The session's configuration is this conf: SET writes into it.
        String current = conf.get("hive.execution.engine");
        for (HiveEngine e : HiveEngine.values()) {
            if (e.setting().equalsIgnoreCase(current)) {
                return e;
            }
        }
        return engine;
    }

    /** Milliseconds Hive took to start, the metastore schema included. */
    public long startupMillis() {
        return startupMillis;
    }

    /**
     * Runs one statement (no trailing {@code ;}). Hive commands ({@code SET}, {@code RESET}, {@code ADD JAR}
     * ...) run through their command processor as Hive's own clients do; everything else through a Driver.
     *
     * @throws SqlException when Hive rejects or fails the statement
     */
    @Override
    public synchronized QueryResult execute(String statement) throws SqlException {
        String sql = statement.trim();
        long start = System.nanoTime();
        SessionState.setCurrentSessionState(session);
        String[] tokens = sql.split("\\s+");
        try {
            CommandProcessor command = CommandProcessorFactory.getForHiveCommand(tokens, conf);
            if (command != null) {
                CommandProcessorResponse response = command.run(sql.substring(tokens[0].length()).trim());
                return result(statement, response.getSchema(), List.of(), start);
            }
        } catch (SQLException e) {
            throw new SqlException(statement, e.getMessage(), e);
        } catch (CommandProcessorException e) {
            throw new SqlException(statement, reason(e), e);
        }
        IDriver driver = DriverFactory.newDriver(conf);
        // Tez in local mode runs its application master and tasks in this process, and they print progress
        // ("Running Dag: ...", "Starting to run new task attempt: ...") straight to the standard output and
        // error: into the session log with it while the statement runs.
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        System.setOut(log);
        System.setErr(log);
        // Before too: a task of an earlier failed DAG that was still winding down may have set the flag since.
        clearTaskInputContexts();
        try {
            driver.run(sql);
            List<String> lines = new ArrayList<>();
            List<String> batch = new ArrayList<>();
            while (driver.getResults(batch)) {
                lines.addAll(batch);
                batch.clear();
            }
            return result(statement, driver.getSchema(), lines, start);
        } catch (CommandProcessorException e) {
            String reason = reason(e);
            if (reason.contains("MapRedTask")) {
                // Hive 4.1 tells only the task's return code; the reader's failure (naming the file) happened in
                // this JVM, since MapReduce runs its tasks here in local mode.
                reason += LocalTaskFailures.since(start).map(failure -> ". The task failed: " + failure).orElse("");
            }
            throw new SqlException(statement, reason, e);
        } catch (IOException e) {
            throw new SqlException(statement, "fetching the results failed: " + e.getMessage(), e);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
            driver.close();
            driver.destroy();
            clearTaskInputContexts();
        }
    }

    /**
     * Forgets the input contexts Hive's tasks left in this JVM. WHY: Hive 4.1 keeps one {@code IOContext} per
     * input name in a static map ({@code IOContextMap}) that nothing but a fetch task over virtual columns ever
     * clears. A reader that throws in a task sets its context's {@code ioExceptions} flag. A Tez task's input
     * name is its vertex's ("Map 1"), the same in every query, and {@code MapRecordProcessor.close()} closes its
     * operators as aborted when it finds the flag set: the task succeeds with no output, so every later Tez
     * query returned no rows and no error. On a cluster the failed task's container exits with it; in local mode
     * tasks are threads of this process, so the flag outlived its query. (A MapReduce job's input name holds its
     * plan's path, so a later job never saw an old flag.) Statements run one at a time: no task reads when this
     * runs. {@link TaskInputContextReset} clears before each Tez task attempt too (a retry within one query);
     * this also covers MapReduce's entries, one per job, which would otherwise pile up.
     */
    private static void clearTaskInputContexts() {
        IOContextMap.clear();
        // MapReduce's mapper leaves a static "done" flag that Hive's record reader obeys (TaskInputContextReset).
        ExecMapper.setDone(false);
    }

    private static QueryResult result(String statement, Schema schema, List<String> lines, long start) {
        List<String> columns = new ArrayList<>();
        if (schema != null && schema.getFieldSchemas() != null) {
            for (FieldSchema f : schema.getFieldSchemas()) {
                columns.add(f.getName());
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines) {
            // The Driver returns each row as its cells joined by tabs.
            List<String> cells = new ArrayList<>(Arrays.asList(line.split("\t", -1)));
            if (columns.isEmpty()) {
                columns.add("result");
            }
            rows.add(cells);
        }
        return new QueryResult(statement, columns, rows, (System.nanoTime() - start) / 1_000_000);
    }

    /** Hive's message without its "FAILED: " prefix and error-code boilerplate. */
    private static String reason(CommandProcessorException e) {
        String message = e.getMessage();
        if (message == null) {
            message = e.toString();
        }
        return message.startsWith("FAILED: ") ? message.substring("FAILED: ".length()) : message;
    }
}
