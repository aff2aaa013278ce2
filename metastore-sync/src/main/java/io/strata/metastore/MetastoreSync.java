package io.strata.metastore;

import io.strata.catalog.Identifier;
import io.strata.snapshot.Snapshot;
import io.strata.table.change.SnapshotDiff;
import io.strata.table.source.PartitionStatistics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.AddPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.AlterTableRequest;
import org.apache.hadoop.hive.metastore.api.CreateTableRequest;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.DropPartitionsRequest;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.RequestPartsSpec;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the Hive Metastore to one snapshot of a Strata table: the table entry (created if missing,
 * columns and options rewritten when the schema changed, cascading to the partitions' columns), then
 * its partitions, in an order that never shows a client a partition whose data is not committed:
 *
 * <ol>
 *   <li>add partitions that gained data and rewrite the statistics of changed ones;
 *   <li>advance the table's {@code strata.snapshot-id} (and, unpartitioned, its statistics);
 *   <li>drop partitions that hold no live data any more.
 * </ol>
 *
 * <p>Incremental: from the snapshot the metastore records, only the partitions whose files changed in
 * between are read and touched. A full reconcile compares every partition instead, when there is no
 * recorded snapshot, that history has expired, or the recorded snapshot does not exist (a recreated
 * table). If the metastore records a newer snapshot that exists, nothing is done (a concurrent sync
 * got further). Every step is idempotent, and the table keeps the snapshot synced before the current
 * one, so a sync interrupted at any step and run again converges.
 */
public final class MetastoreSync implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetastoreSync.class);

    /**
     * How far the partition writes of one table's sync are: called on the syncing thread with 0 before
     * the first batch and after every batch of partitions added, updated or dropped.
     */
    @FunctionalInterface
    public interface Progress {

        Progress NONE = (table, done, total) -> { };

        /** {@code done} of {@code total} partitions of {@code table} ("db.table") written so far. */
        void partitionsWritten(String table, int done, int total);
    }

    private final MetastoreSession session;
    private final Map<String, String> overrides;
    private volatile Progress progress = Progress.NONE;

    /** A sync over {@code session}; {@code overrides} take precedence over each table's own options. */
    public MetastoreSync(MetastoreSession session, Map<String, String> overrides) {
        this.session = session;
        this.overrides = Map.copyOf(overrides);
    }

    /** Reports the partition writes of the following syncs to {@code progress} (a progress bar). */
    public MetastoreSync onProgress(Progress progress) {
        this.progress = progress == null ? Progress.NONE : progress;
        return this;
    }

    /** A sync to the metastore at {@code options}' {@code metastore.sync.uri}. */
    public static MetastoreSync connect(Map<String, String> options, Configuration hadoopConf) {
        String uri = MetastoreSyncOptions.URI.get(options);
        return new MetastoreSync(MetastoreSession.create(MetastoreSession.ClientFactory.of(uri, hadoopConf), options), options);
    }

    /** The table's options with this sync's overrides on top. */
    Map<String, String> options(io.strata.table.Table table) {
        Map<String, String> merged = new HashMap<>(table.schema().options());
        merged.putAll(overrides);
        return merged;
    }

    /** The metastore database and table name of {@code table}: from the options, else the warehouse layout. */
    public static String[] metastoreName(io.strata.table.Table table, Map<String, String> options) {
        Path location = table.location();
        String db = MetastoreSyncOptions.DATABASE.get(options);
        String name = MetastoreSyncOptions.TABLE.get(options);
        if (db == null) {
            String parent = location.getParent() == null ? "" : location.getParent().getName();
            if (!parent.endsWith(".db") || parent.length() == 3) {
                throw new IllegalArgumentException("Table " + location + " is not in a warehouse layout"
                        + " <warehouse>/<db>.db/<table>: set " + MetastoreSyncOptions.DATABASE.key());
            }
            db = parent.substring(0, parent.length() - 3);
        }
        if (name == null) {
            name = location.getName();
        }
        // The rule every Strata name follows, which the metastore's default one equals: say so before calling it.
        Identifier.checkName("metastore database", db);
        Identifier.checkName("metastore table", name);
        return new String[] {db.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT)};
    }

    /** Syncs the table's latest snapshot (or only its entry, if it has none). */
    public SyncResult sync(io.strata.table.Table table) {
        Long latest = table.snapshots().latestSnapshotId();
        return syncTo(table, latest == null ? -1 : latest);
    }

    /** Syncs snapshot {@code snapshotId} (-1: the table entry only, for a table without snapshots). */
    public SyncResult syncTo(io.strata.table.Table loaded, long snapshotId) {
        return syncTo(loaded, snapshotId, false);
    }

    private SyncResult syncTo(io.strata.table.Table loaded, long snapshotId, boolean forceFull) {
        // The latest schema, not the writer's: a schema change without a commit must reach the metastore too.
        io.strata.table.Table table = io.strata.catalog.Tables.load(loaded.fileIO(), loaded.location());
        Map<String, String> options = options(table);
        String[] name = metastoreName(table, options);
        String db = name[0];
        String tbl = name[1];
        String full = db + "." + tbl;
        boolean paimonFormats = MetastoreSyncOptions.PAIMON_FORMATS.get(options);
        HiveTableDefinition definition = new HiveTableDefinition(table, db, tbl, paimonFormats);
        int batch = MetastoreSyncOptions.PARTITION_BATCH_SIZE.get(options);
        Snapshot snapshot = snapshotId < 0 ? null : table.snapshots().snapshot(snapshotId);

        Table hive = session.call("Reading table " + full, (c, t) -> {
            try {
                return c.getTable(db, tbl);
            } catch (NoSuchObjectException e) {
                return null;
            }
        });
        boolean created = false;
        if (hive == null) {
            hive = create(definition, db, tbl, table.location());
            created = true;
        } else {
            String handler = hive.getParameters() == null ? null : hive.getParameters().get("storage_handler");
            boolean ours = HiveTableDefinition.ours(handler, paimonFormats);
            if (handler != null && !ours) {
                throw new MetastoreSyncException("Metastore table " + full + " belongs to storage handler " + handler
                        + ", not Strata's; it was not changed (adopt it first, or sync under another name with "
                        + MetastoreSyncOptions.TABLE.key() + ")");
            }
        }
        Long recorded = parseId(hive.getParameters().get(HiveTableDefinition.SNAPSHOT_ID));
        Long previous = parseId(hive.getParameters().get(HiveTableDefinition.PREVIOUS_SNAPSHOT_ID));
        if (snapshot != null && recorded != null && recorded > snapshotId
                && table.snapshots().snapshotExists(recorded)) {
            LOG.info("Metastore table {} already describes snapshot {} of {}, newer than {}", full, recorded,
                    table.location(), snapshotId);
            return new SyncResult(db, tbl, recorded, SyncResult.Mode.AHEAD, false, 0, 0, 0, recorded);
        }

        boolean tableChanged = created;
        Table definitionChange = hive.deepCopy();
        if (definition.applyDefinition(definitionChange)) {
            // CASCADE rewrites every partition's column list in the same metastore transaction, so readers
            // of old partitions see renamed and widened columns too.
            EnvironmentContext ctx = context(definition.partitioned());
            Table change = definitionChange;
            session.call("Altering table " + full + " (schema " + table.schema().id() + ")", (c, t) -> {
                c.alter_table_with_environmentContext(db, tbl, change, ctx);
                return null;
            });
            hive = definitionChange;
            tableChanged = true;
        }
        if (snapshot == null) {
            return new SyncResult(db, tbl, -1, SyncResult.Mode.FULL, tableChanged, 0, 0, 0, recorded);
        }

        Optional<Set<String>> changed = forceFull ? Optional.empty() : changedPartitions(table, recorded, previous, snapshotId);
        SyncResult.Mode mode = changed.isPresent() ? SyncResult.Mode.INCREMENTAL : SyncResult.Mode.FULL;
        int added = 0;
        int updated = 0;
        List<String> toDrop = new ArrayList<>();
        PartitionWrites writes = null;
        PartitionStatistics.Partition whole = null;
        if (definition.partitioned()) {
            Map<String, PartitionStatistics.Partition> stats = changed.isPresent()
                    ? PartitionStatistics.of(table, snapshot, changed.get())
                    : PartitionStatistics.of(table, snapshot);
            Map<String, PartitionStatistics.Partition> byHiveName = new LinkedHashMap<>();
            for (PartitionStatistics.Partition p : stats.values()) {
                byHiveName.put(definition.hiveName(definition.hiveValues(p)), p);
            }
            List<String> candidates = new ArrayList<>();
            if (changed.isPresent()) {
                for (String path : changed.get()) {
                    candidates.add(definition.hiveNameOfPath(path));
                }
            } else {
                List<String> inMetastore = session.call("Listing partitions of " + full,
                        (c, t) -> c.listPartitionNames(db, tbl, (short) -1));
                candidates.addAll(inMetastore);
            }
            Map<String, Partition> existing = fetch(db, tbl, candidates, byHiveName, definition, batch, full);
            List<Partition> adds = new ArrayList<>();
            List<Partition> alters = new ArrayList<>();
            for (Map.Entry<String, PartitionStatistics.Partition> e : byHiveName.entrySet()) {
                Partition old = existing.get(e.getKey());
                if (old == null) {
                    adds.add(definition.newPartition(e.getValue(), snapshotId));
                } else if (!definition.upToDate(old, e.getValue())) {
                    definition.applyPartition(old, e.getValue(), snapshotId);
                    alters.add(old);
                }
            }
            for (String candidate : candidates) {
                if (!byHiveName.containsKey(candidate)) {
                    // Incremental: a changed partition without live files; dropped if it exists.
                    toDrop.add(candidate);
                }
            }
            writes = new PartitionWrites(full, adds.size() + alters.size() + toDrop.size());
            for (List<Partition> part : batches(adds, batch)) {
                session.call("Adding " + part.size() + " partitions to " + full, (c, t) -> {
                    addPartitions(c, t, db, tbl, part);
                    return null;
                });
                writes.done(part.size());
            }
            for (List<Partition> part : batches(alters, batch)) {
                session.call("Updating " + part.size() + " partitions of " + full, (c, t) -> {
                    c.alter_partitions(db, tbl, part, context(false));
                    return null;
                });
                writes.done(part.size());
            }
            added = adds.size();
            updated = alters.size();
        } else {
            whole = PartitionStatistics.of(table, snapshot).get("");
        }

        Table advanced = hive.deepCopy();
        definition.applySnapshot(advanced, snapshotId,
                recorded != null && recorded == snapshotId ? previous : recorded, whole);
        if (!advanced.getParameters().equals(hive.getParameters())) {
            String expected = recorded == null ? null : hive.getParameters().get(HiveTableDefinition.SNAPSHOT_ID);
            try {
                session.call("Advancing " + full + " to snapshot " + snapshotId, (c, t) -> {
                    advance(c, t, db, tbl, advanced, expected);
                    return null;
                });
            } catch (MetastoreSyncException e) {
                if (!concurrentlyAdvanced(e)) {
                    throw e;
                }
                // Another sync moved the table since we read it: what we added may be stale against its
                // snapshot, so compare everything, at the newer of the two snapshots.
                Long latest = table.snapshots().latestSnapshotId();
                long target = Math.max(snapshotId, latest == null ? snapshotId : latest);
                LOG.warn("Metastore table {} was advanced by a concurrent sync; reconciling fully at snapshot {}", full, target);
                if (forceFull) {
                    throw e;
                }
                return syncTo(loaded, target, true);
            }
        }

        for (List<String> names : batches(toDrop, batch)) {
            session.call("Dropping " + names.size() + " emptied partitions of " + full, (c, t) -> {
                dropByName(c, t, db, tbl, names);
                return null;
            });
            writes.done(names.size());
        }
        LOG.info("Synced {} to snapshot {} of {} ({}): {} partitions added, {} updated, {} dropped", full, snapshotId,
                table.location(), mode, added, updated, toDrop.size());
        return new SyncResult(db, tbl, snapshotId, mode, tableChanged, added, updated, toDrop.size(), recorded);
    }

    /** Counts one table's partition writes for {@link Progress}. */
    private final class PartitionWrites {

        private final String table;
        private final int total;
        private int done;

        PartitionWrites(String table, int total) {
            this.table = table;
            this.total = total;
            if (total > 0) {
                progress.partitionsWritten(table, 0, total);
            }
        }

        void done(int partitions) {
            done += partitions;
            progress.partitionsWritten(table, done, total);
        }
    }

    /** The partition paths to look at, or empty for a full reconcile. */
    private static Optional<Set<String>> changedPartitions(io.strata.table.Table table, Long recorded, Long previous, long target) {
        if (recorded == null || recorded > target) {
            return Optional.empty();
        }
        if (recorded == target) {
            // Redo the last step: a sync interrupted after advancing the table may still owe its drops.
            return previous == null || previous > target ? Optional.of(new TreeSet<>())
                    : SnapshotDiff.changedPartitions(table, previous, target);
        }
        return SnapshotDiff.changedPartitions(table, recorded, target);
    }

    private Table create(HiveTableDefinition definition, String db, String tbl, Path location) {
        Path parent = location.getParent();
        if (parent != null && parent.getName().equals(db + ".db")) {
            session.call("Creating database " + db, (c, t) -> {
                try {
                    c.getDatabase(db);
                } catch (NoSuchObjectException e) {
                    try {
                        c.createDatabase(new Database(db, "", parent.toString(), new HashMap<>()));
                    } catch (AlreadyExistsException raced) {
                        // Another sync created it first.
                    }
                }
                return null;
            });
        }
        Table fresh = definition.newTable();
        return session.call("Creating table " + db + "." + tbl, (c, t) -> {
            try {
                CreateTableRequest request = new CreateTableRequest(fresh.deepCopy());
                request.setEnvContext(context(false));
                c.createTable(request);
            } catch (AlreadyExistsException e) {
                // A retry after a create that landed, or a concurrent sync: use what is there.
            }
            return c.getTable(db, tbl);
        });
    }

    /** The metastore entries of the wanted partitions among {@code candidates} (the others are only dropped, by name). */
    private Map<String, Partition> fetch(String db, String tbl, List<String> candidates,
            Map<String, PartitionStatistics.Partition> wanted, HiveTableDefinition definition, int batch, String full) {
        Map<String, Partition> existing = new HashMap<>();
        List<String> names = new ArrayList<>();
        for (String candidate : candidates) {
            if (wanted.containsKey(candidate)) {
                names.add(candidate);
            }
        }
        for (List<String> part : batches(names, batch)) {
            List<Partition> got = session.call("Reading " + part.size() + " partitions of " + full,
                    (c, t) -> c.getPartitionsByNames(db, tbl, part));
            for (Partition p : got) {
                existing.put(definition.hiveName(p.getValues()), p);
            }
        }
        return existing;
    }

    /**
     * Sets the table's new snapshot parameters. With the Thrift interface and a recorded snapshot, only if
     * the table still records it ({@code alter_table_req} with an expected parameter value, the metastore's
     * compare-and-set): two syncs racing can never move the table backwards or hide stale partitions.
     */
    private static void advance(IMetaStoreClient client, ThriftHiveMetastore.Iface thrift, String db, String tbl,
            Table advanced, String expectedSnapshot) throws Exception {
        if (thrift != null && expectedSnapshot != null) {
            AlterTableRequest request = new AlterTableRequest(db, tbl, advanced);
            request.setEnvironmentContext(context(false));
            request.setExpectedParameterKey(HiveTableDefinition.SNAPSHOT_ID);
            request.setExpectedParameterValue(expectedSnapshot);
            thrift.alter_table_req(request);
            return;
        }
        client.alter_table_with_environmentContext(db, tbl, advanced, context(false));
    }

    private static boolean concurrentlyAdvanced(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("The table has been modified")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds partitions, skipping those that exist. Through the Thrift request when possible, because
     * only it carries the context that stops the metastore from replacing our statistics with a listing
     * of the partition directory (which also counts files that are no longer live) and from clearing
     * {@code COLUMN_STATS_ACCURATE}; otherwise the plain call, followed by rewriting the statistics.
     */
    private static void addPartitions(IMetaStoreClient client, ThriftHiveMetastore.Iface thrift, String db, String tbl,
            List<Partition> partitions) throws Exception {
        if (thrift != null) {
            AddPartitionsRequest request = new AddPartitionsRequest(db, tbl, new ArrayList<>(partitions), true);
            request.setNeedResult(false);
            request.setEnvironmentContext(context(false));
            thrift.add_partitions_req(request);
            return;
        }
        client.add_partitions(partitions, true, false);
        client.alter_partitions(db, tbl, partitions, context(false));
    }

    /**
     * Drops partitions by name in one request ({@code drop_partitions_req} with the names; Hive 4.1's
     * IMetaStoreClient offers batched drops only by serialized expression, which needs Hive's query
     * classes); partitions already gone are skipped; data is never deleted.
     */
    private static void dropByName(IMetaStoreClient client, ThriftHiveMetastore.Iface thrift, String db, String tbl,
            List<String> names) throws Exception {
        if (thrift != null) {
            DropPartitionsRequest request = new DropPartitionsRequest(db, tbl, RequestPartsSpec.names(new ArrayList<>(names)));
            request.setIfExists(true);
            request.setDeleteData(false);
            request.setNeedResult(false);
            thrift.drop_partitions_req(request);
            return;
        }
        for (String name : names) {
            try {
                client.dropPartition(db, tbl, name, false);
            } catch (NoSuchObjectException gone) {
                // Dropped by an earlier, interrupted run.
            }
        }
    }

    private static EnvironmentContext context(boolean cascade) {
        Map<String, String> props = new HashMap<>();
        // The metastore would otherwise recompute numFiles/totalSize by listing directories, which for a
        // Strata table also counts files that are no longer live.
        props.put("DO_NOT_UPDATE_STATS", "true");
        if (cascade) {
            props.put("CASCADE", "true");
        }
        return new EnvironmentContext(props);
    }

    private static <T> List<List<T>> batches(List<T> items, int size) {
        List<List<T>> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i += size) {
            out.add(new ArrayList<>(items.subList(i, Math.min(items.size(), i + size))));
        }
        return out;
    }

    private static Long parseId(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public void close() {
        session.close();
    }
}
