package io.strata.benchmarks.hive;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.exec.mr.ExecMapper;
import org.apache.hadoop.hive.ql.io.IOContextMap;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.processors.SetProcessor;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * One real Hive 4.1 in this JVM (../shared/HIVE4.md): an embedded Derby metastore, MapReduce and Tez in local
 * mode, one session in which every statement runs, one at a time.
 */
final class HiveSession {

    private final HiveConf conf;
    private final SessionState session;

    /**
     * Starts Hive under {@code dir}. With {@code transactionSchema} (Hive's {@code hive-schema-4.1.0.derby.sql},
     * what {@code schematool -initSchema} runs), the metastore database is created from it first and the session
     * uses Hive's transaction manager, which ACID tables need; without it, the session uses no transactions.
     */
    HiveSession(Path dir, Path transactionSchema) throws IOException {
        Path derby = dir.resolve("metastore_db");
        if (transactionSchema != null) {
            initSchema(derby, transactionSchema);
        }
        Path siteFile = dir.resolve("hive-site.xml");
        writeSiteFile(siteFile, settings(dir, derby, transactionSchema != null));
        // Every new HiveConf in this JVM (ours and the metastore's) reads this file.
        HiveConf.setHiveSiteLocation(siteFile.toUri().toURL());
        conf = new HiveConf();
        conf.set("hive.in.test", "true");
        session = SessionState.start(new SessionState(conf));
    }

    private static Map<String, String> settings(Path dir, Path derby, boolean transactions) {
        Map<String, String> s = new TreeMap<>();
        s.put("hive.metastore.uris", "");
        s.put("javax.jdo.option.ConnectionURL", "jdbc:derby:;databaseName=" + derby + ";create=true");
        s.put("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
        s.put("datanucleus.schema.autoCreateAll", "true");
        s.put("hive.metastore.schema.verification", "false");
        s.put("hive.metastore.warehouse.dir", dir.resolve("warehouse").toUri().toString());
        s.put("hive.metastore.warehouse.external.dir", dir.resolve("external").toUri().toString());
        s.put("fs.defaultFS", "file:///");
        s.put("hive.exec.scratchdir", dir.resolve("scratch").toString());
        s.put("hive.exec.local.scratchdir", dir.resolve("local-scratch").toString());
        s.put("hive.downloaded.resources.dir", dir.resolve("resources").toString());
        s.put("hive.querylog.location", dir.resolve("querylog").toString());
        s.put("hive.server2.logging.operation.log.location", dir.resolve("operation-logs").toString());
        s.put("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
        s.put("mapreduce.cluster.local.dir", dir.resolve("mr-local").toString());
        s.put("mapreduce.framework.name", "local");
        s.put("hive.execution.engine", "mr");
        s.put("hive.exec.submitviachild", "false");
        s.put("hive.exec.submit.local.task.via.child", "false");
        s.put("hive.exec.mode.local.auto", "false");
        s.put("hive.stats.autogather", "false");
        s.put("hive.stats.column.autogather", "false");
        s.put("hive.server2.enable.doAs", "false");
        s.put("hive.metastore.event.db.notification.api.auth", "false");
        // Else a background thread races the creation of the metastore schema.
        s.put("hive.query.reexecution.stats.persist.scope", "query");
        s.put("hive.session.silent", "true");
        // Every query runs as a job of the engine under test, vectorized (Hive 4's default, stated).
        s.put("hive.fetch.task.conversion", "none");
        s.put("hive.vectorized.execution.enabled", "true");
        // Every timed run reads the table: no answers from Hive's query result cache (it serves transactional
        // tables) nor from statistics.
        s.put("hive.query.results.cache.enabled", "false");
        s.put("hive.compute.query.using.stats", "false");
        // Tez local mode in this JVM, as Hive's own TEZ_LOCAL mini cluster sets it (HIVE4.md).
        s.put("tez.local.mode", "true");
        s.put("tez.local.mode.without.network", "true");
        s.put("tez.runtime.optimize.local.fetch", "true");
        s.put("tez.staging-dir", dir.resolve("tez-staging").toString());
        // Tez local mode localizes resources in a new directory under this one (which must exist); its default is the
        // working directory.
        s.put("tez.local.cache.root.folder", dir.toString());
        s.put("hive.jar.directory", dir.resolve("hive-jars").toString());
        s.put("hive.user.install.directory", dir.resolve("hive-user").toString());
        s.put("tez.am.disable.client-version-check", "true");
        s.put("tez.am.tez-ui.webservice.enable", "false");
        s.put("tez.dag.recovery.enabled", "false");
        s.put("tez.am.node-blacklisting.enabled", "false");
        s.put("tez.am.use.concurrent-dispatcher", "false");
        s.put("tez.task.get-task.sleep.interval-ms.max", "1");
        // One task at a time: tasks in local mode are threads of this JVM, and Hive 4.1 gives the tasks of one vertex
        // (or one MapReduce job) one operator tree and one input context: two at once returned wrong rows here
        // (a full scan counted 893,335 of 1,000,000 rows with two map tasks side by side).
        s.put("tez.am.inline.task.execution.max-tasks", "1");
        s.put("tez.runtime.io.sort.mb", "24");
        s.put("tez.runtime.unordered.output.buffer.size-mb", "10");
        s.put("hive.tez.container.size", "512");
        s.put("tez.am.resource.memory.mb", "512");
        s.put("hive.prewarm.enabled", "false");
        // A failed task fails its query: a retry in this JVM would find the failed attempt's flag in Hive's static
        // IOContextMap and discard its rows (docs/hive-connector.md), and a benchmark must not retry anyway.
        s.put("tez.am.task.max.failed.attempts", "1");
        if (transactions) {
            s.put("hive.support.concurrency", "true");
            s.put("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DbTxnManager");
            // No compaction behind the benchmark's back: the ACID table keeps the deltas its MERGEs wrote.
            s.put("hive.compactor.initiator.on", "false");
            s.put("hive.compactor.cleaner.on", "false");
            s.put("hive.compactor.worker.threads", "0");
            // The metastore's default transformer refuses ACID tables to a client that declares no capabilities,
            // as this embedded session does ("Processor has no capabilities, cannot create an ACID table").
            s.put("metastore.metadata.transformer.class", " ");
        } else {
            s.put("hive.support.concurrency", "false");
            s.put("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DummyTxnManager");
        }
        return s;
    }

    private static void writeSiteFile(Path file, Map<String, String> settings) throws IOException {
        Files.createDirectories(file.getParent());
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("<?xml version=\"1.0\"?>\n<configuration>\n");
            for (Map.Entry<String, String> e : settings.entrySet()) {
                w.write("  <property><name>" + xml(e.getKey()) + "</name><value>" + xml(e.getValue())
                        + "</value></property>\n");
            }
            w.write("</configuration>\n");
        }
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** Runs Hive's metastore schema script, statement by statement, into a new Derby database. */
    private static void initSchema(Path derby, Path script) throws IOException {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : Files.readAllLines(script, StandardCharsets.UTF_8)) {
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (t.endsWith(";")) {
                String sql = current.toString().trim();
                statements.add(sql.substring(0, sql.length() - 1));
                current.setLength(0);
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:derby:;databaseName=" + derby + ";create=true");
                Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Creating the metastore schema from " + script + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Runs one statement and returns its result rows as Hive prints them (columns separated by tabs).
     *
     * @throws CommandProcessorException when Hive rejects or fails the statement
     */
    List<String> run(String sql) throws CommandProcessorException {
        SessionState.setCurrentSessionState(session);
        if (sql.regionMatches(true, 0, "SET ", 0, 4)) {
            // SET is a command of Hive's clients (CLI, HiveServer2), not of the Driver: run it as they do.
            new SetProcessor().run(sql.substring(4).trim());
            return List.of();
        }
        IDriver driver = DriverFactory.newDriver(conf);
        IOContextMap.clear();
        // MapReduce's mapper leaves a static "done" flag that Hive's record reader obeys: a later Tez task read no row.
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
            // A reader that threw in a Tez task leaves its flag in Hive's static IOContextMap, under the vertex name:
            // every later Tez task of that name would close as aborted and the query return no rows, no error (the
            // tasks are threads of this JVM in local mode). See docs/hive-connector.md.
            IOContextMap.clear();
        }
    }

    /** {@link #run} for statements that must succeed. */
    List<String> execute(String sql) {
        try {
            return run(sql);
        } catch (CommandProcessorException e) {
            throw new IllegalStateException("Hive failed '" + sql + "': " + e.getMessage(), e);
        }
    }
}
