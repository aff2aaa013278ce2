package io.strata.metastore;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;

/**
 * The Hive settings of a metastore kept in an embedded Derby database under one directory: the database
 * ({@code <dir>/metastore_db}, schema created on first use), the warehouse directories, and no
 * notification-API authorisation or concurrency support (one process owns the database). This is what
 * {@code strata quickstart}, {@code --metastore embedded}, a Thrift metastore started by a test and an
 * embedded Hive all start from; each adds its own keys to the returned map.
 *
 * <p>Hive reads these from a {@code hive-site.xml}: {@link #writeSiteFile} writes one, and the caller
 * points {@code HiveConf.setHiveSiteLocation} / {@code MetastoreConf.setHiveSiteLocation} at it, so every
 * configuration created afterwards in the JVM (the client's and the metastore handler's) agrees.
 */
public final class EmbeddedMetastoreSettings {

    private EmbeddedMetastoreSettings() {}

    /** The settings of a Derby metastore under {@code directory}, in a map the caller may extend. */
    public static Map<String, String> derby(Path directory) {
        Path dir = directory.toAbsolutePath();
        String uri = dir.toUri().toString();
        Map<String, String> s = new LinkedHashMap<>();
        // Empty: the metastore runs inside the client's JVM (no Thrift server).
        s.put("hive.metastore.uris", "");
        s.put("javax.jdo.option.ConnectionURL", "jdbc:derby:;databaseName=" + dir.resolve("metastore_db") + ";create=true");
        s.put("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
        s.put("datanucleus.schema.autoCreateAll", "true");
        s.put("hive.metastore.schema.verification", "false");
        s.put("hive.metastore.warehouse.dir", uri + "warehouse");
        s.put("hive.metastore.warehouse.external.dir", uri + "external");
        s.put("fs.defaultFS", "file:///");
        s.put("hive.metastore.event.db.notification.api.auth", "false");
        s.put("hive.support.concurrency", "false");
        s.put("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DummyTxnManager");
        return s;
    }

    /**
     * The site file Hive's metastore configuration is read from in this JVM ({@code hive-site.xml},
     * {@code hivemetastore-site.xml} or {@code metastore-site.xml} on the class path, in
     * {@code $HIVE_CONF_DIR}, or set by {@code setHiveSiteLocation}), or null if there is none.
     */
    public static URL siteFile() {
        // Looking the files up is what creating a MetastoreConf does; it records where it found them.
        MetastoreConf.newMetastoreConf();
        for (URL url : new URL[] {MetastoreConf.getHiveSiteLocation(), MetastoreConf.getHiveMetastoreSiteURL(),
            MetastoreConf.getMetastoreSiteURL()}) {
            if (url != null) {
                return url;
            }
        }
        return null;
    }

    /** Writes {@code settings} as a Hadoop configuration file at {@code file}; returns the file. */
    public static Path writeSiteFile(Path file, Map<String, String> settings) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
        settings.forEach((k, v) -> xml.append("  <property><name>").append(escape(k)).append("</name><value>")
                .append(escape(v)).append("</value></property>\n"));
        Files.writeString(file, xml.append("</configuration>\n"), StandardCharsets.UTF_8);
        return file;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
