package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.catalog.Identifier;
import io.strata.data.GenericRow;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import io.strata.types.DataTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Commits racing queries: every commit sets ALL keys to a new version, so a query that mixed two
 * snapshots (one bucket read before a commit, another after) would see more than one version.
 */
class SnapshotIsolationIT {

    private static final int KEYS = 60;

    @Test
    void aQueryNeverMixesSnapshotsWhileCommitsLand() throws Exception {
        EmbeddedHive hive = EmbeddedHive.get();
        java.nio.file.Path warehouse = hive.newDirectory("strata-race");
        FileSystemCatalog catalog = new FileSystemCatalog(FileIO.local(), new Path(warehouse.toUri()));
        catalog.createDatabase("db", true);
        Table table = catalog.createTable(Identifier.of("db", "race"), Schema.newBuilder()
                .column("k", DataTypes.INT())
                .column("version", DataTypes.INT())
                .primaryKey("k")
                .option("bucket", "4")
                .build(), false);
        writeVersion(table, 0);
        hive.query("CREATE EXTERNAL TABLE strata_it.race STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '"
                + table.location() + "'");

        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger committed = new AtomicInteger();
        AtomicReference<Throwable> writerFailure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                for (int v = 1; !stop.get(); v++) {
                    writeVersion(table, v);
                    committed.set(v);
                }
            } catch (Throwable t) {
                writerFailure.set(t);
            }
        }, "racing-writer");
        writer.start();
        List<String> results = new ArrayList<>();
        try {
            for (ExecutionMode mode : ExecutionMode.matrix()) {
                // A fetch task reads the four buckets one after another; Tez and MapReduce read them in tasks.
                results.addAll(hive.query(mode, "SELECT count(*), min(version) = max(version) FROM strata_it.race"));
                List<String> fetched = hive.query("SELECT version FROM strata_it.race");
                assertThat(fetched).hasSize(KEYS);
                assertThat(fetched.stream().distinct().count()).as("versions seen by one fetch query").isEqualTo(1);
            }
        } finally {
            stop.set(true);
            writer.join();
        }
        assertThat(writerFailure.get()).isNull();
        assertThat(committed.get()).as("commits that landed during the queries").isGreaterThan(0);
        assertThat(results).containsOnly(KEYS + "\ttrue");
    }

    private static void writeVersion(Table table, int version) {
        try (BatchWrite w = table.newBatchWrite()) {
            for (int k = 0; k < KEYS; k++) {
                w.write(GenericRow.of(k, version));
            }
            w.commit();
        }
    }
}
