package io.strata.cli;

import io.strata.fs.FileIO;
import io.strata.metastore.MetastoreSyncOptions;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;

/**
 * The {@code --metastore} argument the metastore commands share ({@code sync}, {@code adopt}): a Thrift
 * URI, or {@code embedded} (a metastore inside the command, which needs Hive's server classes).
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
