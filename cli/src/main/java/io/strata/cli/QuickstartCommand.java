package io.strata.cli;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.cli.hive.EmbeddedHiveSession;
import io.strata.cli.hive.HiveEngine;
import io.strata.cli.hive.HiveHome;
import io.strata.cli.hive.QueryResult;
import io.strata.cli.hive.ResultTable;
import io.strata.cli.hive.SqlException;
import io.strata.cli.quickstart.ChangeFeed;
import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreSyncOptions;
import io.strata.metastore.WarehouseSync;
import io.strata.table.Table;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code strata quickstart}: the whole path on one machine with only a JDK. Creates a local warehouse with
 * a primary-key table and a partial-update wide table, streams a generated change-data feed into them
 * (several commits of inserts, updates and deletes; two sources merged into the wide table), compacts,
 * syncs them into an embedded metastore (Derby under the warehouse), starts an embedded Hive 4.1 and
 * runs HiveQL on them: a merged read, a partition-pruned aggregate, time travel and the wide table.
 *
 * <p>A second run on the same warehouse continues (one more round of commits) unless {@code --fresh}.
 */
@Command(name = "quickstart", mixinStandardHelpOptions = true,
        description = {"Create a local warehouse and an embedded metastore, stream a change-data feed into a "
                + "primary-key table and a partial-update wide table, compact, sync, and query them with an "
                + "embedded Hive 4.1.",
            "A second run continues on the same tables (more commits); --fresh starts over."},
        footerHeading = "%nExamples:%n",
        footer = {"  strata quickstart",
            "  strata quickstart --warehouse /tmp/lake --fresh",
            "  strata quickstart --engine mr",
            "  strata sql --warehouse /tmp/lake -e \"SELECT * FROM shop.orders\"",
            "",
            "Exit codes: 0 done; 1 the warehouse's metastore is in use by another process, or a sync or query"
                    + " failed (named on the error output); 2 bad arguments."})
final class QuickstartCommand implements Callable<Integer> {

    static final String DATABASE = "shop";
    static final Identifier ORDERS = Identifier.of(DATABASE, "orders");
    static final Identifier CUSTOMERS = Identifier.of(DATABASE, "customer_360");
    /** Set by bin/strata to how it was invoked, so the printed next steps can be pasted as they are. */
    static final String LAUNCHER_PROPERTY = "strata.launcher";
    private static final Pattern PARTITION = Pattern.compile("\"partitionName\":\"[^\"]*@([^\"@]+)\"");

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--warehouse", converter = LocalPathConverter.ToFile.class, paramLabel = "<dir>", defaultValue = "strata-quickstart",
            description = "Warehouse directory (default: ${DEFAULT-VALUE}); the metastore and Hive's logs go "
                    + "under <dir>/.hive.")
    File warehouse;

    @Option(names = "--engine", paramLabel = "<tez|mr>", defaultValue = "tez", converter = EngineConverter.class,
            description = "Engine of the embedded Hive: tez (Hive 4's default, local mode) or mr (MapReduce)"
                    + " (default: ${DEFAULT-VALUE}).")
    HiveEngine engine;

    @Option(names = "--fresh", description = "Start over: drop the quickstart tables and the metastore first.")
    boolean fresh;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path root = warehouse.toPath().toAbsolutePath().normalize();
        Files.createDirectories(root);
        try {
            // Before writing anything: the sync and the queries need the metastore to themselves.
            EmbeddedHiveSession.ensureAvailable(root);
        } catch (IllegalStateException e) {
            spec.commandLine().getErr().printf("strata quickstart: %s%n", e.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        }
        FileIO io = FileIO.local();
        FileSystemCatalog catalog = new FileSystemCatalog(io, hadoopPath(root));
        boolean existed = catalog.tableExists(ORDERS) && catalog.tableExists(CUSTOMERS);
        if (fresh) {
            startOver(root, catalog);
        }
        boolean continuing = existed && !fresh;

        catalog.createDatabase(DATABASE, true);
        Table orders = catalog.createTable(ORDERS, ChangeFeed.ordersSchema(), true);
        Table customers = catalog.createTable(CUSTOMERS, ChangeFeed.customer360Schema(), true);
        ChangeFeed feed = new ChangeFeed(orders, customers, c -> out.printf("  %-13s %-30s commit %2d -> snapshot %2d: %s%n",
                c.table(), c.stream(), c.identifier(), c.snapshot(), c.what()));
        int round = feed.nextRound();
        out.printf("Strata quickstart in warehouse %s%n", root);
        out.printf(continuing
                ? "  Continuing on the existing tables (round %d: more commits); --fresh starts over.%n"
                : fresh && existed ? "  Starting fresh (--fresh): tables and metastore recreated (round %d).%n"
                : "  New warehouse: creating the tables and the metastore (round %d).%n", round);
        out.printf("  %s         primary key (dt, order_id), partitioned by dt, 2 buckets%n", ORDERS);
        out.printf("  %s   primary key customer_id, merge-engine=partial-update, filled by 2 streams%n", CUSTOMERS);

        out.printf("%n1. Change-data feed: stream writes with commit identifiers%n");
        long started = System.nanoTime();
        long timeTravelSnapshot = feed.writeRound(round);
        out.printf("  (%s)%n", since(started));

        out.printf("%n2. Compaction%n");
        started = System.nanoTime();
        long ordersCompacted = orders.compactFull();
        long customersCompacted = customers.compactFull();
        out.printf("  %s: snapshot %d, %s: snapshot %d (COMPACT) (%s)%n", ORDERS, ordersCompacted, CUSTOMERS,
                customersCompacted, since(started));

        out.printf("%n3. Metastore sync (embedded Derby metastore under %s)%n", new HiveHome(root).directory());
        started = System.nanoTime();
        try {
            if (!sync(root, out)) {
                return 1;
            }
        } catch (IllegalStateException e) {
            out.flush();
            spec.commandLine().getErr().printf("strata quickstart: %s%n", e.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        }
        out.printf("  (%s)%n", since(started));

        out.printf("%n4. Embedded Hive 4.1 on %s (local mode, in this process)%n", engine.displayName());
        started = System.nanoTime();
        EmbeddedHiveSession hive = EmbeddedHiveSession.open(root, engine);
        out.printf("  started (%s); Hive's logs: %s%n", since(started), hive.home().logFile());
        out.flush();

        try {
            queries(hive, out, timeTravelSnapshot);
        } catch (SqlException e) {
            out.flush();
            spec.commandLine().getErr().printf("FAILED: %s%n  statement: %s%n  Hive's log: %s%n", e.getMessage(),
                    e.statement(), hive.home().logFile());
            spec.commandLine().getErr().flush();
            return 1;
        }

        String cmd = System.getProperty(LAUNCHER_PROPERTY, "strata") + " ";
        String wh = " --warehouse " + root;
        out.printf("%nWhat next:%n");
        nextStep(out, cmd + "sql" + wh, "HiveQL shell on these tables (quit; to leave)");
        nextStep(out, cmd + "sql" + wh + " -e \"SELECT * FROM shop.orders\"", "run statements and exit");
        nextStep(out, cmd + "quickstart" + wh, "continue: one more round of commits");
        nextStep(out, cmd + "quickstart" + wh + " --fresh", "start over");
        nextStep(out, cmd + "snapshots" + wh + " --table shop.orders", "the snapshots the feed made");
        out.flush();
        return 0;
    }

    /** The HiveQL part: each query printed with its result table and time. */
    private static void queries(EmbeddedHiveSession hive, PrintWriter out, long timeTravelSnapshot) throws SqlException {
        query(hive, out, "Merged read of the primary-key table (latest snapshot: updates applied, deletes gone)",
                "SELECT dt, order_id, customer_id, amount, status FROM shop.orders ORDER BY order_id");
        String aggregate = "SELECT count(*) AS orders, sum(amount) AS revenue FROM shop.orders WHERE dt = '2026-12-02'";
        query(hive, out, "Partition-pruned aggregate", aggregate);
        showPruning(hive, out, aggregate);
        query(hive, out, "Time travel: the orders as of snapshot " + timeTravelSnapshot
                        + " (this run's first commit)",
                "SELECT dt, order_id, amount, status FROM shop.orders FOR SYSTEM_VERSION AS OF " + timeTravelSnapshot
                        + " ORDER BY order_id");
        query(hive, out, "The wide table: name and city from the profile stream, order columns from the"
                + " orders-summary stream, merged per customer",
                "SELECT * FROM shop.customer_360 ORDER BY customer_id");
    }

    private static void nextStep(PrintWriter out, String command, String what) {
        out.printf("  %s%n      %s%n", command, what);
    }

    /** Drops the quickstart tables and, unless this process's Hive uses it, the whole metastore. */
    private static void startOver(Path root, FileSystemCatalog catalog) throws IOException, SqlException {
        EmbeddedHiveSession hive = EmbeddedHiveSession.runningFor(root);
        if (hive != null) {
            // Hive holds the metastore open: drop the entries (external tables: the hook keeps the files).
            hive.execute("DROP TABLE IF EXISTS " + ORDERS);
            hive.execute("DROP TABLE IF EXISTS " + CUSTOMERS);
        } else {
            deleteRecursively(new HiveHome(root).directory());
        }
        for (Identifier id : List.of(ORDERS, CUSTOMERS)) {
            if (catalog.tableExists(id)) {
                catalog.dropTable(id);
            }
        }
    }

    /** Registers both tables (and their partitions) in the warehouse's embedded metastore. */
    private boolean sync(Path root, PrintWriter out) {
        EmbeddedHiveSession.configure(root);
        FileIO io = new FileIO(MetastoreConf.newMetastoreConf());
        List<WarehouseSync.Outcome> outcomes;
        try (WarehouseSync sync = WarehouseSync.connect(io, WarehouseSync.optionsFor(MetastoreSyncOptions.EMBEDDED))) {
            outcomes = sync.syncDatabase(hadoopPath(root), DATABASE);
        }
        boolean ok = true;
        for (WarehouseSync.Outcome o : outcomes) {
            if (o.succeeded()) {
                out.println("  " + SyncCommand.line(o.location(), o.result()));
            } else {
                ok = false;
                spec.commandLine().getErr().printf("FAILED syncing %s: %s%n", o.location(), o.failure().getMessage());
            }
        }
        spec.commandLine().getErr().flush();
        return ok;
    }

    private static void query(EmbeddedHiveSession hive, PrintWriter out, String title, String sql) throws SqlException {
        out.printf("%n-- %s%n", title);
        out.printf("hive> %s;%n", sql);
        QueryResult result = hive.execute(sql);
        List<String> lines = ResultTable.format(result);
        for (String line : lines.subList(0, lines.size() - 1)) {
            out.println(line);
        }
        out.printf("%s (%s)%n", lines.get(lines.size() - 1), millis(result.millis()));
        out.flush();
    }

    /** Shows which partitions Hive reads for {@code sql}, from EXPLAIN DEPENDENCY, against all partitions. */
    private static void showPruning(EmbeddedHiveSession hive, PrintWriter out, String sql) throws SqlException {
        QueryResult dependency = hive.execute("EXPLAIN DEPENDENCY " + sql);
        List<String> read = new ArrayList<>();
        for (List<String> row : dependency.rows()) {
            Matcher m = PARTITION.matcher(String.join("\t", row));
            while (m.find()) {
                read.add(m.group(1));
            }
        }
        int all = hive.execute("SHOW PARTITIONS " + ORDERS).rows().size();
        out.printf("hive> EXPLAIN DEPENDENCY %s;%n", sql);
        out.printf("  pruning: Hive reads %d of %d partitions of %s: %s (%s)%n", read.size(), all, ORDERS,
                String.join(", ", read), millis(dependency.millis()));
    }

    private static org.apache.hadoop.fs.Path hadoopPath(Path dir) {
        String uri = dir.toUri().toString();
        return new org.apache.hadoop.fs.Path(uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private static String since(long startNanos) {
        return millis((System.nanoTime() - startNanos) / 1_000_000);
    }

    private static String millis(long ms) {
        return ms < 1000 ? ms + " ms" : String.format("%.1f s", ms / 1000.0);
    }
}
