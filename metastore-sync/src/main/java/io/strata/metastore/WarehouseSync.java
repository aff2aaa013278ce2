package io.strata.metastore;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Syncs one table, a database or a whole warehouse ({@code <warehouse>/<db>.db/<table>}) to one
 * metastore: what the {@code strata sync} command runs. A table that fails is reported and the others
 * still sync.
 */
public final class WarehouseSync implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WarehouseSync.class);

    /** The outcome for one table: its result, or the failure. */
    public record Outcome(Path location, SyncResult result, RuntimeException failure) {
        public boolean succeeded() {
            return failure == null;
        }
    }

    private final FileIO io;
    private final MetastoreSync sync;

    /** Syncs with {@code sync}; {@code io} reads the tables. */
    public WarehouseSync(FileIO io, MetastoreSync sync) {
        this.io = io;
        this.sync = sync;
    }

    /** A warehouse sync to the metastore named by {@code options} ({@code metastore.sync.uri} required). */
    public static WarehouseSync connect(FileIO io, Map<String, String> options) {
        return new WarehouseSync(io, MetastoreSync.connect(options, io.hadoopConf()));
    }

    /** Like {@link #connect}, reporting each table's partition writes to {@code progress}. */
    public static WarehouseSync connect(FileIO io, Map<String, String> options, MetastoreSync.Progress progress) {
        return new WarehouseSync(io, MetastoreSync.connect(options, io.hadoopConf()).onProgress(progress));
    }

    /** Syncs the table at {@code location} to its latest snapshot. */
    public SyncResult syncTable(Path location) {
        return sync.sync(Tables.load(io, location));
    }

    /** Syncs every table of database {@code database} of the warehouse. */
    public List<Outcome> syncDatabase(Path warehouse, String database) {
        FileSystemCatalog catalog = new FileSystemCatalog(io, warehouse);
        List<Outcome> out = new ArrayList<>();
        for (String table : catalog.listTables(database)) {
            Path location = catalog.tablePath(Identifier.of(database, table));
            out.add(trySyncTable(location));
        }
        return out;
    }

    /** Syncs every table of every database of the warehouse. */
    public List<Outcome> syncWarehouse(Path warehouse) {
        FileSystemCatalog catalog = new FileSystemCatalog(io, warehouse);
        List<Outcome> out = new ArrayList<>();
        for (String db : catalog.listDatabases()) {
            out.addAll(syncDatabase(warehouse, db));
        }
        return out;
    }

    /** Syncs the table at {@code location}, returning a failure instead of throwing it. */
    public Outcome trySyncTable(Path location) {
        try {
            return new Outcome(location, syncTable(location), null);
        } catch (RuntimeException e) {
            LOG.warn("Sync of table {} failed: {}", location, e.getMessage());
            return new Outcome(location, null, e);
        }
    }

    /** Options of a sync to {@code uri} with everything else at its default. */
    public static Map<String, String> optionsFor(String uri) {
        Map<String, String> options = new HashMap<>();
        options.put(MetastoreSyncOptions.URI.key(), uri);
        return options;
    }

    @Override
    public void close() {
        sync.close();
    }
}
