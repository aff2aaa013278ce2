package io.strata.cli;

import io.strata.metastore.EmbeddedMetastoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;

/**
 * The embedded metastore the cli's ITs run {@code --metastore embedded} against: one Derby database per
 * test JVM (under target/), configured through a hive-site.xml that every HiveConf and MetastoreConf
 * created afterwards in this JVM reads. Installed once, whichever IT comes first.
 */
final class EmbeddedMetastoreSite {

    private static Path directory;

    private EmbeddedMetastoreSite() {}

    /** Writes the site file and points Hive's configuration at it; later calls return the same directory. */
    static synchronized Path install() {
        if (directory != null) {
            return directory;
        }
        try {
            Path dir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "embedded-metastore-");
            Path site = EmbeddedMetastoreSettings.writeSiteFile(dir.resolve("hive-site.xml"),
                    EmbeddedMetastoreSettings.derby(dir));
            HiveConf.setHiveSiteLocation(site.toUri().toURL());
            // The command's embedded metastore reads its configuration through MetastoreConf.
            MetastoreConf.setHiveSiteLocation(site.toUri().toURL());
            directory = dir;
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A client of the embedded metastore, as a separate reader would see it; the caller closes it. */
    static IMetaStoreClient client() throws Exception {
        install();
        HiveConf conf = new HiveConf();
        conf.set("hive.metastore.uris", "");
        return new HiveMetaStoreClient(conf);
    }

}
