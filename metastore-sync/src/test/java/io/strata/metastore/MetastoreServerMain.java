package io.strata.metastore;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStore;
import org.apache.hadoop.hive.metastore.security.HadoopThriftAuthBridge;

/**
 * The main of a Hive 4.1 Thrift metastore in a process of its own ({@link MetastoreProcess} starts it):
 * {@code MetastoreServerMain <port> <directory>} serves 127.0.0.1:port over the Derby database
 * {@code <directory>/metastore_db}, creating its schema on first use (as {@link LocalMetastore} does), and
 * prints {@link #READY} once the port accepts connections. Run again over the same directory, it serves
 * the same metastore: Derby recovers its log after a kill -9.
 */
public final class MetastoreServerMain {

    /** The line printed (followed by the port) once clients can connect. */
    static final String READY = "STRATA-METASTORE-READY";

    private MetastoreServerMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: MetastoreServerMain <port> <directory>");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]).toAbsolutePath();
        Files.createDirectories(dir);
        Path site = dir.resolve("hive-site.xml");
        Files.writeString(site, siteXml(settings(dir)));
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
        long deadline = System.currentTimeMillis() + 120_000;
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                break;
            } catch (java.io.IOException e) {
                if (System.currentTimeMillis() > deadline) {
                    System.err.println("The metastore did not open port " + port);
                    System.exit(1);
                }
                Thread.sleep(100);
            }
        }
        System.out.println(READY + " " + port);
        System.out.flush();
        server.join();
    }

    private static Map<String, String> settings(Path dir) {
        String uri = dir.toUri().toString();
        Map<String, String> s = new LinkedHashMap<>();
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

    private static String siteXml(Map<String, String> settings) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
        settings.forEach((k, v) -> xml.append("  <property><name>").append(k).append("</name><value>")
                .append(v.replace("&", "&amp;").replace("<", "&lt;")).append("</value></property>\n"));
        return xml.append("</configuration>\n").toString();
    }
}
