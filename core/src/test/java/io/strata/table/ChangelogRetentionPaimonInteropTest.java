package io.strata.table;

import static io.strata.table.IncrementalReadPaimonInteropTest.TYPE;
import static io.strata.table.IncrementalReadPaimonInteropTest.row;
import static io.strata.table.LifecycleTables.contentFiles;
import static io.strata.table.LifecycleTables.local;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.RowKind;
import io.strata.oracle.PaimonOracle;
import io.strata.table.store.TableStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.operation.LocalOrphanFilesClean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Changelogs kept longer than snapshots ({@code changelog.*} options) on tables Apache Paimon 1.4.2
 * wrote: Strata's expiration leaves exactly the files and {@code changelog/changelog-N} metadata that
 * Paimon's leaves, incremental and streaming reads span the expired snapshots through the kept
 * changelogs, and Paimon reads the table after Strata expired it.
 */
class ChangelogRetentionPaimonInteropTest {

    @TempDir
    Path dir;

    /** Two snapshots and four changelogs kept; write-only so that Paimon's own commits expire nothing. */
    static Map<String, String> options(String producer) {
        Map<String, String> options = new HashMap<>(IncrementalReadPaimonInteropTest.pkOptions(producer));
        options.putAll(Map.of("write-only", "true", "snapshot.num-retained.min", "2", "snapshot.num-retained.max", "2",
                "snapshot.time-retained", "1 ms", "changelog.num-retained.min", "4", "changelog.num-retained.max", "4",
                "changelog.time-retained", "1 ms"));
        return options;
    }

    private static List<String> changelogFiles(Path table) {
        return LifecycleTables.files(table).stream().filter(f -> f.startsWith("changelog/changelog-")).toList();
    }

    private static org.apache.paimon.table.FileStoreTable paimonTable(PaimonOracle oracle) {
        return (org.apache.paimon.table.FileStoreTable) oracle.table("db", "t");
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "input", "lookup"})
    void strataKeepsChangelogsAsPaimonDoesAndReadsAcrossExpiredSnapshots(String producer) throws Exception {
        Path warehouse = dir.resolve("a");
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options(producer));
            IncrementalReadPaimonInteropTest.writeHistory(paimon, "t");
            paimon.write("db", "t", List.of(row(RowKind.INSERT, 20, "g"), row(RowKind.DELETE, 9, null)));
            paimon.write("db", "t", List.of(row(RowKind.UPDATE_AFTER, 20, "h"), row(RowKind.INSERT, 21, "h")));
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            long latest = strata.snapshots().latestSnapshotId();
            Map<Long, List<String>> changesBefore = new HashMap<>();
            for (long from = latest - 5; from < latest; from++) {
                changesBefore.put(from, ChangeRows.paimon(paimon, "t", Map.of("incremental-between", from + "," + latest)));
            }
            List<String> latestRows = LifecycleTables.rowsAt(strata, latest);
            Path paimonCopy = dir.resolve("b").resolve("db.db").resolve("t");
            LifecycleTables.copy(local(strata), paimonCopy);

            ExpireSnapshots.Result expired = strata.expireSnapshots().commit();
            assertThat(strata.snapshots().listIds()).containsExactly(latest - 1, latest);
            assertThat(expired.changelogIds()).isNotEmpty();
            assertThat(TableStore.of(strata).changelogManager().listIds()).containsExactly(latest - 3, latest - 2);
            try (PaimonOracle paimonB = new PaimonOracle(dir.resolve("b"))) {
                org.apache.paimon.table.FileStoreTable p = paimonTable(paimonB);
                p.newExpireSnapshots().config(p.coreOptions().expireConfig()).expire();
                p.newExpireChangelog().config(p.coreOptions().expireConfig()).expire();
            }
            assertThat(contentFiles(local(strata))).isEqualTo(contentFiles(paimonCopy));
            assertThat(changelogFiles(local(strata))).isEqualTo(changelogFiles(paimonCopy));
            for (long id : TableStore.of(strata).changelogManager().listIds()) {
                assertThat(LifecycleTables.files(local(strata))).contains("changelog/changelog-" + id);
                assertThat(java.nio.file.Files.readString(local(strata).resolve("changelog/changelog-" + id)))
                        .isEqualTo(java.nio.file.Files.readString(paimonCopy.resolve("changelog/changelog-" + id)));
            }

            // Reads over the expired snapshots 1 .. latest-2 through the kept changelogs.
            long from = latest - 4;
            List<String> strataChanges = ChangeRows.read(strata, strata.newIncrementalScan().between(from, latest).plan());
            assertThat(strataChanges).isEqualTo(changesBefore.get(from));
            assertThat(ChangeRows.read(LifecycleTables.load(paimonCopy),
                    LifecycleTables.load(paimonCopy).newIncrementalScan().between(from, latest).plan()))
                    .as("Strata reads Paimon's expired copy the same").isEqualTo(strataChanges);
            List<String> streamed = new ArrayList<>();
            try (ChangeStream stream = strata.newStreamScan().fromSnapshot(from + 1).open()) {
                ChangeRows.drain(strata, stream, streamed);
            }
            streamed.sort(null);
            assertThat(streamed).isEqualTo(strataChanges);
            assertThatThrownBy(() -> strata.newIncrementalScan().between(0, latest).plan())
                    .hasMessageContaining(strata.location().toString()).hasMessageContaining("snapshot 1 has expired");

            // Paimon reads what Strata left: the latest snapshot, and a stream over the kept changelogs.
            assertThat(LifecycleTables.rowsAt(strata, latest)).isEqualTo(latestRows);
            assertThat(ChangeRows.paimonStream(paimon, "t", Map.of("scan.mode", "from-snapshot", "scan.snapshot-id",
                    Long.toString(from + 1)))).isEqualTo(strataChanges);
            assertThat(new LocalOrphanFilesClean(paimonTable(paimon), System.currentTimeMillis() + 86_400_000L, true)
                    .clean().getDeletedFilesPath()).as("Paimon finds no orphan after Strata's expiration").isEmpty();
            assertThat(LifecycleTables.orphans(strata)).isEmpty();

            // More commits and expirations: the kept changelogs move on, as Paimon's do.
            paimon.write("db", "t", List.of(row(RowKind.INSERT, 30, "i")));
            paimon.write("db", "t", List.of(row(RowKind.INSERT, 31, "j")));
            try (PaimonOracle paimonB = new PaimonOracle(dir.resolve("b"))) {
                paimonB.write("db", "t", List.of(row(RowKind.INSERT, 30, "i")));
                paimonB.write("db", "t", List.of(row(RowKind.INSERT, 31, "j")));
                org.apache.paimon.table.FileStoreTable p = paimonTable(paimonB);
                p.newExpireSnapshots().config(p.coreOptions().expireConfig()).expire();
                p.newExpireChangelog().config(p.coreOptions().expireConfig()).expire();
            }
            strata.expireSnapshots().commit();
            assertThat(changelogFiles(local(strata))).isEqualTo(changelogFiles(paimonCopy)).hasSize(2);
            assertThat(LifecycleTables.orphans(strata)).isEmpty();
        }
    }

    @Test
    void aConsumerHoldsKeptChangelogsUntilItHasReadThem() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options("input"));
            IncrementalReadPaimonInteropTest.writeHistory(paimon, "t");
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            List<String> everything = ChangeRows.paimon(paimon, "t", Map.of("incremental-between", "0,4"));
            List<String> rows = new ArrayList<>();
            try (ChangeStream stream = strata.newStreamScan().fromSnapshot(1).withConsumer("c").open()) {
                rows.addAll(ChangeRows.read(strata, stream.nextPlan().orElseThrow()));
                stream.checkpoint();
            }
            // consumer.changelog-only: the consumer holds changelogs, not snapshots.
            Table changelogOnly = SnapshotExpirationTest.withOption(strata, "consumer.changelog-only", "true");
            for (int n = 0; n < 4; n++) {
                paimon.write("db", "t", List.of(row(RowKind.INSERT, 40 + n, "k")));
            }
            changelogOnly.expireSnapshots().commit();
            long latest = changelogOnly.snapshots().latestSnapshotId();
            assertThat(changelogOnly.snapshots().listIds()).containsExactly(latest - 1, latest);
            assertThat(TableStore.of(changelogOnly).changelogManager().listIds()).first().isEqualTo(2L);
            try (ChangeStream resumed = changelogOnly.newStreamScan().withConsumer("c").open()) {
                ChangeRows.drain(changelogOnly, resumed, rows);
            }
            rows.sort(null);
            List<String> expected = new ArrayList<>(everything);
            for (int n = 0; n < 4; n++) {
                expected.add("+I[p" + (n % 2) + ", " + (40 + n) + ", k]");
            }
            expected.sort(null);
            assertThat(rows).isEqualTo(expected);
        }
    }
}
