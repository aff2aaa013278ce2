package io.strata.metastore.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.catalog.Tables;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.CommitHookProvider;
import io.strata.table.CommitLock;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which tables get the metastore lock, on which names, with which timings (no metastore is contacted). */
class MetastoreLockHooksTest {

    @TempDir
    Path dir;

    private Table table(String database, String name, Map<String, String> options) {
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new org.apache.hadoop.fs.Path(dir.toUri()));
        catalog.createDatabase(database, true);
        Schema.Builder schema = Schema.newBuilder().column("id", DataTypes.INT()).primaryKey("id").option("bucket", "1");
        options.forEach(schema::option);
        return catalog.createTable(Identifier.of(database, name), schema.build(), false);
    }

    @Test
    void registeredAsACommitHookProvider() {
        assertThat(ServiceLoader.load(CommitHookProvider.class).stream().map(p -> p.type().getName()))
                .contains(MetastoreLockHooks.class.getName());
    }

    @Test
    void offByDefaultOnAFileSystemWithAtomicRenameEvenWithAMetastore() {
        Table table = table("shop", "orders", Map.of("metastore.sync.uri", "thrift://127.0.0.1:9083"));
        assertThat(MetastoreLockHooks.hasAtomicRenameIfAbsent(table)).isTrue();
        assertThat(new MetastoreLockHooks().commitLock(table)).isEmpty();
    }

    @Test
    void offWhenDisabledOrWhenNoMetastoreIsConfigured() {
        assertThat(new MetastoreLockHooks().commitLock(table("shop", "a", Map.of()))).isEmpty();
        assertThat(new MetastoreLockHooks().commitLock(table("shop", "b",
                Map.of("metastore.sync.uri", "thrift://127.0.0.1:9083", "metastore.lock.enabled", "false")))).isEmpty();
    }

    @Test
    void enabledTakesTheLockOnTheNamesOfTheWarehouseLayout() throws Exception {
        Table table = table("shop", "orders", Map.of(
                "metastore.sync.uri", "thrift://127.0.0.1:9083", "metastore.lock.enabled", "true",
                "metastore.lock.acquire-timeout", "30 s", "metastore.lock.heartbeat-interval", "10 s"));
        Optional<CommitLock> lock = new MetastoreLockHooks().commitLock(table);
        assertThat(lock).get().isInstanceOf(HiveMetastoreCommitLock.class);
        HiveMetastoreCommitLock hms = (HiveMetastoreCommitLock) lock.get();
        assertThat(hms.tableName()).isEqualTo("shop.orders");
        hms.close();
    }

    @Test
    void explicitNamesWinOverTheLocation() {
        Table table = table("shop", "orders", Map.of(
                "metastore.sync.uri", "embedded", "metastore.lock.enabled", "true",
                "metastore.sync.database", "Sales", "metastore.sync.table", "Orders_V2"));
        HiveMetastoreCommitLock lock = (HiveMetastoreCommitLock) new MetastoreLockHooks().commitLock(table).orElseThrow();
        assertThat(lock.tableName()).isEqualTo("sales.orders_v2");
        lock.close();
    }

    @Test
    void enabledWithoutAMetastoreFailsNamingTheOptions() {
        Table table = table("shop", "orders", Map.of("metastore.lock.enabled", "true"));
        assertThatThrownBy(() -> new MetastoreLockHooks().commitLock(table))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("metastore.lock.enabled")
                .hasMessageContaining("metastore.sync.uri")
                .hasMessageContaining(table.location().toString());
    }

    @Test
    void badOptionValuesFailNamingTheOption() {
        Table table = table("shop", "orders", Map.of("metastore.sync.uri", "embedded",
                "metastore.lock.enabled", "true", "metastore.lock.check-max-sleep", "soon"));
        assertThatThrownBy(() -> new MetastoreLockHooks().commitLock(table))
                .hasMessageContaining("metastore.lock.check-max-sleep").hasMessageContaining("soon");
        Table zero = table("shop", "zero", Map.of("metastore.sync.uri", "embedded",
                "metastore.lock.enabled", "yes"));
        assertThatThrownBy(() -> new MetastoreLockHooks().commitLock(zero))
                .hasMessageContaining("metastore.lock.enabled").hasMessageContaining("yes");
    }

    @Test
    void timingsDefaultToPaimonsLockDefaultsAndParsePaimonDurations() {
        LockTimings defaults = LockTimings.defaults();
        assertThat(defaults.acquireTimeout()).isEqualTo(Duration.ofMinutes(8));
        assertThat(defaults.checkMaxSleep()).isEqualTo(Duration.ofSeconds(8));
        assertThat(defaults.heartbeatInterval()).isEqualTo(Duration.ofSeconds(60));
        LockTimings custom = MetastoreLockOptions.timings(Map.of("metastore.lock.acquire-timeout", "2 min",
                "metastore.lock.check-max-sleep", "500", "metastore.lock.heartbeat-interval", "100ms"));
        assertThat(custom).isEqualTo(new LockTimings(Duration.ofMinutes(2), Duration.ofMillis(500), Duration.ofMillis(100)));
        // A waiting request lives on its checks: never sleep past a heartbeat.
        assertThat(custom.maxSleep()).isEqualTo(Duration.ofMillis(100));
        assertThatThrownBy(() -> MetastoreLockOptions.timings(Map.of("metastore.lock.acquire-timeout", "0 s")))
                .hasMessageContaining("metastore.lock.acquire-timeout").hasMessageContaining("positive");
    }

    @Test
    void aTableOutsideTheWarehouseLayoutNeedsExplicitNames() {
        org.apache.hadoop.fs.Path loose = new org.apache.hadoop.fs.Path(dir.toUri().toString(), "loose");
        new io.strata.schema.SchemaManager(FileIO.local(), loose)
                .createTable(Schema.newBuilder().column("id", DataTypes.INT()).build());
        Table table = Tables.load(FileIO.local(), loose);
        assertThat(new MetastoreLockHooks().commitLock(table)).isEmpty();
        assertThatThrownBy(() -> io.strata.metastore.MetastoreSync.metastoreName(table, Map.of()))
                .hasMessageContaining("metastore.sync.database").hasMessageContaining(loose.toString());
        assertThat(io.strata.metastore.MetastoreSync.metastoreName(table, Map.of("metastore.sync.database", "shop")))
                .containsExactly("shop", "loose");
        // Names follow Identifier's rule (issue 15): one that is not a name fails naming the option's value.
        assertThatThrownBy(() -> io.strata.metastore.MetastoreSync.metastoreName(table,
                Map.of("metastore.sync.database", "shop", "metastore.sync.table", "../evil")))
                .hasMessageContaining("metastore.sync.table").hasMessageContaining("'../evil'")
                .hasMessageContaining("may hold only ASCII letters, digits and '_'");
    }
}
