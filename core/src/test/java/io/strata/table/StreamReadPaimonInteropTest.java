package io.strata.table;

import static io.strata.table.IncrementalReadPaimonInteropTest.TYPE;
import static io.strata.table.IncrementalReadPaimonInteropTest.pkOptions;
import static io.strata.table.IncrementalReadPaimonInteropTest.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.RowKind;
import io.strata.oracle.PaimonOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Streaming reads of tables that Apache Paimon 1.4.2 writes while Strata follows them: the rows a
 * Strata stream reads (stopped and restarted with a consumer id in between) equal Paimon's own
 * streaming read from the same start, and snapshot expiration never removes what a consumer has not read.
 */
class StreamReadPaimonInteropTest {

    @TempDir
    Path dir;

    /**
     * The rows with +U read as +I: the full state a stream starts with is all adds, which Paimon reports
     * as +U or +I depending on whether it merged the files; Strata reports +I.
     */
    private static List<String> addsAsInserts(List<String> rows) {
        return rows.stream().map(r -> r.startsWith("+U") ? "+I" + r.substring(2) : r).sorted().toList();
    }

    private static void moreCommits(PaimonOracle paimon, int n) {
        paimon.write("db", "t", List.of(row(RowKind.INSERT, 10 + n, "s" + n), row(RowKind.UPDATE_AFTER, 4, "u" + n),
                row(RowKind.DELETE, 10 + n - 1, null)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "input", "lookup"})
    void aConsumerStoppedAndRestartedReadsWhatPaimonStreamsNothingLostNothingTwice(String producer) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), pkOptions(producer));
            IncrementalReadPaimonInteropTest.writeHistory(paimon, "t");
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            long start = strata.snapshots().latestSnapshotId();
            List<String> rows = new ArrayList<>();
            List<String> fullRows = new ArrayList<>();

            try (ChangeStream stream = strata.newStreamScan().withConsumer("job").pollInterval(Duration.ofMillis(5)).open()) {
                assertThat(strata.consumers().consumer("job")).map(c -> c.nextSnapshot()).contains(start);
                List<ChangePlan> plans = ChangeRows.drain(strata, stream, rows);
                assertThat(plans).hasSize(1);
                assertThat(plans.get(0).splits()).allMatch(s -> s.source() == ChangeSplit.Source.FULL);
                assertThat(rows).isNotEmpty().allMatch(r -> r.startsWith("+I"));
                fullRows.addAll(rows);
                moreCommits(paimon, 1);
                ChangePlan next = stream.awaitPlan(Duration.ofSeconds(30)).orElseThrow();
                rows.addAll(ChangeRows.read(strata, next));
                assertThat(stream.checkpoint()).contains(next.nextSnapshotId());
                moreCommits(paimon, 2);
                // Planned but not checkpointed: a restart reads it again... so it is not read here.
            }
            assertThat(strata.consumers().consumer("job")).map(c -> c.nextSnapshot()).isPresent();
            moreCommits(paimon, 3);
            try (ChangeStream resumed = strata.newStreamScan().withConsumer("job").open()) {
                ChangeRows.drain(strata, resumed, rows);
                long latest = strata.snapshots().latestSnapshotId();
                assertThat(resumed.checkpoint()).contains(latest + 1);
            }
            rows.sort(null);
            assertThat(addsAsInserts(rows)).isEqualTo(addsAsInserts(ChangeRows.paimonStream(paimon, "t",
                    Map.of("scan.snapshot-id", Long.toString(start), "scan.mode", "from-snapshot-full"))));
            // The changes after the full state, exactly (row kinds included).
            List<String> changes = new ArrayList<>(rows);
            for (String full : fullRows) {
                changes.remove(full);
            }
            long latest = strata.snapshots().latestSnapshotId();
            assertThat(changes).isEqualTo(ChangeRows.paimon(paimon, "t", Map.of("incremental-between", start + "," + latest)));
            // Paimon reads the consumer position Strata wrote.
            org.apache.paimon.table.FileStoreTable p = (org.apache.paimon.table.FileStoreTable) paimon.table("db", "t");
            assertThat(p.consumerManager().consumer("job").map(c -> c.nextSnapshot()))
                    .contains(strata.snapshots().latestSnapshotId() + 1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"latest", "from-snapshot", "from-timestamp", "latest-full"})
    void startingPointsMatchPaimonsScanModes(String mode) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), pkOptions("input"));
            IncrementalReadPaimonInteropTest.writeHistory(paimon, "t");
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            Map<String, String> options = switch (mode) {
                case "from-snapshot" -> Map.of("scan.mode", mode, "scan.snapshot-id", "2");
                case "from-timestamp" -> Map.of("scan.mode", mode, "scan.timestamp-millis",
                        Long.toString(strata.snapshots().snapshot(3).timeMillis()));
                default -> Map.of("scan.mode", mode);
            };
            List<String> rows = new ArrayList<>();
            try (ChangeStream stream = strata.newStreamScan().withOptions(options).open()) {
                ChangeRows.drain(strata, stream, rows);
                moreCommits(paimon, 1);
                moreCommits(paimon, 2);
                ChangeRows.drain(strata, stream, rows);
            }
            rows.sort(null);
            // Paimon's stream started at the same point: "latest" from snapshot 5 on, as Strata's started.
            Map<String, String> paimonOptions = mode.equals("latest") ? Map.of("scan.mode", "from-snapshot",
                    "scan.snapshot-id", "5") : mode.equals("latest-full")
                    ? Map.of("scan.mode", "from-snapshot-full", "scan.snapshot-id", "4") : options;
            assertThat(addsAsInserts(rows)).isNotEmpty()
                    .isEqualTo(addsAsInserts(ChangeRows.paimonStream(paimon, "t", paimonOptions)));
        }
    }

    @Test
    void expirationKeepsWhatAConsumerHasNotReadAndPinnedPlansStillRead() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), pkOptions("input"));
            IncrementalReadPaimonInteropTest.writeHistory(paimon, "t");
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            List<String> rows = new ArrayList<>();
            try (ChangeStream stream = strata.newStreamScan().fromSnapshot(1).withConsumer("slow").open()) {
                rows.addAll(ChangeRows.read(strata, stream.nextPlan().orElseThrow()));
                rows.addAll(ChangeRows.read(strata, stream.nextPlan().orElseThrow()));
                assertThat(stream.checkpoint()).contains(3L);
            }
            for (int n = 1; n <= 3; n++) {
                moreCommits(paimon, n);
            }
            long latest = strata.snapshots().latestSnapshotId();
            Plan pinned = strata.newScan().asOfSnapshot(latest).plan();
            ChangePlan pinnedChanges = strata.newIncrementalScan().between(latest - 1, latest).plan();
            List<String> pinnedRows = TestRows.readAll(strata, pinned);
            List<String> pinnedChangeRows = ChangeRows.read(strata, pinnedChanges);
            List<String> everything = ChangeRows.paimon(paimon, "t", Map.of("incremental-between", "0," + latest));

            assertThat(strata.expireSnapshots().retainLast(1).commit().snapshotIds()).containsExactly(1L, 2L);
            assertThat(strata.snapshots().listIds()).first().isEqualTo(3L);
            try (ChangeStream resumed = strata.newStreamScan().withConsumer("slow").open()) {
                ChangeRows.drain(strata, resumed, rows);
            }
            rows.sort(null);
            assertThat(rows).isEqualTo(everything);
            assertThat(TestRows.readAll(strata, pinned)).isEqualTo(pinnedRows);
            assertThat(ChangeRows.read(strata, pinnedChanges)).isEqualTo(pinnedChangeRows);

            // Without the consumer, the stream's next snapshot expires: a stream that fell behind fails clearly.
            try (ChangeStream behind = strata.newStreamScan().fromSnapshot(3).open()) {
                strata.consumers().delete("slow");
                strata.expireSnapshots().retainLast(1).commit();
                assertThatThrownBy(behind::nextPlan).hasMessageContaining(strata.location().toString())
                        .hasMessageContaining("snapshot 3 expired");
            }
        }
    }

    @Test
    void aStrataTableWithoutChangelogStreamsItsDeltas() throws Exception {
        Table table = LifecycleTables.create(dir, "s", "write-only", "true");
        LifecycleTables.commit(table, 1);
        List<String> rows = new ArrayList<>();
        try (ChangeStream stream = table.newStreamScan().withConsumer("c").open()) {
            ChangeRows.drain(table, stream, rows);
            assertThat(rows).hasSize(6).allMatch(r -> r.startsWith("+I"));
            LifecycleTables.commit(table, 2);
            table.compactFull();
            LifecycleTables.commit(table, 3);
            List<ChangePlan> plans = ChangeRows.drain(table, stream, rows);
            assertThat(plans).extracting(ChangePlan::toInclusive).containsExactly(2L, 4L);
            assertThat(plans).allMatch(p -> p.splits().stream().allMatch(s -> s.source() == ChangeSplit.Source.DELTA));
            stream.checkpoint();
        }
        assertThat(rows).contains("-D[p1, 1, null]", "-D[p0, 2, null]", "+I[p0, 6, v2]");
        assertThat(table.consumers().consumer("c")).map(c -> c.nextSnapshot()).contains(5L);
        try (ChangeStream empty = table.newStreamScan().withConsumer("c").open()) {
            assertThat(empty.awaitPlan(Duration.ofMillis(20))).isEmpty();
        }
        assertThat(Optional.of(rows.size())).contains(6 + 7 + 7);
    }
}
