package io.strata.hive.it;

import io.strata.metastore.EmbeddedMetastoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.exec.mr.ExecMapper;
import org.apache.hadoop.hive.ql.io.IOContextMap;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.processors.SetProcessor;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * ONE real Hive 4.1 per test JVM: an embedded Derby metastore, Tez in local mode (Hive 4's default engine:
 * the application master and its tasks run as threads of this JVM), in-JVM MapReduce and a session, all
 * under {@code target/}. Hive keeps static and thread-local state, so every test class shares this
 * instance ({@link #get()}), and statements run one at a time.
 *
 * <p>{@link #query(ExecutionMode, String)} runs a statement on the engine and vectorization of an
 * {@link ExecutionMode} and proves from its plan ({@link PlanRecorder}, a pre-execution hook) that the
 * engine ran it; {@link #query(String)} runs it with the session's current settings (Tez, vectorized, simple
 * queries as fetch tasks, as in Hive 4 by default).
 */
public final class EmbeddedHive {

    private static EmbeddedHive instance;

    private final Path baseDir;
    private final HiveConf conf;
    private final SessionState session;
    private final long startupMillis;

    /** The shared Hive, started on first use. */
    public static synchronized EmbeddedHive get() {
        if (instance == null) {
            instance = new EmbeddedHive();
        }
        return instance;
    }

    private EmbeddedHive() {
        long start = System.nanoTime();
        try {
            Path target = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath();
            Files.createDirectories(target);
            baseDir = Files.createTempDirectory(target, "hive-");
            Path siteFile = baseDir.resolve("hive-site.xml");
            EmbeddedMetastoreSettings.writeSiteFile(siteFile, settings(baseDir));
            // Every new HiveConf in this JVM (ours and the metastore's) reads this file.
            HiveConf.setHiveSiteLocation(siteFile.toUri().toURL());
            conf = new HiveConf();
            conf.set("hive.in.test", "true");
            session = SessionState.start(new SessionState(conf));
            // The first statement creates the metastore's Derby schema: part of starting.
            run("CREATE DATABASE IF NOT EXISTS strata_it");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (CommandProcessorException e) {
            throw new IllegalStateException("Embedded Hive did not start: " + e.getMessage(), e);
        }
        startupMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("[EmbeddedHive] started in " + startupMillis + " ms under " + baseDir);
    }

    private static Map<String, String> settings(Path dir) {
        Map<String, String> s = EmbeddedMetastoreSettings.derby(dir);
        s.put("hive.exec.scratchdir", dir.resolve("scratch").toString());
        s.put("hive.exec.local.scratchdir", dir.resolve("local-scratch").toString());
        s.put("hive.downloaded.resources.dir", dir.resolve("resources").toString());
        s.put("hive.querylog.location", dir.resolve("querylog").toString());
        s.put("hive.server2.logging.operation.log.location", dir.resolve("operation-logs").toString());
        s.put("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
        s.put("mapreduce.cluster.local.dir", dir.resolve("mr-local").toString());
        // Hive 4's default engine; a statement or a test switches with SET hive.execution.engine=mr|tez.
        s.put("hive.execution.engine", Engine.TEZ.setting());
        s.put("hive.exec.pre.hooks", PlanRecorder.class.getName());
        // EXPLAIN prints the same operator tree on both engines (Tez's default is a terser "user" format).
        s.put("hive.explain.user", "false");
        tez(dir, s);
        s.put("mapreduce.framework.name", "local");
        s.put("hive.exec.submitviachild", "false");
        s.put("hive.exec.submit.local.task.via.child", "false");
        s.put("hive.exec.mode.local.auto", "false");
        s.put("hive.stats.autogather", "false");
        s.put("hive.stats.column.autogather", "false");
        s.put("hive.server2.enable.doAs", "false");
        // Else a background thread races the creation of the metastore schema.
        s.put("hive.query.reexecution.stats.persist.scope", "query");
        s.put("hive.session.silent", "true");
        // Hive waits for a MapReduce job by polling it every hive.exec.counters.pull.interval (1,000 ms by default)
        // and for a Tez DAG every hive.tez.dag.status.check.interval (500 ms): every statement would last until the
        // next poll, most of a second per query across hundreds of queries (docs/benchmarks.md).
        s.put("hive.exec.counters.pull.interval", "50");
        s.put("hive.tez.dag.status.check.interval", "50ms");
        return s;
    }

    /** Tez in local mode inside this JVM, as Hive's own TEZ_LOCAL mini cluster sets it (HIVE4.md). */
    private static void tez(Path dir, Map<String, String> s) {
        s.put("tez.local.mode", "true");
        // No RPC listener: the client talks to the application master in the same JVM.
        s.put("tez.local.mode.without.network", "true");
        s.put("tez.runtime.optimize.local.fetch", "true");
        s.put("tez.staging-dir", dir.resolve("tez-staging").toString());
        // Tez local mode localizes resources in a new directory under this one (which must exist); its default is the
        // working directory.
        s.put("tez.local.cache.root.folder", dir.toString());
        // Hive copies hive-exec.jar here once per session.
        s.put("hive.jar.directory", dir.resolve("hive-jars").toString());
        s.put("hive.user.install.directory", dir.resolve("hive-user-install").toString());
        s.put("tez.am.disable.client-version-check", "true");
        s.put("tez.am.tez-ui.webservice.enable", "false");
        s.put("tez.dag.recovery.enabled", "false");
        s.put("tez.am.node-blacklisting.enabled", "false");
        s.put("tez.am.use.concurrent-dispatcher", "false");
        s.put("tez.task.get-task.sleep.interval-ms.max", "1");
        s.put("tez.am.inline.task.execution.max-tasks", "1");
        s.put("tez.runtime.io.sort.mb", "24");
        s.put("tez.runtime.unordered.output.buffer.size-mb", "10");
        s.put("hive.tez.container.size", "512");
        s.put("tez.am.resource.memory.mb", "512");
        // A failing task fails its query at once (Tez would try it 4 times): the read failure tests expect it.
        s.put("tez.am.task.max.failed.attempts", "1");
        s.put("hive.prewarm.enabled", "false");
    }


    /** Milliseconds Hive took to start, metastore schema included. */
    public long startupMillis() {
        return startupMillis;
    }

    /** A fresh directory under this Hive's base directory. */
    public Path newDirectory(String prefix) {
        try {
            return Files.createTempDirectory(baseDir, prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs one statement and returns its result rows as Hive prints them (columns separated by tabs).
     *
     * @throws CommandProcessorException when Hive rejects or fails the statement
     */
    public synchronized List<String> run(String sql) throws CommandProcessorException {
        SessionState.setCurrentSessionState(session);
        if (sql.regionMatches(true, 0, "SET ", 0, 4)) {
            // SET is a command of Hive's clients (CLI, HiveServer2), not of the Driver: run it as they do.
            new SetProcessor().run(sql.substring(4).trim());
            return List.of();
        }
        PlanRecorder.clear();
        IDriver driver = DriverFactory.newDriver(conf);
        IOContextMap.clear();
        // MapReduce's mapper leaves a static "done" flag set, which Hive's record reader obeys: unless a fetch task
        // reset it, the next Tez task in this JVM read no row (an INSERT after a MapReduce EXPLAIN wrote nothing).
        ExecMapper.setDone(false);
        try {
            driver.run(sql);
            List<String> rows = new ArrayList<>();
            List<String> batch = new ArrayList<>();
            while (driver.getResults(batch)) {
                rows.addAll(batch);
                batch.clear();
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("Fetching the results of '" + sql + "' failed", e);
        } finally {
            driver.close();
            driver.destroy();
            // Hive 4.1 keeps its tasks' input contexts in a static map, by input name ("Map 1", ...), that nothing
            // clears; a reader that throws in a Tez task sets its context's ioExceptions flag, and every later Tez
            // task of that name then closes its operators as aborted: no rows, no error. On a cluster the failed
            // task's JVM exits; here the tasks are threads of this JVM (see ReadFailureIT).
            IOContextMap.clear();
        }
    }

    /** The shared session's value of a setting (null where unset). */
    public synchronized String setting(String key) {
        return session.getConf().get(key);
    }

    /**
     * Runs statements in a session of their own whose settings are the shared session's plus {@code settings} (an
     * authorizer, say: Hive sets a session's authorization up once), then returns to the shared session. Stops at
     * the first statement that fails.
     */
    public synchronized List<String> runInOwnSession(Map<String, String> settings, List<String> statements)
            throws CommandProcessorException {
        HiveConf own = new HiveConf(session.getConf());
        settings.forEach(own::set);
        SessionState other = new SessionState(own);
        SessionState.start(other);
        List<String> rows = new ArrayList<>();
        try {
            for (String sql : statements) {
                IDriver driver = DriverFactory.newDriver(own);
                try {
                    driver.run(sql);
                    List<String> batch = new ArrayList<>();
                    while (driver.getResults(batch)) {
                        rows.addAll(batch);
                        batch.clear();
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("Fetching the results of '" + sql + "' failed", e);
                } finally {
                    driver.close();
                    driver.destroy();
                }
            }
            return rows;
        } finally {
            SessionState.setCurrentSessionState(session);
        }
    }

    /** {@link #run} for statements that must succeed, with their time printed for the record. */
    public List<String> query(String sql) {
        long start = System.nanoTime();
        try {
            List<String> rows = run(sql);
            System.out.printf("[EmbeddedHive] %d ms, %d rows: %s%n", (System.nanoTime() - start) / 1_000_000,
                    rows.size(), sql);
            return rows;
        } catch (CommandProcessorException e) {
            throw new AssertionError("Hive failed '" + sql + "': " + e.getMessage(), e);
        }
    }

    /**
     * Runs a statement that must succeed on the engine and vectorization of {@code mode}, with no fetch task
     * (the engine reads the table), and asserts from its plan that the engine ran it. The session returns to
     * its defaults afterwards.
     */
    public List<String> query(ExecutionMode mode, String sql) {
        long start = System.nanoTime();
        try {
            List<String> rows = run(mode, sql);
            ExecutedPlan plan = lastPlan();
            if (plan == null || !plan.ranOn(mode.engine())) {
                throw new AssertionError("'" + sql + "' did not run on " + mode.engine() + ": its plan " + plan);
            }
            System.out.printf("[EmbeddedHive] %s: %d ms, %d rows: %s%n", mode, (System.nanoTime() - start) / 1_000_000,
                    rows.size(), sql);
            return rows;
        } catch (CommandProcessorException e) {
            throw new AssertionError("Hive (" + mode + ") failed '" + sql + "': " + e.getMessage(), e);
        }
    }

    /**
     * {@link #run} on the engine and vectorization of {@code mode}, with no fetch task; no assertion (for
     * statements that must fail: {@link #lastPlan()} shows what Hive was running).
     */
    public synchronized List<String> run(ExecutionMode mode, String sql) throws CommandProcessorException {
        HiveConf sessionConf = session.getConf();
        String engine = sessionConf.get("hive.execution.engine");
        String vectorized = sessionConf.get("hive.vectorized.execution.enabled");
        String conversion = sessionConf.get("hive.fetch.task.conversion");
        try {
            run("SET hive.execution.engine=" + mode.engine().setting());
            run("SET hive.vectorized.execution.enabled=" + mode.vectorized());
            run("SET hive.fetch.task.conversion=none");
            return run(sql);
        } finally {
            run("SET hive.execution.engine=" + engine);
            run("SET hive.vectorized.execution.enabled=" + vectorized);
            run("SET hive.fetch.task.conversion=" + conversion);
        }
    }

    /**
     * Runs a read on each mode of {@link ExecutionMode#matrix()} with {@link #query(ExecutionMode, String)}, asserts that all
     * return the same rows (in the same order when the statement orders them) and returns them: the matrix
     * for tests whose table changes between statements.
     */
    public List<String> queryOnEachMode(String sql) {
        boolean ordered = sql.toUpperCase(java.util.Locale.ROOT).contains("ORDER BY");
        List<String> first = null;
        ExecutionMode firstMode = null;
        for (ExecutionMode mode : ExecutionMode.matrix()) {
            List<String> rows = query(mode, sql);
            if (first == null) {
                first = rows;
                firstMode = mode;
            } else if (!(ordered ? rows.equals(first) : sorted(rows).equals(sorted(first)))) {
                // Plain Java, no AssertJ: this class also runs in BundleJarIT's second JVM, which has no test libraries.
                throw new AssertionError("'" + sql + "' returned on " + mode + ":\n  " + rows + "\nbut on " + firstMode
                        + ":\n  " + first);
            }
        }
        return first;
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }

    /** The plan of the last statement Hive started to execute (after compiling it), failed ones included. */
    public ExecutedPlan lastPlan() {
        return PlanRecorder.last();
    }
}
