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
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.processors.SetProcessor;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * ONE real Hive 4.1 per test JVM: an embedded Derby metastore, in-JVM MapReduce and a session, all
 * under {@code target/}. Hive keeps static and thread-local state, so every test class shares this
 * instance ({@link #get()}), and statements run one at a time.
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
        s.put("hive.execution.engine", "mr");
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
        return s;
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
        IDriver driver = DriverFactory.newDriver(conf);
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
}
