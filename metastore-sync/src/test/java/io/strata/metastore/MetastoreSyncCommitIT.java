package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.assertDescribes;
import static io.strata.metastore.SyncTestTables.commit;
import static io.strata.metastore.SyncTestTables.delete;
import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitHookProvider;
import io.strata.table.Table;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.Test;

/** The sync as core's commits run it: the table option alone makes every commit land in the metastore. */
class MetastoreSyncCommitIT {

    private static final LocalMetastore HMS = LocalMetastore.get();

    @Test
    void theProviderIsFoundByServiceLoader() {
        assertThat(ServiceLoader.load(CommitHookProvider.class).stream().map(p -> p.type().getName()))
                .contains(MetastoreSyncHooks.class.getName());
    }

    @Test
    void everyCommitAndCompactionIsSyncedByTheCommitItself() throws Exception {
        FileSystemCatalog catalog = SyncTestTables.warehouse("hooked");
        Table table = SyncTestTables.create(catalog, "hooked_db", "t", true,
                Map.of("metastore.sync.uri", HMS.thriftUri()));
        try (IMetaStoreClient reader = HMS.newThriftClient()) {
            long s1 = commit(table, row("a", 1, "x"), row("b", 1, "y"));
            assertDescribes(reader, "hooked_db", "t", table, s1);
            long s2 = commit(table, delete("b", 1), row("c", 1, "z"));
            assertDescribes(reader, "hooked_db", "t", table, s2);
            table.compactFull();
            long s3 = table.snapshots().latestSnapshotId();
            assertDescribes(reader, "hooked_db", "t", table, s3);
            assertThat(reader.listPartitionNames("hooked_db", "t", (short) -1)).containsExactlyInAnyOrder("dt=a", "dt=c");
        }
    }

    @Test
    void aStrictSyncFailureReachesTheWriterWithTheSnapshotCommitted() throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("metastore.sync.uri", "thrift://127.0.0.1:1");
        options.put("metastore.sync.strict", "true");
        options.put("metastore.sync.retry.max-attempts", "1");
        FileSystemCatalog catalog = SyncTestTables.warehouse("hooked_strict");
        Table table = SyncTestTables.create(catalog, "hooked_strict_db", "t", false, options);
        assertThatThrownBy(() -> commit(table, row("a", 1, "x"))).isInstanceOf(CommitCallbackException.class);
        assertThat(SyncTestTables.read(table)).containsExactly("a,1,x");
    }

    @Test
    void aLenientSyncFailureIsInvisibleToTheWriter() throws Exception {
        Map<String, String> options = new HashMap<>();
        options.put("metastore.sync.uri", "thrift://127.0.0.1:1");
        options.put("metastore.sync.retry.max-attempts", "1");
        FileSystemCatalog catalog = SyncTestTables.warehouse("hooked_lenient");
        Table table = SyncTestTables.create(catalog, "hooked_lenient_db", "t", false, options);
        long s1 = commit(table, row("a", 1, "x"));
        assertThat(s1).isPositive();
        assertThat(SyncTestTables.read(table)).containsExactly("a,1,x");
    }
}
