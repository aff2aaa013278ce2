package io.strata.metastore.lock;

import io.strata.metastore.MetastoreClients;
import io.strata.metastore.MetastoreSync;
import io.strata.metastore.MetastoreSyncOptions;
import io.strata.table.CommitHookProvider;
import io.strata.table.CommitLock;
import io.strata.table.Table;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;

/**
 * Gives core's commit the Hive Metastore lock ({@link HiveMetastoreCommitLock}) for tables whose options
 * ask for it ({@link MetastoreLockOptions#ENABLED}; by default, tables on object stores with a metastore
 * configured). Found by core through {@link java.util.ServiceLoader}.
 *
 * <p>The metastore and the names the lock is taken on are the metastore sync's: {@code metastore.sync.uri}
 * ({@code thrift://host:port}, or {@code embedded} for a metastore running in this JVM),
 * {@code metastore.sync.database} and {@code metastore.sync.table}, whose defaults come from the table's
 * location {@code <warehouse>/<db>.db/<table>}. Those options are declared by the sync; they are read here
 * from {@link MetastoreSyncOptions}.
 */
public final class MetastoreLockHooks implements CommitHookProvider {

    @Override
    public Optional<CommitLock> commitLock(Table table) {
        Map<String, String> options = table.schema().options();
        String uri = MetastoreSyncOptions.URI.get(options);
        Boolean enabled = MetastoreLockOptions.ENABLED.get(options);
        if (enabled == null) {
            enabled = uri != null && !hasAtomicRenameIfAbsent(table);
        }
        if (!enabled) {
            return Optional.empty();
        }
        if (uri == null) {
            throw new IllegalArgumentException("Table " + table.location() + ": table option '"
                    + MetastoreLockOptions.ENABLED.key() + "' is true but '" + MetastoreSyncOptions.URI.key()
                    + "' names no metastore to take the lock in");
        }
        LockTimings timings = MetastoreLockOptions.timings(options);
        String[] name = MetastoreSync.metastoreName(table, options);
        Configuration conf = table.fileIO().hadoopConf();
        return Optional.of(new HiveMetastoreCommitLock(clients(uri, conf), name[0], name[1], timings));
    }

    /** Local file systems and HDFS refuse a second create of one file; object stores overwrite it. */
    static boolean hasAtomicRenameIfAbsent(Table table) {
        try {
            return table.fileIO().supportsAtomicWriteIfAbsent(table.location());
        } catch (IOException e) {
            throw new UncheckedIOException("Table " + table.location() + ": cannot open its file system: " + e.getMessage(), e);
        }
    }

    private static Supplier<IMetaStoreClient> clients(String uri, Configuration conf) {
        return () -> {
            try {
                return MetastoreClients.open(uri, conf);
            } catch (MetaException e) {
                throw new IllegalStateException(e.getMessage() + " (" + MetastoreSyncOptions.URI.key() + ")", e);
            }
        };
    }
}
