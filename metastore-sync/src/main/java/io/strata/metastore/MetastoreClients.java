package io.strata.metastore;

import java.lang.reflect.Field;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.ThriftHiveMetastore;

/**
 * Opens Hive Metastore clients from a {@code metastore.sync.uri} value and a Hadoop configuration. The
 * one place that turns a URI into a client, so the sync, the commit lock and the command line agree.
 */
public final class MetastoreClients {

    private static final String CONNECTION_URL = "javax.jdo.option.ConnectionURL";

    private MetastoreClients() {}

    /**
     * A configuration for a client of {@code uri}: a Thrift URI list, or {@link MetastoreSyncOptions#EMBEDDED}
     * (the metastore runs in this JVM from the configuration's {@code javax.jdo.*} settings).
     */
    public static Configuration clientConf(String uri, Configuration hadoopConf) {
        if (uri == null || uri.isBlank()) {
            throw new IllegalArgumentException("No metastore URI: set " + MetastoreSyncOptions.URI.key()
                    + " to thrift://host:port or " + MetastoreSyncOptions.EMBEDDED);
        }
        Configuration conf = new Configuration(hadoopConf);
        String trimmed = uri.trim();
        if (trimmed.equalsIgnoreCase(MetastoreSyncOptions.EMBEDDED)) {
            conf.set("metastore.thrift.uris", "");
            conf.set("hive.metastore.uris", "");
        } else {
            for (String one : trimmed.split(",")) {
                if (!one.trim().startsWith("thrift://")) {
                    throw new IllegalArgumentException("Invalid " + MetastoreSyncOptions.URI.key() + " '" + uri
                            + "': each URI must be thrift://host:port, or the whole value " + MetastoreSyncOptions.EMBEDDED);
                }
            }
            conf.set("metastore.thrift.uris", trimmed);
            conf.set("hive.metastore.uris", trimmed);
            // The sync retries with its own backoff and reconnects; the client's own connect loop (3 tries,
            // 1 s apart by default) would only multiply the wait when the metastore is down.
            if (conf.get("metastore.connect.retries") == null && conf.get("hive.metastore.connect.retries") == null) {
                conf.setInt("metastore.connect.retries", 1);
            }
        }
        return conf;
    }

    /** A new client of {@code uri}; the caller closes it. Fails naming the URI when none answers. */
    public static IMetaStoreClient open(String uri, Configuration hadoopConf) throws MetaException {
        Configuration conf = clientConf(uri, hadoopConf);
        if (uri.trim().equalsIgnoreCase(MetastoreSyncOptions.EMBEDDED) && conf.get(CONNECTION_URL) == null
                && EmbeddedMetastoreSettings.siteFile() == null) {
            // Hive's default would be a Derby database ./metastore_db in whatever directory the writer runs in:
            // a metastore nobody else sees, left behind in the working directory.
            throw new MetaException(MetastoreSyncOptions.URI.key() + "=" + MetastoreSyncOptions.EMBEDDED
                    + " needs the metastore database named: no hive-site.xml (class path, $HIVE_CONF_DIR) and no "
                    + CONNECTION_URL + " in the configuration. Add a hive-site.xml, or use thrift://host:9083 (or,"
                    + " from the command line, strata sync --metastore embedded --warehouse <dir>, which keeps it"
                    + " under <dir>/.hive)");
        }
        try {
            return new HiveMetaStoreClient(conf);
        } catch (MetaException e) {
            MetaException named = new MetaException("Cannot connect to the Hive Metastore at " + uri + ": " + e.getMessage());
            named.initCause(e);
            throw named;
        }
    }

    /**
     * The Thrift interface under a {@link HiveMetaStoreClient} (the remote client, or the embedded
     * handler), for the calls {@link IMetaStoreClient} does not offer, such as dropping partitions by
     * name in one request; null for any other client, whose callers then fall back to single calls.
     */
    public static ThriftHiveMetastore.Iface thriftOf(IMetaStoreClient client) {
        if (!(client instanceof HiveMetaStoreClient)) {
            return null;
        }
        try {
            Field f = HiveMetaStoreClient.class.getDeclaredField("client");
            f.setAccessible(true);
            return (ThriftHiveMetastore.Iface) f.get(client);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
