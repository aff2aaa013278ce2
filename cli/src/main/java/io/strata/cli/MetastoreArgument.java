package io.strata.cli;

import io.strata.cli.hive.EmbeddedHiveSession;
import io.strata.cli.hive.HiveHome;
import io.strata.fs.FileIO;
import io.strata.metastore.EmbeddedMetastoreSettings;
import io.strata.metastore.MetastoreSyncOptions;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;

/**
 * The {@code --metastore} argument the metastore commands share ({@code sync}, {@code adopt}): a Thrift
 * URI, or {@code embedded} (a metastore inside the command, which needs Hive's server classes).
 *
 * <p>Which database an embedded metastore uses: the one a {@code hive-site.xml} (or
 * {@code hivemetastore-site.xml} / {@code metastore-site.xml}) found by Hive names, else the warehouse's
 * own Derby metastore under {@code <warehouse>/.hive}, the one {@code strata quickstart} and
 * {@code strata sql} use. WHY never Hive's default: without a site file Hive creates
 * {@code metastore_db} in the current directory, a metastore nothing else finds again.
 */
final class MetastoreArgument {

    /** A class of the metastore server: present only where Hive's own jars are on the class path. */
    static final String SERVER_CLASS = "org.apache.hadoop.hive.metastore.HMSHandler";

    private MetastoreArgument() {}

    static boolean isEmbedded(String metastore) {
        return metastore.trim().equalsIgnoreCase(MetastoreSyncOptions.EMBEDDED);
    }

    /** Null when the argument can be used here, otherwise why not (for a usage error). */
    static String unusableReason(String metastore) {
        if (!isEmbedded(metastore)) {
            for (String one : metastore.split(",")) {
                if (!one.trim().startsWith("thrift://")) {
                    return "Invalid --metastore '" + metastore + "': give thrift://host:port (comma-separated"
                            + " for several) or " + MetastoreSyncOptions.EMBEDDED;
                }
            }
            return null;
        }
        if (serverClassesPresent()) {
            return null;
        }
        return "--metastore " + MetastoreSyncOptions.EMBEDDED + " runs a Hive metastore inside this command,"
                + " which needs the metastore server classes (" + SERVER_CLASS + ", in Hive's hive-exec"
                + " jar), DataNucleus, a JDBC driver and a hive-site.xml with javax.jdo.option.* on the class path;"
                + " this strata command ships only the metastore client. Give the Thrift URI of a running"
                + " metastore instead: --metastore thrift://<host>:9083";
    }

    /**
     * The warehouse of a table at {@code <warehouse>/<db>.db/<table>}, or null when the table is not laid
     * out so.
     */
    static Path warehouseOfTable(File table) {
        File database = table.getAbsoluteFile().getParentFile();
        if (database == null || !database.getName().endsWith(".db") || database.getParentFile() == null) {
            return null;
        }
        return database.getParentFile().toPath();
    }

    /**
     * Points this JVM's embedded metastore at its database: the site file's when there is one, else
     * {@code warehouse}'s own. Returns how to name that metastore in messages.
     *
     * @param warehouse the warehouse the command works on, or null when it has none
     * @param howToName the argument that names a warehouse, for the refusal
     * @throws IllegalArgumentException when there is no site file and no warehouse (a usage error)
     * @throws IllegalStateException when the warehouse's metastore is held by another process
     */
    static String prepareEmbedded(Path warehouse, String howToName) {
        URL site = EmbeddedMetastoreSettings.siteFile();
        if (site != null && (warehouse == null || !site.equals(siteUrl(new HiveHome(warehouse))))) {
            return "embedded metastore configured by " + site;
        }
        if (warehouse == null) {
            throw new IllegalArgumentException("--metastore " + MetastoreSyncOptions.EMBEDDED + " found no"
                    + " hive-site.xml (class path, $HIVE_CONF_DIR) and no warehouse to keep its metastore in: give "
                    + howToName + " (its metastore is <warehouse>/" + HiveHome.DIRECTORY + "/metastore_db, the one"
                    + " strata sql and strata quickstart use), a hive-site.xml in $HIVE_CONF_DIR, or --metastore"
                    + " thrift://<host>:9083");
        }
        HiveHome home = EmbeddedHiveSession.configure(warehouse);
        return "embedded metastore " + home.metastoreDb();
    }

    private static URL siteUrl(HiveHome home) {
        try {
            return home.siteFile().toUri().toURL();
        } catch (MalformedURLException e) {
            return null;
        }
    }

    /** File access with the configuration the metastore is reached with (its site files when embedded). */
    static FileIO fileIO(String metastore) {
        return isEmbedded(metastore) ? new FileIO(MetastoreConf.newMetastoreConf()) : FileIO.local();
    }

    private static boolean serverClassesPresent() {
        try {
            Class.forName(SERVER_CLASS, false, MetastoreArgument.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
