package io.strata.metastore;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Database;
import org.junit.jupiter.api.Test;

/** The harness itself: both ways into the one metastore see the same catalog. */
class LocalMetastoreIT {

    @Test
    void embeddedAndThriftClientsShareOneMetastore() throws Exception {
        LocalMetastore hms = LocalMetastore.get();
        try (IMetaStoreClient embedded = hms.newEmbeddedClient(); IMetaStoreClient thrift = hms.newThriftClient()) {
            Database db = new Database("harness_db", "", hms.newDirectory("harness").toUri().toString(), new java.util.HashMap<>());
            embedded.createDatabase(db);
            assertThat(thrift.getAllDatabases()).contains("harness_db");
        }
    }
}
