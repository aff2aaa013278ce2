package io.strata.metastore;

import io.strata.testing.LocalPorts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStore;
import org.apache.hadoop.hive.metastore.security.HadoopThriftAuthBridge;

/**
 * The main of a Hive 4.1 Thrift metastore in a process of its own ({@link MetastoreProcess} starts it):
 * {@code MetastoreServerMain <port> <directory> [<jdbc-url>]} serves 127.0.0.1:port over the Derby database
 * {@code <directory>/metastore_db}, or over the PostgreSQL database at the JDBC URL (user and database in
 * it), creating its schema on first use (as {@link LocalMetastore} does), and prints {@link #READY} once the
 * port accepts connections. Run again over the same directory, it serves the same metastore: Derby recovers
 * its log after a kill -9.
 */
public final class MetastoreServerMain {

    /** The line printed (followed by the port) once clients can connect. */
    static final String READY = "STRATA-METASTORE-READY";

    private MetastoreServerMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2 && args.length != 3) {
            System.err.println("usage: MetastoreServerMain <port> <directory> [<postgresql-jdbc-url>]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]).toAbsolutePath();
        Files.createDirectories(dir);
        Map<String, String> settings = EmbeddedMetastoreSettings.derby(dir);
        // Tables on the test object store (core's test jar, when on the class path): the server creates and checks
        // their directories as it would on S3.
        settings.put("fs.objstore.impl", "io.strata.table.ObjectStoreFileSystem");
        if (args.length == 3) {
            settings.put("javax.jdo.option.ConnectionURL", args[2]);
            settings.put("javax.jdo.option.ConnectionDriverName", "org.postgresql.Driver");
            // The connection pool passes these over the URL's.
            settings.put("javax.jdo.option.ConnectionUserName", PostgresServer.USER);
            settings.put("javax.jdo.option.ConnectionPassword", "");
        }
        Path site = EmbeddedMetastoreSettings.writeSiteFile(dir.resolve("hive-site.xml"), settings);
        // As LocalMetastore: a short Derby lock wait, and the lock API's tables, which DataNucleus does not create;
        // both before any metastore code runs. Concurrent lock requests can wait on each other across Hive 4.1's
        // JVM lock for Derby, which Derby cannot see as a deadlock: each wait ends at this timeout, and the call
        // fails once Hive's retries are spent (the lock client retries it). One second, not LocalMetastore's five:
        // several processes take locks here, and a stuck request then ends in seconds rather than a minute.
        System.setProperty("derby.locks.waitTimeout", "1");
        MetastoreLockSchema.create(settings.get("javax.jdo.option.ConnectionURL"));
        HiveConf.setHiveSiteLocation(site.toUri().toURL());
        // The server rejects ordinary clients when hive.in.test is on.
        HiveConf conf = new HiveConf();
        conf.set("hive.in.test", "false");
        Thread server = new Thread(() -> {
            try {
                HiveMetaStore.startMetaStore(port, HadoopThriftAuthBridge.getBridge(), conf);
            } catch (Throwable e) {
                e.printStackTrace();
                System.exit(1);
            }
        }, "thrift-metastore-" + port);
        server.start();
        try {
            LocalPorts.await(port, Duration.ofMinutes(2));
        } catch (IOException e) {
            System.err.println("The metastore did not open port " + port + ": " + e.getMessage());
            System.exit(1);
        }
        System.out.println(READY + " " + port);
        System.out.flush();
        server.join();
    }


}
