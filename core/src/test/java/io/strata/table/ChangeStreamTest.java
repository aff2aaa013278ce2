package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.oracle.PaimonOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Streams and incremental reads of tables Strata writes (no changelog producer: deltas), and bad inputs. */
class ChangeStreamTest {

    @TempDir
    Path dir;

    @Test
    void aStreamOnAnEmptyTableStartsWithItsFirstSnapshot() throws Exception {
        Table table = LifecycleTables.create(dir, "t", "write-only", "true");
        try (ChangeStream stream = table.newStreamScan().open()) {
            assertThat(stream.nextPlan()).isEmpty();
            assertThat(stream.nextSnapshotId()).isEmpty();
            LifecycleTables.commit(table, 1);
            ChangePlan first = stream.nextPlan().orElseThrow();
            assertThat(first.splits()).allMatch(s -> s.source() == ChangeSplit.Source.FULL);
            assertThat(ChangeRows.read(table, first)).hasSize(6).allMatch(r -> r.startsWith("+I"));
            assertThat(stream.nextSnapshotId()).contains(2L);
            assertThat(stream.nextPlan()).isEmpty();
        }
    }

    @Test
    void closeStopsAWaitingReader() throws Exception {
        Table table = LifecycleTables.create(dir, "t", "write-only", "true");
        LifecycleTables.commit(table, 1);
        ChangeStream stream = table.newStreamScan().fromLatest().pollInterval(Duration.ofMillis(5)).open();
        AtomicReference<Optional<ChangePlan>> result = new AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                result.set(stream.awaitPlan(Duration.ofHours(1)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        reader.start();
        stream.close();
        reader.join();
        assertThat(result.get()).isEmpty();
        assertThatThrownBy(stream::nextPlan).hasMessageContaining("closed").hasMessageContaining(table.location().toString());
    }

    @Test
    void paimonReadsTheIncrementsOfAStrataTableAsStrataDoes() throws Exception {
        Table table = LifecycleTables.create(dir, "t", "write-only", "true");
        for (int n = 1; n <= 3; n++) {
            LifecycleTables.commit(table, n);
        }
        table.compactFull();
        LifecycleTables.commit(table, 4);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            for (long from = 0; from < 5; from++) {
                String range = from + ",5";
                assertThat(ChangeRows.read(table, table.newIncrementalScan().withOptions(Map.of("incremental-between", range))
                        .plan())).as(range).isEqualTo(ChangeRows.paimon(paimon, "t", Map.of("incremental-between", range)));
            }
            List<String> streamed = new ArrayList<>();
            try (ChangeStream stream = table.newStreamScan().fromSnapshot(2).open()) {
                ChangeRows.drain(table, stream, streamed);
            }
            streamed.sort(null);
            assertThat(streamed).isEqualTo(ChangeRows.paimonStream(paimon, "t",
                    Map.of("scan.mode", "from-snapshot", "scan.snapshot-id", "2")));
        }
    }

    @Test
    void badStreamOptionsFailNamingTheOption() throws Exception {
        Table table = LifecycleTables.create(dir, "t", "write-only", "true");
        LifecycleTables.commit(table, 1);
        String location = table.location().toString();
        assertThatThrownBy(() -> table.newStreamScan().withOptions(Map.of("scan.mode", "from-snapshot")))
                .hasMessageContaining(location).hasMessageContaining("scan.snapshot-id");
        assertThatThrownBy(() -> table.newStreamScan().withOptions(Map.of("scan.mode", "from-timestamp")))
                .hasMessageContaining("scan.timestamp-millis");
        assertThatThrownBy(() -> table.newStreamScan().withOptions(Map.of("scan.mode", "from-file-creation-time")))
                .hasMessageContaining("scan.mode").hasMessageContaining("from-file-creation-time");
        assertThatThrownBy(() -> table.newStreamScan().withConsumer("../x")).hasMessageContaining("../x");
        assertThatThrownBy(() -> table.newStreamScan().fromSnapshotFull(9).open())
                .hasMessageContaining(location).hasMessageContaining("no snapshot 9");
        assertThatThrownBy(() -> table.newIncrementalScan().plan()).hasMessageContaining(location)
                .hasMessageContaining("no range");
        // scan.snapshot-id alone means from-snapshot, as in Paimon; consumer-id comes from the options.
        try (ChangeStream stream = table.newStreamScan()
                .withOptions(Map.of("scan.snapshot-id", "1", "consumer-id", "opt")).open()) {
            assertThat(stream.nextPlan().orElseThrow().splits()).allMatch(s -> s.source() == ChangeSplit.Source.DELTA);
        }
        assertThat(table.consumers().consumer("opt")).map(c -> c.nextSnapshot()).contains(1L);
    }
}
