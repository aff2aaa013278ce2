package io.strata.metastore.lock;

import io.strata.table.CommitHookProvider;
import io.strata.table.CommitLock;
import io.strata.table.FileStoreTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;

/**
 * Gives core's commit the Hive Metastore lock ({@link HiveMetastoreCommitLock}) for tables whose options
 * ask for it ({@link MetastoreLockOptions#ENABLED}; by default, tables on object stores with a metastore
 * configured). Found by core through {@link java.util.ServiceLoader}.
 *
 * <p>The metastore and the names the lock is taken on are the metastore sync's: {@code metastore.sync.uri}
 * ({@code thrift://host:port}, or {@code embedded} for a metastore running in this JVM),
 * {@code metastore.sync.database} and {@code metastore.sync.table}, whose defaults come from the table's
 * location {@code <warehouse>/<db>.db/<table>}. Those options are declared by the sync; they are read here
 * by key ({@link #SYNC_URI_KEY} etc.).
 */
public final class MetastoreLockHooks implements CommitHookProvider {

    /** The metastore sync's option naming the metastore (declared by the sync). */
    static final String SYNC_URI_KEY = "metastore.sync.uri";
    /** The metastore sync's option naming the table's database (declared by the sync). */
    static final String SYNC_DATABASE_KEY = "metastore.sync.database";
    /** The metastore sync's option naming the table in the metastore (declared by the sync). */
    static final String SYNC_TABLE_KEY = "metastore.sync.table";

    /** The value of {@link #SYNC_URI_KEY} for a metastore running inside this JVM. */
    static final String EMBEDDED = "embedded";

    private static final String DB_SUFFIX = ".db";

    @Override
    public Optional<CommitLock> commitLock(FileStoreTable table) {
        Map<String, String> options = table.schema().options();
        String uri = options.get(SYNC_URI_KEY);
        Boolean enabled = MetastoreLockOptions.ENABLED.get(options);
        if (enabled == null) {
            enabled = uri != null && !hasAtomicRenameIfAbsent(table);
        }
        if (!enabled) {
            return Optional.empty();
        }
        if (uri == null) {
            throw new IllegalArgumentException("Table " + table.location() + ": table option '"
                    + MetastoreLockOptions.ENABLED.key() + "' is true but '" + SYNC_URI_KEY
                    + "' names no metastore to take the lock in");
        }
        LockTimings timings = MetastoreLockOptions.timings(options);
        String database = nameOf(table, options, SYNC_DATABASE_KEY, true);
        String tableName = nameOf(table, options, SYNC_TABLE_KEY, false);
        Configuration conf = clientConf(table.fileIO().hadoopConf(), uri);
        return Optional.of(new HiveMetastoreCommitLock(clients(conf, uri), database, tableName, timings));
    }

    /** Local file systems and HDFS refuse a second create of one file; object stores overwrite it. */
    static boolean hasAtomicRenameIfAbsent(FileStoreTable table) {
        try {
            return table.fileIO().supportsAtomicWriteIfAbsent(table.location());
        } catch (IOException e) {
            throw new UncheckedIOException("Table " + table.location() + ": cannot open its file system: " + e.getMessage(), e);
        }
    }

    /** The option's value, else the name in {@code <warehouse>/<db>.db/<table>}; fails naming the option. */
    static String nameOf(FileStoreTable table, Map<String, String> options, String key, boolean database) {
        String explicit = options.get(key);
        if (explicit != null && !explicit.isBlank()) {
            return explicit.trim();
        }
        Path location = table.location();
        Path parent = location.getParent();
        if (parent != null && parent.getName().endsWith(DB_SUFFIX) && parent.getName().length() > DB_SUFFIX.length()) {
            String db = parent.getName();
            return database ? db.substring(0, db.length() - DB_SUFFIX.length()) : location.getName();
        }
        throw new IllegalArgumentException("Table " + location + " is not at <warehouse>/<db>.db/<table>: set table option '"
                + key + "' to name its " + (database ? "database" : "table") + " in the metastore");
    }

    static Configuration clientConf(Configuration base, String uri) {
        Configuration conf = MetastoreConf.newMetastoreConf(new Configuration(base));
        String trimmed = uri.trim();
        MetastoreConf.setVar(conf, MetastoreConf.ConfVars.THRIFT_URIS,
                trimmed.equalsIgnoreCase(EMBEDDED) ? "" : trimmed);
        return conf;
    }

    private static Supplier<IMetaStoreClient> clients(Configuration conf, String uri) {
        return () -> {
            try {
                return new HiveMetaStoreClient(conf);
            } catch (MetaException e) {
                throw new IllegalStateException("Cannot connect to the Hive Metastore at '" + uri + "' ("
                        + SYNC_URI_KEY + "): " + e.getMessage(), e);
            }
        };
    }
}
