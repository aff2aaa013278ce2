package io.strata.schema;

import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.options.Options;

/** Apache Paimon 1.4.2, the oracle: a filesystem catalog over a local warehouse. */
public final class PaimonOracle {

    private PaimonOracle() {}

    /**
     * A Paimon FileSystemCatalog on {@code warehouse}. An explicit Hadoop configuration is passed
     * because the path-only factory loads HDFS classes that are not on the test class path.
     */
    public static Catalog catalog(Path warehouse) {
        Options options = Options.fromMap(Map.of("warehouse", warehouse.toString()));
        return CatalogFactory.createCatalog(CatalogContext.create(options, new Configuration()));
    }

    /** Paimon's path type for a local path. */
    public static org.apache.paimon.fs.Path path(Path local) {
        return new org.apache.paimon.fs.Path(local.toString());
    }
}
