package io.strata.cli;

import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreSyncOptions;
import io.strata.metastore.SnapshotWatcher;
import io.strata.metastore.SyncResult;
import io.strata.metastore.WarehouseSync;
import io.strata.schema.ConfigOption;
import io.strata.schema.SchemaManager;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code strata sync}: registers a table, a database or a whole warehouse in a Hive metastore (columns,
 * partitions, statistics), once or, for one table, following new snapshots ({@code --watch}).
 *
 * <p>Exit codes: 0 every table synced, 1 at least one table failed (each failure printed with its table
 * and reason), 2 bad arguments (picocli's usage-error code). A watch ends on an interrupt, Ctrl-C or a
 * kill (SIGTERM): 0 if the metastore was at the table's latest snapshot then, 1 if it lagged (on a
 * signal the JVM reports the signal's code, 130 or 143, after the same last lines).
 */
@Command(name = "sync", mixinStandardHelpOptions = true,
        description = "Sync Strata tables to a Hive metastore: table entry, partitions and their statistics.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  strata sync --metastore thrift://metastore:9083 --table /lake/shop.db/orders",
            "  strata sync --metastore thrift://metastore:9083 --warehouse /lake",
            "  strata sync --metastore thrift://metastore:9083 --warehouse /lake --database shop",
            "  strata sync --metastore thrift://metastore:9083 --table /lake/shop.db/orders --watch --interval 30s",
            "  strata sync --metastore embedded --warehouse strata-quickstart   (the metastore strata sql reads)",
            "",
            "Exit codes: 0 all tables synced, 1 some table failed (each printed with its reason),"
                    + " 2 bad arguments.",
            "--watch runs until Ctrl-C (or SIGTERM), finishing a running sync; it ends with 0 when the metastore"
                    + " was at the table's latest snapshot, 1 when it lagged."})
final class SyncCommand implements Callable<Integer> {

    /** A class only the metastore server has: without it an embedded metastore cannot run in this JVM. */
    static final String METASTORE_SERVER_CLASS = MetastoreArgument.SERVER_CLASS;
    /** How long a Ctrl-C waits for the running sync to finish before the JVM exits anyway. */
    private static final long STOP_TIMEOUT_SECONDS = 60;
    /** How often watch mode looks whether the watcher synced a new snapshot, to print it. */
    private static final long PROGRESS_MILLIS = 200;

    /** What to sync: exactly one of a table or a warehouse. */
    static final class Target {
        @Option(names = "--table", converter = LocalPathConverter.class, required = true, paramLabel = "<path>", description = "Location of one table.")
        String table;

        @Option(names = "--warehouse", converter = LocalPathConverter.class, required = true, paramLabel = "<path>",
                description = "Warehouse root (<warehouse>/<db>.db/<table>): syncs every table of every database.")
        String warehouse;
    }

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--metastore", required = true, paramLabel = "<uri>",
            description = "thrift://host:port (comma-separated for several), or 'embedded': a metastore in-process,"
                    + " configured by a hive-site.xml ($HIVE_CONF_DIR or the class path) if there is one, else the"
                    + " warehouse's own (<warehouse>/.hive, shared with strata sql and strata quickstart).")
    String metastore;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    /** The metastore as messages name it: the URI, or which database an embedded metastore uses. */
    private String metastoreName;

    @Option(names = "--database", paramLabel = "<db>", description = "With --warehouse: only this database.")
    String database;

    @Option(names = "--watch", description = "Keep following new snapshots of the table until Ctrl-C or SIGTERM "
            + "(--table only).")
    boolean watch;

    @Option(names = "--interval", paramLabel = "<duration>", defaultValue = "10s",
            description = "With --watch: how often to look for a new snapshot (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--no-progress", description = "Never draw the progress bar (drawn on stderr only on a terminal, "
            + "for a table with " + SyncProgress.MIN_PARTITIONS + " partitions or more to write).")
    boolean noProgress;

    @Option(names = "--option", paramLabel = "<key=value>",
            description = "A metastore.sync.* option for this run, over the table's own (repeatable), e.g. "
                    + "metastore.sync.paimon-formats=true metastore.sync.table=events_paimon to register the "
                    + "entry Apache Paimon's catalogs list.")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        validate();
        if (MetastoreArgument.isEmbedded(metastore)) {
            try {
                metastoreName = MetastoreArgument.prepareEmbedded(embeddedWarehouse(), "--warehouse <dir>, or a --table"
                        + " laid out as <warehouse>/<db>.db/<table>");
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            } catch (RuntimeException e) {
                err.printf("FAILED syncing to metastore %s: %s%n", metastore, reason(e));
                err.flush();
                return 1;
            }
        }
        FileIO io = fileIO();
        Map<String, String> options = WarehouseSync.optionsFor(metastore);
        options.putAll(overrides);
        if (watch) {
            options.put(MetastoreSyncOptions.WATCH_INTERVAL.key(), interval);
            return watch(io, path(target.table), options, out, err);
        }
        List<WarehouseSync.Outcome> outcomes;
        try (SyncProgress progress = new SyncProgress(!noProgress);
                WarehouseSync sync = WarehouseSync.connect(io, options, progress)) {
            if (target.table != null) {
                outcomes = List.of(sync.trySyncTable(path(target.table)));
            } else if (database != null) {
                outcomes = sync.syncDatabase(path(target.warehouse), database);
            } else {
                outcomes = sync.syncWarehouse(path(target.warehouse));
            }
        } catch (RuntimeException e) {
            // Connecting or listing the warehouse failed: no table outcome to report.
            err.printf("FAILED syncing to metastore %s: %s%n", metastore, reason(e));
            err.flush();
            return 1;
        }
        return report(outcomes, out, err);
    }

    /** An --option must be a metastore.sync.* option other than the URI (that is --metastore), with a valid value. */
    private void validateOverride(String key, String value) {
        if (key.equals(MetastoreSyncOptions.URI.key())) {
            throw usage("--option " + key + ": give the metastore with --metastore");
        }
        ConfigOption<?> option = MetastoreSyncOptions.ALL.stream()
                .filter(o -> o.key().equals(key)).findFirst()
                .orElseThrow(() -> usage("--option " + key + ": not a metastore sync option; known: "
                        + MetastoreSyncOptions.ALL.stream().map(ConfigOption::key)
                                .filter(k -> !k.equals(MetastoreSyncOptions.URI.key()))
                                .collect(Collectors.joining(", "))));
        try {
            option.get(Map.of(key, value));
        } catch (IllegalArgumentException e) {
            throw usage("--option " + key + "=" + value + ": " + e.getMessage());
        }
    }

    /** Argument checks picocli cannot express; each fails with exit code 2 and a message naming the value. */
    private void validate() {
        for (Map.Entry<String, String> override : overrides.entrySet()) {
            validateOverride(override.getKey(), override.getValue());
        }
        if (overrides.containsKey(MetastoreSyncOptions.TABLE.key()) && target.warehouse != null) {
            throw usage("--option " + MetastoreSyncOptions.TABLE.key() + " names ONE table: use it with --table");
        }
        if (database != null && target.warehouse == null) {
            throw usage("--database needs --warehouse (with --table, the table's own location names it)");
        }
        if (watch && target.warehouse != null) {
            throw usage("--watch follows one table: give --table <path> (a warehouse is not supported in watch mode)");
        }
        String unusable = MetastoreArgument.unusableReason(metastore);
        if (unusable != null) {
            throw usage(unusable);
        }
        try {
            ConfigOption.parseDuration(interval);
        } catch (RuntimeException e) {
            throw usage("Invalid --interval '" + interval + "': " + e.getMessage());
        }
        FileIO io = FileIO.local();
        if (target.table != null) {
            Path location = path(target.table);
            if (new SchemaManager(io, location).latest().isEmpty()) {
                throw usage("No Strata table at " + location + " (no schema/schema-N file)");
            }
        } else {
            File root = new File(target.warehouse);
            if (!root.isDirectory()) {
                throw usage("Warehouse " + target.warehouse + " is not a directory");
            }
            if (database != null && !new File(root, database + ".db").isDirectory()) {
                throw usage("No database '" + database + "' in warehouse " + target.warehouse
                        + " (no " + database + ".db directory)");
            }
        }
    }

    /**
     * The warehouse an embedded metastore keeps its database in when no site file names one: the
     * {@code --warehouse}, or the warehouse of a {@code --table} at {@code <warehouse>/<db>.db/<table>}.
     */
    private java.nio.file.Path embeddedWarehouse() {
        if (target.warehouse != null) {
            return canonical(target.warehouse).toPath();
        }
        return MetastoreArgument.warehouseOfTable(canonical(target.table));
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private int report(List<WarehouseSync.Outcome> outcomes, PrintWriter out, PrintWriter err) {
        List<WarehouseSync.Outcome> failed = new ArrayList<>();
        for (WarehouseSync.Outcome o : outcomes) {
            if (o.succeeded()) {
                out.println(line(o.location(), o.result()));
            } else {
                failed.add(o);
                err.printf("FAILED %s: %s%n", o.location(), reason(o.failure()));
            }
        }
        out.printf("Synced %d of %d table(s) to %s%s%n", outcomes.size() - failed.size(), outcomes.size(), name(),
                failed.isEmpty() ? "" : "; " + failed.size() + " failed");
        out.flush();
        err.flush();
        return failed.isEmpty() ? 0 : 1;
    }

    private String name() {
        return metastoreName != null ? metastoreName : metastore;
    }

    /**
     * One line per table: location, metastore name, mode, partition counts and snapshot. A snapshot moved
     * from the one the metastore described before prints as {@code snapshot <before> -> <after>} (so an
     * unpartitioned table's new snapshot never looks like no change), and "(no change)" only when neither
     * the snapshot, the entry nor a partition changed.
     */
    static String line(Path location, SyncResult r) {
        Long before = r.previousSnapshotId();
        String after = r.snapshotId() < 0 ? "none" : Long.toString(r.snapshotId());
        boolean moved = before != null && before != r.snapshotId();
        boolean noChange = before != null && !moved && !r.tableChanged() && r.added() == 0 && r.updated() == 0
                && r.dropped() == 0;
        return String.format("%s -> %s.%s: %s, partitions +%d ~%d -%d, snapshot %s%s", location, r.database(),
                r.table(), r.mode(), r.added(), r.updated(), r.dropped(), moved ? before + " -> " + after : after,
                noChange ? " (no change)" : r.tableChanged() ? " (table entry written)" : "");
    }

    /**
     * Follows the table until stopped. Stops cleanly on an interrupt of the calling thread and on Ctrl-C
     * or a kill (SIGINT, SIGTERM): the JVM's shutdown hook interrupts the loop and waits until the
     * watcher has finished its running sync and the last line is printed. Returns 0 when the metastore
     * was at the table's latest snapshot when stopped, 1 when it lagged (its last sync failed).
     */
    private int watch(FileIO io, Path location, Map<String, String> options, PrintWriter out, PrintWriter err) {
        SnapshotWatcher watcher = SnapshotWatcher.start(io, location, options);
        CountDownLatch finished = new CountDownLatch(1);
        Thread watching = Thread.currentThread();
        Thread hook = new Thread(() -> {
            watching.interrupt();
            try {
                finished.await(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "strata-sync-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.printf("Watching %s every %s, syncing to %s (Ctrl-C to stop)%n", location, interval, name());
        out.flush();
        long printed = Long.MIN_VALUE;
        boolean interrupted = false;
        try {
            while (watcher.isRunning()) {
                printed = printProgress(location, watcher.lastSyncedSnapshot(), printed, out);
                try {
                    Thread.sleep(PROGRESS_MILLIS);
                } catch (InterruptedException e) {
                    interrupted = true;
                    break;
                }
            }
        } finally {
            // The interrupt is consumed above, so close() can wait for a sync in flight.
            try {
                watcher.close();
            } catch (InterruptedException e) {
                interrupted = true;
            }
            printProgress(location, watcher.lastSyncedSnapshot(), printed, out);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is what stopped us; the JVM exits once it returns.
            }
        }
        try {
            if (watcher.failure().isPresent()) {
                err.printf("strata sync: FAILED: watching %s stopped: %s%n", location, watcher.failure().get());
                err.flush();
                return 1;
            }
            return stopped(location, io, watcher.lastSyncedSnapshot(), out, err);
        } finally {
            finished.countDown();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static long printProgress(Path location, long synced, long printed, PrintWriter out) {
        if (synced != printed && synced != Long.MIN_VALUE) {
            out.printf("%s: metastore at snapshot %s%n", location, synced < 0 ? "none" : Long.toString(synced));
            out.flush();
        }
        return synced;
    }

    /** The last lines of a watch: where the metastore stands against the table. */
    private int stopped(Path location, FileIO io, long synced, PrintWriter out, PrintWriter err) {
        Long latest = Tables.load(io, location).snapshots().latestSnapshotId();
        long table = latest == null ? -1 : latest;
        String at = synced == Long.MIN_VALUE || synced < 0 ? "none" : Long.toString(synced);
        out.printf("Stopped watching %s: metastore at snapshot %s, table at snapshot %s%n", location, at,
                table < 0 ? "none" : Long.toString(table));
        out.flush();
        if (synced != table) {
            err.printf("FAILED %s: the metastore %s is behind the table (at snapshot %s, table at %s): see the"
                    + " warnings above, run strata sync again%n", location, name(), at, table);
            err.flush();
            return 1;
        }
        return 0;
    }

    /**
     * The file system, configured for the metastore too. WHY the metastore's own configuration for
     * {@code embedded}: the in-process metastore takes its database ({@code javax.jdo.*}) from
     * hive-site.xml / metastore-site.xml on the classpath or {@code $HIVE_CONF_DIR}, which a plain Hadoop
     * configuration does not read.
     */
    private FileIO fileIO() {
        return MetastoreArgument.fileIO(metastore);
    }

    /** A local path as a file: URI without the trailing slash a directory's URI has (the sync reads names). */
    private static Path path(String text) {
        String uri = canonical(text).toURI().toString();
        return new Path(uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri);
    }

    private static File canonical(String text) {
        try {
            return new File(text).getCanonicalFile();
        } catch (IOException e) {
            return new File(text).getAbsoluteFile();
        }
    }

    private static String reason(Throwable e) {
        StringBuilder s = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
            if (c.getMessage() != null && !s.toString().contains(c.getMessage())) {
                s.append(" (caused by ").append(c.getMessage()).append(')');
                break;
            }
        }
        return s.toString();
    }
}
