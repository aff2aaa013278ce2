package io.strata.cli.hive;

import io.strata.hive.CompactStatementHook;
import io.strata.hive.MergeUpsertHook;
import io.strata.hive.TagStatementHook;
import io.strata.hive.StatementRollbackHook;
import io.strata.metastore.EmbeddedMetastoreSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the embedded Hive of a warehouse keeps its state: {@code <warehouse>/.hive}, holding the Derby
 * metastore ({@code metastore_db}), the generated {@code hive-site.xml}, scratch directories and the logs.
 * WHY inside the warehouse: the tables and the metastore that registers them travel together, so
 * {@code strata sql --warehouse <dir>} finds what {@code strata quickstart --warehouse <dir>} synced.
 * The directory name starts with a dot, so warehouse listings (databases are {@code <db>.db}) skip it.
 */
public final class HiveHome {

    /** Name of the directory under the warehouse. */
    public static final String DIRECTORY = ".hive";

    private final Path warehouse;
    private final Path dir;

    /** The Hive home of {@code warehouse} (nothing is created yet). */
    public HiveHome(Path warehouse) {
        this.warehouse = warehouse.toAbsolutePath().normalize();
        this.dir = this.warehouse.resolve(DIRECTORY);
    }

    public Path warehouse() {
        return warehouse;
    }

    public Path directory() {
        return dir;
    }

    /** The Derby database of the metastore. */
    public Path metastoreDb() {
        return dir.resolve("metastore_db");
    }

    /** Whether a metastore was created here before. */
    public boolean hasMetastore() {
        return Files.isDirectory(metastoreDb());
    }

    public Path logDirectory() {
        return dir.resolve("logs");
    }

    /** The file Hive, its metastore and MapReduce log to. */
    public Path logFile() {
        return logDirectory().resolve("hive.log");
    }

    public Path siteFile() {
        return dir.resolve("hive-site.xml");
    }

    /** Creates the directories and writes {@code hive-site.xml}; returns the site file. */
    Path writeSite() throws IOException {
        Files.createDirectories(logDirectory());
        return EmbeddedMetastoreSettings.writeSiteFile(siteFile(), settings());
    }

    /**
     * Hive's settings for an in-process Hive 4.1 on JDK 17 (see HIVE4.md for why each is needed): the
     * embedded Derby metastore every strata harness shares ({@link EmbeddedMetastoreSettings}, its
     * database in {@link #metastoreDb()}), plus what only a Hive session needs: the warehouse as Hive's
     * warehouse, Tez in local mode (the default engine) and local MapReduce, no statistics gathering, and every scratch and log directory under this
     * home.
     */
    Map<String, String> settings() {
        String warehouseUri = warehouse.toUri().toString();
        Map<String, String> s = EmbeddedMetastoreSettings.derby(dir);
        // Tables Hive creates land in the same warehouse layout (<warehouse>/<db>.db/<table>) Strata uses.
        s.put("hive.metastore.warehouse.dir", warehouseUri);
        s.put("hive.metastore.warehouse.external.dir", warehouseUri);
        s.put("hive.exec.scratchdir", dir.resolve("scratch").toString());
        s.put("hive.exec.local.scratchdir", dir.resolve("local-scratch").toString());
        s.put("hive.downloaded.resources.dir", dir.resolve("resources").toString());
        s.put("hive.querylog.location", logDirectory().resolve("queries").toString());
        s.put("hive.server2.logging.operation.log.location", logDirectory().resolve("operations").toString());
        s.put("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
        s.put("mapreduce.cluster.local.dir", dir.resolve("mr-local").toString());
        // Hive 4's default engine; EmbeddedHiveSession applies the one asked for (strata sql --engine), and
        // SET hive.execution.engine=mr|tez switches in a session.
        s.put("hive.execution.engine", HiveEngine.TEZ.setting());
        tez(s);
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
        // Result columns named "dt", not "orders.dt".
        s.put("hive.resultset.use.unique.column.names", "false");
        // The connector's hooks, as docs/hive-connector.md advises a deployment: a failed write leaves no files
        // (and CTAS works), a MERGE that is an upsert by key runs without reading the target, and CREATE TAG / DROP
        // TAG compile for Strata tables.
        s.put("hive.query.lifetime.hooks", StatementRollbackHook.class.getName());
        s.put("hive.semantic.analyzer.hook", MergeUpsertHook.class.getName() + "," + TagStatementHook.class.getName()
                + "," + CompactStatementHook.class.getName());
        // Hive polls a running MapReduce job every 1,000 ms and a Tez DAG every 500 ms by default: in a local
        // session every statement would wait for the next poll. A poll here is a method call, not an RPC.
        s.put("hive.exec.counters.pull.interval", "50");
        s.put("hive.tez.dag.status.check.interval", "50ms");
        return s;
    }

    /**
     * Tez in local mode inside this process (HIVE4.md, "Tez local mode"; Hive's own TEZ_LOCAL test cluster
     * uses the same): no RPC listener, no web UI, no recovery, small sort buffers, staging under this home.
     */
    private void tez(Map<String, String> s) {
        s.put("tez.local.mode", "true");
        s.put("tez.local.mode.without.network", "true");
        s.put("tez.runtime.optimize.local.fetch", "true");
        s.put("tez.staging-dir", dir.resolve("tez-staging").toString());
        // Tez local mode localizes resources in a new directory under this one (which must exist); its default is the
        // working directory.
        s.put("tez.local.cache.root.folder", dir.toString());
        // Hive copies hive-exec.jar here once per session.
        s.put("hive.jar.directory", dir.resolve("jars").toString());
        s.put("hive.user.install.directory", dir.resolve("user-install").toString());
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
        s.put("hive.prewarm.enabled", "false");
        // Task attempts are threads of this process: each starts without what a failed one left in Hive's
        // static input contexts (TaskInputContextReset says why).
        s.put("tez.task.attempt.hooks", TaskInputContextReset.class.getName());
    }
}
