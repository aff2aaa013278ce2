package io.strata.metastore.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.CloseableIterator;
import io.strata.data.GenericRow;
import io.strata.data.Row;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.metastore.LocalMetastore;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.table.Plan;
import io.strata.table.Split;
import io.strata.table.TableRead;
import io.strata.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * End to end: Strata writers committing concurrently to one table on an object store (core's test file
 * system {@code objstore:}, whose rename is an overwriting copy) take the Hive Metastore lock through
 * core's commit hooks ({@link MetastoreLockHooks}, found by ServiceLoader), and no commit is lost: every
 * commit's row is in the table and every commit got its own snapshot.
 */
class MetastoreLockedCommitsIT {

    /**
     * Two writers: the Derby-backed test metastore deadlocks when two clients poll checkLock at once
     * (Hive 4.1's TxnHandler takes a JVM lock for Derby inside a transaction that already holds a row
     * lock); metastores on MySQL/PostgreSQL/Oracle do not take that JVM lock.
     */
    private static final int WRITERS = 2;
    private static final int COMMITS_PER_WRITER = 8;

    private final LocalMetastore hms = LocalMetastore.get();

    private static FileIO objectStoreIO() {
        Configuration conf = new Configuration();
        conf.set("fs.objstore.impl", "io.strata.table.ObjectStoreFileSystem");
        return new FileIO(conf);
    }

    private FileSystemCatalog objectStoreCatalog(Path dir) {
        return new FileSystemCatalog(objectStoreIO(), new org.apache.hadoop.fs.Path("objstore://" + dir));
    }

    private static Schema schema(Map<String, String> options) {
        Schema.Builder schema = Schema.newBuilder()
                .column("k", DataTypes.INT()).column("v", DataTypes.STRING())
                .option("file.format", "orc")
                // Losers of a snapshot race retry; with the lock they rarely need to.
                .option("commit.max-retries", "200")
                .option("commit.max-retry-wait", "50 ms");
        options.forEach(schema::option);
        return schema.build();
    }

    @Test
    void concurrentWritersOnAnObjectStoreLoseNothingUnderTheMetastoreLock() throws Exception {
        Path dir = hms.newDirectory("objstore-warehouse");
        Map<String, String> options = new HashMap<>();
        // No metastore.lock.enabled: the default turns the lock on for an object store with a metastore.
        options.put("metastore.sync.uri", hms.thriftUri());
        options.put("metastore.lock.check-max-sleep", "100 ms");
        options.put("metastore.lock.heartbeat-interval", "1 s");
        FileSystemCatalog catalog = objectStoreCatalog(dir);
        catalog.createDatabase("shop", true);
        Table created = catalog.createTable(Identifier.of("shop", "events"), schema(options), false);
        assertThat(new MetastoreLockHooks().commitLock(created)).get()
                .isInstanceOfSatisfying(HiveMetastoreCommitLock.class, l -> assertThat(l.tableName()).isEqualTo("shop.events"));

        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        List<Future<List<Long>>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int writer = w;
            writers.add(pool.submit(() -> {
                // Each writer loads the table itself, as separate processes would.
                Table table = objectStoreCatalog(dir).loadTable(Identifier.of("shop", "events"));
                List<Long> snapshots = new ArrayList<>();
                for (int c = 0; c < COMMITS_PER_WRITER; c++) {
                    int key = writer * 1000 + c;
                    try (BatchWrite write = table.newBatchWrite()) {
                        write.write(GenericRow.of(key, Utf8String.fromString("writer " + writer + " commit " + c)));
                        snapshots.add(write.commit());
                    }
                }
                return snapshots;
            }));
        }
        List<Long> snapshotIds = new ArrayList<>();
        for (Future<List<Long>> writer : writers) {
            snapshotIds.addAll(writer.get(3, TimeUnit.MINUTES));
        }
        pool.shutdown();

        int commits = WRITERS * COMMITS_PER_WRITER;
        assertThat(snapshotIds).as("every commit got its own snapshot").doesNotHaveDuplicates().hasSize(commits);
        Table table = catalog.loadTable(Identifier.of("shop", "events"));
        assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(commits);
        Set<Integer> expected = new HashSet<>();
        for (int w = 0; w < WRITERS; w++) {
            for (int c = 0; c < COMMITS_PER_WRITER; c++) {
                expected.add(w * 1000 + c);
            }
        }
        assertThat(keys(table)).as("every commit's row is in the table").containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void withoutAMetastoreAnObjectStoreCommitIsRefusedByCore() throws Exception {
        Path dir = hms.newDirectory("objstore-nolock");
        FileSystemCatalog catalog = objectStoreCatalog(dir);
        catalog.createDatabase("shop", true);
        Table table = catalog.createTable(Identifier.of("shop", "unlocked"), schema(Map.of()), false);
        assertThat(new MetastoreLockHooks().commitLock(table)).isEmpty();
        assertThatThrownBy(() -> {
            try (BatchWrite write = table.newBatchWrite()) {
                write.write(GenericRow.of(1, Utf8String.fromString("x")));
                write.commit();
            }
        }).hasMessageContaining("commit.require-lock-on-object-store");
    }

    private static List<Integer> keys(Table table) throws Exception {
        Plan plan = table.newScan().plan();
        TableRead read = table.newRead(plan);
        List<Integer> keys = new ArrayList<>();
        for (Split split : plan.splits()) {
            try (CloseableIterator<Row> rows = read.open(split)) {
                while (rows.hasNext()) {
                    keys.add(rows.next().getInt(0));
                }
            }
        }
        return keys;
    }
}
