package io.strata.cli;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreSession;
import io.strata.metastore.MetastoreSync;
import io.strata.metastore.MetastoreSyncOptions;
import io.strata.metastore.SyncResult;
import io.strata.metastore.WarehouseSync;
import io.strata.table.FileStoreTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * One {@code strata sync} over one table, a database or a warehouse, remembering for each table the
 * snapshot the metastore described BEFORE the sync. WHY: a sync's result names only the snapshot the
 * metastore describes after it, so a moved snapshot of an unpartitioned table (no partition touched, no
 * table entry rewritten) would otherwise look like no change at all.
 */
final class SyncRun implements AutoCloseable {

    /**
     * The table parameter the metastore sync records its snapshot in. Read only, to report the snapshot
     * a sync moved from; metastore-sync writes it.
     */
    static final String SNAPSHOT_ID_PARAMETER = "strata.snapshot-id";

    /** One table's sync: the snapshot recorded before (null: none, or no entry), and the result or failure. */
    record Outcome(Path location, Long before, SyncResult result, RuntimeException failure) {
        boolean succeeded() {
            return failure == null;
        }
    }

    private final FileIO io;
    private final Map<String, String> options;
    private final MetastoreSession session;
    private final WarehouseSync sync;

    /** A run against the metastore of {@code options} ({@code metastore.sync.uri}); connects on first use. */
    SyncRun(FileIO io, Map<String, String> options) {
        this(io, options, MetastoreSync.Progress.NONE);
    }

    /** Like {@link #SyncRun(FileIO, Map)}, reporting each table's partition writes to {@code progress}. */
    SyncRun(FileIO io, Map<String, String> options, MetastoreSync.Progress progress) {
        this.io = io;
        this.options = Map.copyOf(options);
        this.session = MetastoreSession.create(
                MetastoreSession.ClientFactory.of(MetastoreSyncOptions.URI.get(options), io.hadoopConf()), options);
        this.sync = new WarehouseSync(io, new MetastoreSync(session, options).onProgress(progress));
    }

    /** Syncs one table; a failure is returned, not thrown. */
    Outcome table(Path location) {
        Long before = null;
        try {
            before = recordedSnapshot(location);
            return new Outcome(location, before, sync.syncTable(location), null);
        } catch (RuntimeException e) {
            return new Outcome(location, before, null, e);
        }
    }

    /** Syncs every table of {@code database}; listing failures are thrown, table failures returned. */
    List<Outcome> database(Path warehouse, String database) {
        FileSystemCatalog catalog = new FileSystemCatalog(io, warehouse);
        List<Outcome> out = new ArrayList<>();
        for (String name : catalog.listTables(database)) {
            out.add(table(catalog.tablePath(Identifier.of(database, name))));
        }
        return out;
    }

    /** Syncs every table of every database of {@code warehouse}. */
    List<Outcome> warehouse(Path warehouse) {
        List<Outcome> out = new ArrayList<>();
        for (String db : new FileSystemCatalog(io, warehouse).listDatabases()) {
            out.addAll(database(warehouse, db));
        }
        return out;
    }

    /** The snapshot the metastore entry of the table at {@code location} describes, or null. */
    private Long recordedSnapshot(Path location) {
        FileStoreTable table = FileStoreTable.load(io, location);
        Map<String, String> merged = new java.util.HashMap<>(table.schema().options());
        merged.putAll(options);
        String[] name = MetastoreSync.metastoreName(table, merged);
        String recorded = session.call("Reading table " + name[0] + "." + name[1], (client, thrift) -> {
            try {
                Table hive = client.getTable(name[0], name[1]);
                return hive.getParameters() == null ? null : hive.getParameters().get(SNAPSHOT_ID_PARAMETER);
            } catch (NoSuchObjectException e) {
                return null;
            }
        });
        try {
            return recorded == null ? null : Long.valueOf(recorded.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public void close() {
        sync.close();
    }
}
