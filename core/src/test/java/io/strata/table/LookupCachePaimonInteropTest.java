package io.strata.table;

import static io.strata.table.IncrementalReadPaimonInteropTest.TYPE;
import static io.strata.table.IncrementalReadPaimonInteropTest.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.oracle.PaimonOracle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Lookups of tables far larger than the lookup memory: a lookup-producer table and a deletion-vector table whose
 * compactions look up every written key in files many times {@code lookup.cache-max-memory-size} (16 kb) and
 * {@code lookup.cache-max-disk-size} (64 kb) big, written by Strata and, as a twin, by Apache Paimon 1.4.2 with
 * the same rows: the changelog Paimon reads from both, and the rows, are the same.
 */
class LookupCachePaimonInteropTest {

    @TempDir
    Path dir;

    private static List<List<GenericRow>> commits() {
        List<List<GenericRow>> commits = new ArrayList<>();
        List<GenericRow> first = new ArrayList<>();
        for (int id = 0; id < 6_000; id++) {
            first.add(row(RowKind.INSERT, id, "a" + id));
        }
        commits.add(first);
        for (int round = 1; round <= 2; round++) {
            List<GenericRow> upserts = new ArrayList<>();
            for (int id = round; id < 6_000; id += 9) {
                upserts.add(row(RowKind.INSERT, id, "r" + round + "-" + id));
            }
            for (int id = round * 1000; id < round * 1000 + 50; id++) {
                upserts.add(row(RowKind.DELETE, id, null));
            }
            upserts.add(row(RowKind.INSERT, 10_000 + round, "new"));
            commits.add(upserts);
        }
        return commits;
    }

    @ParameterizedTest
    @ValueSource(strings = {"lookup", "deletion-vectors"})
    void lookupsBeyondTheMemoryAndDiskBoundsGiveWhatPaimonGives(String kind) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("bucket", "1", "file.format", "parquet",
                "lookup.cache-max-memory-size", "16 kb", "lookup.cache-max-disk-size", "64 kb"));
        options.put(kind.equals("lookup") ? "changelog-producer" : "deletion-vectors.enabled",
                kind.equals("lookup") ? "lookup" : "true");
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "by_paimon", TYPE, List.of("p"), List.of("p", "id"), options);
            paimon.createTable("db", "by_strata", TYPE, List.of("p"), List.of("p", "id"), options);
            Table strata = LifecycleTables.load(paimon.tablePath("db", "by_strata"));
            for (List<GenericRow> commit : commits()) {
                paimon.write("db", "by_paimon", commit);
                try (BatchWrite w = strata.newBatchWrite()) {
                    for (GenericRow r : commit) {
                        if (r.kind() == RowKind.DELETE) {
                            w.delete(r);
                        } else {
                            w.write(r);
                        }
                    }
                    w.commit();
                }
            }
            List<String> rows = TestRows.formatAll(paimon.readAll("db", "by_strata"), TYPE);
            assertThat(rows).hasSizeBetween(5_900, 5_910)
                    .isEqualTo(TestRows.formatAll(paimon.readAll("db", "by_paimon"), TYPE))
                    .isEqualTo(TestRows.readAll(strata));
            if (kind.equals("lookup")) {
                long ours = strata.snapshots().latestSnapshotId();
                long theirs = paimon.latestSnapshotId("db", "by_paimon").orElseThrow();
                List<String> changelog = ChangeRows.paimon(paimon, "by_strata", Map.of("incremental-between", "0," + ours));
                assertThat(changelog).as("the changelog of every commit, from lookups of old values")
                        .isEqualTo(ChangeRows.paimon(paimon, "by_paimon", Map.of("incremental-between", "0," + theirs)))
                        .anyMatch(r -> r.startsWith("-U")).anyMatch(r -> r.startsWith("-D"));
            }
        }
    }
}
