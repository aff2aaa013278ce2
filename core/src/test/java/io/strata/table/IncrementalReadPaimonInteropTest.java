package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonOracle;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Incremental reads of tables that Apache Paimon 1.4.2 wrote, for every changelog producer and for an
 * append table: Strata's read between every pair of snapshots equals Paimon's {@code incremental-between}
 * read, as multisets of (row kind, row).
 */
class IncrementalReadPaimonInteropTest {

    static final RowType TYPE = new RowType(List.of(new DataField(0, "p", DataTypes.STRING().withNullable(false)),
            new DataField(1, "id", DataTypes.INT().withNullable(false)), new DataField(2, "v", DataTypes.STRING())));

    @TempDir
    Path dir;

    static GenericRow row(RowKind kind, int id, String v) {
        return GenericRow.ofKind(kind, Utf8String.fromString("p" + (id % 2)), id, v == null ? null : Utf8String.fromString(v));
    }

    /** Four commits of inserts, upserts, +U updates and deletes into a partitioned primary-key table. */
    static List<List<GenericRow>> history() {
        List<GenericRow> first = new ArrayList<>();
        for (int id = 1; id <= 6; id++) {
            first.add(row(RowKind.INSERT, id, "a" + id));
        }
        return List.of(first,
                List.of(row(RowKind.INSERT, 1, "b1"), row(RowKind.UPDATE_AFTER, 2, "b2"), row(RowKind.DELETE, 3, "a3"),
                        row(RowKind.INSERT, 7, "b7")),
                List.of(row(RowKind.UPDATE_AFTER, 1, "c1"), row(RowKind.INSERT, 1, "d1"), row(RowKind.DELETE, 7, "b7"),
                        row(RowKind.INSERT, 8, "c8")),
                List.of(row(RowKind.DELETE, 1, null), row(RowKind.INSERT, 9, "e9")));
    }

    /** {@link #history()} written by Paimon, one commit each. */
    static void writeHistory(PaimonOracle paimon, String table) {
        history().forEach(rows -> paimon.write("db", table, rows));
    }

    static Map<String, String> pkOptions(String producer) {
        return Map.of("bucket", "2", "changelog-producer", producer, "file.format", "parquet");
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "input", "lookup", "full-compaction"})
    void everyRangeOfAPrimaryKeyTableReadsAsPaimonReadsIt(String producer) throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), pkOptions(producer));
            writeHistory(paimon, "t");
            paimon.compact("db", "t");
            paimon.write("db", "t", List.of(row(RowKind.INSERT, 10, "f10"), row(RowKind.DELETE, 2, null)));
            paimon.compact("db", "t");
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            long latest = strata.snapshots().latestSnapshotId();
            assertThat(latest).isGreaterThanOrEqualTo(7);
            int nonEmpty = 0;
            for (long from = 0; from < latest; from++) {
                for (long to = from + 1; to <= latest; to++) {
                    if (!(from == 0 || to == from + 1 || to == latest)) {
                        continue; // every single snapshot, every prefix and every suffix: enough, and quick
                    }
                    List<String> expected = ChangeRows.paimon(paimon, "t", Map.of("incremental-between", from + "," + to));
                    ChangePlan plan = strata.newIncrementalScan().between(from, to).plan();
                    assertThat(ChangeRows.read(strata, plan)).as(producer + " (" + from + ", " + to + "]")
                            .isEqualTo(expected);
                    nonEmpty += expected.isEmpty() ? 0 : 1;
                    ChangeSplit.Source expectedSource = producer.equals("none") ? ChangeSplit.Source.DELTA
                            : ChangeSplit.Source.CHANGELOG;
                    assertThat(plan.splits()).allMatch(s -> s.source() == expectedSource);
                }
            }
            assertThat(nonEmpty).isGreaterThan(0);
            List<String> all = ChangeRows.read(strata, strata.newIncrementalScan().between(0, latest).plan());
            if (!producer.equals("full-compaction")) {
                assertThat(all).anyMatch(r -> r.startsWith("-D"));
            }
            if (producer.equals("lookup")) {
                assertThat(all).anyMatch(r -> r.startsWith("-U")).anyMatch(r -> r.startsWith("+U"));
            }
        }
    }

    @Test
    void appendTableReadsTheAddedRowsAsInserts() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "a", TYPE, List.of("p"), List.of(), Map.of("bucket", "-1"));
            for (int n = 0; n < 3; n++) {
                paimon.write("db", "a", List.of(row(RowKind.INSERT, n * 2, "x" + n), row(RowKind.INSERT, n * 2 + 1, "y" + n)));
            }
            paimon.compact("db", "a");
            paimon.write("db", "a", List.of(row(RowKind.INSERT, 100, "z")));
            Table strata = LifecycleTables.load(paimon.tablePath("db", "a"));
            long latest = strata.snapshots().latestSnapshotId();
            for (long from = 0; from < latest; from++) {
                for (long to = from + 1; to <= latest; to++) {
                    assertThat(ChangeRows.read(strata, strata.newIncrementalScan().between(from, to).plan()))
                            .as("(" + from + ", " + to + "]")
                            .isEqualTo(ChangeRows.paimon(paimon, "a", Map.of("incremental-between", from + "," + to)));
                }
            }
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan().between(0, latest).plan()))
                    .hasSize(7).allMatch(r -> r.startsWith("+I"));
        }
    }

    @Test
    void optionsTimestampsAndProjectionMapOntoTheScan() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), pkOptions("input"));
            writeHistory(paimon, "t");
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan()
                    .withOptions(Map.of("incremental-between", "1,3")).plan()))
                    .isEqualTo(ChangeRows.paimon(paimon, "t", Map.of("incremental-between", "1,3")));
            // The delta instead of the changelog, as incremental-between-scan-mode = delta.
            Map<String, String> delta = Map.of("incremental-between", "1,3", "incremental-between-scan-mode", "delta");
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan().withOptions(delta).plan()))
                    .isEqualTo(ChangeRows.paimon(paimon, "t", delta));
            long t1 = strata.snapshots().snapshot(1).timeMillis();
            long t3 = strata.snapshots().snapshot(3).timeMillis();
            Map<String, String> byTime = Map.of("incremental-between-timestamp", t1 + "," + t3);
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan().withOptions(byTime).plan()))
                    .isEqualTo(ChangeRows.paimon(paimon, "t", byTime))
                    .isEqualTo(ChangeRows.read(strata, strata.newIncrementalScan().between(1, 3).plan()));
            ChangePlan projected = strata.newIncrementalScan().between(2, 3).select("v", "id").plan();
            assertThat(ChangeRows.read(strata, projected)).containsExactly("+I[c8, 8]", "+I[d1, 1]", "+U[c1, 1]", "-D[b7, 7]");
        }
    }

    @Test
    void badRangesFailNamingTheTableAndSnapshot() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), pkOptions("input"));
            writeHistory(paimon, "t");
            Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
            String table = strata.location().toString();
            assertThatThrownBy(() -> strata.newIncrementalScan().between(3, 2).plan())
                    .hasMessageContaining(table).hasMessageContaining("snapshot 3").hasMessageContaining("older snapshot 2");
            assertThatThrownBy(() -> strata.newIncrementalScan().between(1, 9).plan())
                    .hasMessageContaining(table).hasMessageContaining("no snapshot 9").hasMessageContaining("latest is 4");
            assertThatThrownBy(() -> strata.newIncrementalScan().withOptions(Map.of("incremental-between", "tagA,tagB")))
                    .hasMessageContaining("incremental-between").hasMessageContaining("tagA,tagB");
            assertThatThrownBy(() -> strata.newIncrementalScan().withOptions(Map.of("incremental-between-scan-mode", "sideways")))
                    .hasMessageContaining(table).hasMessageContaining("incremental-between-scan-mode")
                    .hasMessageContaining("sideways");
            assertThat(strata.newIncrementalScan().between(2, 2).plan().splits()).isEmpty();
            strata.expireSnapshots().retainLast(2).commit();
            assertThatThrownBy(() -> strata.newIncrementalScan().between(1, 4).plan())
                    .hasMessageContaining(table).hasMessageContaining("snapshot 2 has expired")
                    .hasMessageContaining("no changelog");
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan().between(2, 4).plan())).isNotEmpty();
        }
    }
}
