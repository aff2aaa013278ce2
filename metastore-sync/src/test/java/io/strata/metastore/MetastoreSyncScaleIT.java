package io.strata.metastore;

import static io.strata.metastore.SyncTestTables.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.FileSystemCatalog;
import io.strata.table.BatchWrite;
import io.strata.table.Table;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.junit.jupiter.api.Test;

/**
 * Many partitions synced from scratch with batched calls; prints the time and the calls (no timed
 * assertion). The build runs 1,200 partitions (four batches) to stay quick; the 10,000-partition figure
 * of docs/metastore-sync.md comes from {@code -Dstrata.sync.scale-partitions=10000}.
 */
class MetastoreSyncScaleIT {

    private static final int PARTITIONS = Integer.getInteger("strata.sync.scale-partitions", 1_200);
    private static final int PER_COMMIT = 200;

    @Test
    void manyPartitionsFromScratchInBatches() throws Exception {
        LocalMetastore hms = LocalMetastore.get();
        FileSystemCatalog catalog = SyncTestTables.warehouse("scale");
        Table table = SyncTestTables.create(catalog, "scale_db", "wide", false, Map.of("file.format", "parquet"));
        long writeStart = System.nanoTime();
        for (int first = 0; first < PARTITIONS; first += PER_COMMIT) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int p = first; p < first + PER_COMMIT; p++) {
                    w.write(row(String.format("p%05d", p), p, "v"));
                }
                w.commit();
            }
        }
        System.out.printf("[scale] wrote %d partitions in %d ms%n", PARTITIONS, (System.nanoTime() - writeStart) / 1_000_000);

        RecordingClients clients = new RecordingClients(hms::newThriftClient);
        List<String> progress = new ArrayList<>();
        try (MetastoreSync sync = new MetastoreSync(new MetastoreSession(clients, 3, Duration.ofMillis(50),
                Duration.ofSeconds(1)), Map.of()).onProgress((t, done, total) -> progress.add(t + " " + done + "/" + total));
                IMetaStoreClient reader = hms.newThriftClient()) {
            long start = System.nanoTime();
            SyncResult result = sync.sync(table);
            long millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[scale] full sync of %d partitions (Thrift, batch 300): %d ms, %d metastore calls (%d add_partitions_req)%n",
                    PARTITIONS, millis, clients.calls.size(), clients.count("add_partitions_req"));
            assertThat(result.added()).isEqualTo(PARTITIONS);
            // A Derby-backed metastore fails add_partitions_req of 500 partitions ("Exception rolling back to
            // savepoint"); 300, the default batch, works.
            assertThat(clients.count("add_partitions_req")).isEqualTo((PARTITIONS + 299) / 300);
            assertThat(reader.listPartitionNames("scale_db", "wide", (short) -1)).hasSize(PARTITIONS);
            // One report before the first batch and one after each: a progress bar moves batch by batch.
            List<String> expected = new ArrayList<>();
            for (int done = 0; done < PARTITIONS; done += 300) {
                expected.add("scale_db.wide " + done + "/" + PARTITIONS);
            }
            expected.add("scale_db.wide " + PARTITIONS + "/" + PARTITIONS);
            assertThat(progress).isEqualTo(expected);
            progress.clear();

            clients.reset();
            SyncTestTables.commit(table, row(String.format("p%05d", PARTITIONS / 2), 1, "again"), row("new", 1, "x"));
            start = System.nanoTime();
            SyncResult incremental = sync.sync(table);
            millis = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("[scale] incremental sync (1 updated + 1 added of %d): %d ms, calls %s%n",
                    PARTITIONS + 1, millis, clients.calls);
            assertThat(incremental.mode()).isEqualTo(SyncResult.Mode.INCREMENTAL);
            assertThat(progress).containsExactly("scale_db.wide 0/2", "scale_db.wide 1/2", "scale_db.wide 2/2");
            assertThat(clients.calls).hasSizeLessThanOrEqualTo(5);
            assertThat(reader.getPartition("scale_db", "wide", java.util.List.of(String.format("p%05d", PARTITIONS / 2))).getParameters())
                    .containsEntry("numRows", "2").containsEntry("numFiles", "2");
        }
    }
}
