package io.strata.table;

import static io.strata.table.LifecycleTables.commit;
import static io.strata.table.LifecycleTables.contentFiles;
import static io.strata.table.LifecycleTables.local;
import static io.strata.table.LifecycleTables.orphans;
import static io.strata.table.LifecycleTables.rowsAt;
import static io.strata.table.LifecycleTables.rowsOfTag;
import static org.assertj.core.api.Assertions.assertThat;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.data.Utf8String;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.PaimonValues;
import io.strata.types.DataField;
import io.strata.types.DataTypes;
import io.strata.types.RowType;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.operation.LocalOrphanFilesClean;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lifecycle against Apache Paimon 1.4.2: the same expiration, tag deletion and rollback run by
 * Strata on one copy of a table and by Paimon on another leave the same files, and each reads every
 * snapshot and tag the other kept.
 */
class LifecyclePaimonInteropTest {

    @TempDir
    Path dir;

    private static ExpireConfig retainLast(int n) {
        return ExpireConfig.builder().snapshotRetainMin(n).snapshotRetainMax(n).snapshotTimeRetain(Duration.ofMillis(1))
                .snapshotMaxDeletes(Integer.MAX_VALUE).build();
    }

    private static org.apache.paimon.table.FileStoreTable paimonTable(PaimonOracle oracle) {
        return (org.apache.paimon.table.FileStoreTable) oracle.table("db", "t");
    }

    /** Paimon's read of a snapshot or tag, in the format of {@link TestRows}. */
    private static List<String> paimonRows(PaimonOracle oracle, String option, String value) throws Exception {
        org.apache.paimon.table.Table t = oracle.table("db", "t").copy(Map.of(option, value));
        RowType type = io.strata.oracle.PaimonTypes.toStrata(t.rowType());
        ReadBuilder rb = t.newReadBuilder();
        List<String> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = rb.newRead().createReader(rb.newScan().plan().splits())) {
            reader.forEachRemaining(r -> out.add(TestRows.format(PaimonValues.toStrataRow(r, t.rowType()), type)));
        }
        out.sort(null);
        return out;
    }

    /** Commits 1 to 6 of {@link LifecycleTables#commit}, each third one fully compacted: eight snapshots. */
    static Table strataHistory(Path warehouse, String... options) throws Exception {
        Table table = LifecycleTables.create(warehouse, "t", options);
        for (int n = 1; n <= 6; n++) {
            commit(table, n);
            if (n % 3 == 0) {
                table.compactFull();
            }
        }
        return table;
    }

    @Test
    void strataExpiresAndDeletesTagsExactlyAsPaimonDoes() throws Exception {
        Table strata = strataHistory(dir.resolve("a"), "write-only", "true");
        strata.tags().create("two", 2);
        strata.tags().create("five", 5);
        Map<Long, List<String>> before = LifecycleTables.allSnapshots(strata);
        Path paimonCopy = dir.resolve("b").resolve("db.db").resolve("t");
        LifecycleTables.copy(local(strata), paimonCopy);

        strata.expireSnapshots().retainLast(2).commit();
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("b"))) {
            assertThat(paimonTable(paimon).newExpireSnapshots().config(retainLast(2)).expire()).isEqualTo(6);
        }
        assertThat(contentFiles(local(strata))).isEqualTo(contentFiles(paimonCopy));

        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("a"))) {
            for (long id : List.of(7L, 8L)) {
                assertThat(paimonRows(paimon, "scan.snapshot-id", Long.toString(id))).isEqualTo(before.get(id));
            }
            assertThat(paimonRows(paimon, "scan.tag-name", "two")).isEqualTo(before.get(2L));
            assertThat(paimonRows(paimon, "scan.tag-name", "five")).isEqualTo(before.get(5L));
            assertThat(new LocalOrphanFilesClean(paimonTable(paimon), System.currentTimeMillis() + 86_400_000L, true)
                    .clean().getDeletedFilesPath()).as("Paimon finds no orphan after Strata's expiration").isEmpty();
        }

        strata.tags().delete("two");
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("b"))) {
            paimonTable(paimon).deleteTag("two");
        }
        assertThat(contentFiles(local(strata))).isEqualTo(contentFiles(paimonCopy));
        assertThat(rowsOfTag(LifecycleTables.load(paimonCopy), "five")).isEqualTo(before.get(5L));
    }

    @Test
    void paimonExpiresAStrataTableAndStrataReadsWhatIsLeft() throws Exception {
        Table strata = strataHistory(dir, "write-only", "true");
        strata.tags().create("three", 3);
        Map<Long, List<String>> before = LifecycleTables.allSnapshots(strata);
        strata.consumers().reset("strata-reader", 5);
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            // Paimon honours Strata's consumer...
            paimonTable(paimon).newExpireSnapshots().config(retainLast(3)).expire();
            assertThat(strata.snapshots().listIds()).containsExactly(5L, 6L, 7L, 8L);
            // ...and Strata honours Paimon's (a Flink job's) consumer.
            paimonTable(paimon).consumerManager().resetConsumer("flink-job", new org.apache.paimon.consumer.Consumer(6));
            assertThat(paimonTable(paimon).consumerManager().consumer("strata-reader"))
                    .map(org.apache.paimon.consumer.Consumer::nextSnapshot).contains(5L);
        }
        assertThat(strata.consumers().consumer("flink-job")).map(c -> c.nextSnapshot()).contains(6L);
        strata.consumers().delete("strata-reader");
        strata.expireSnapshots().retainLast(1).commit();
        assertThat(strata.snapshots().listIds()).containsExactly(6L, 7L, 8L);
        strata.consumers().delete("flink-job");
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            paimonTable(paimon).newExpireSnapshots().config(retainLast(3)).expire();
        }
        for (long id = 6; id <= 8; id++) {
            assertThat(rowsAt(strata, id)).isEqualTo(before.get(id));
        }
        assertThat(rowsOfTag(strata, "three")).isEqualTo(before.get(3L));
        assertThat(orphans(strata)).as("Strata finds no orphan after Paimon's expiration").isEmpty();
        // And Strata's next commit, with its automatic expiration, works on what Paimon left.
        commit(strata, 7);
        assertThat(TestRows.readAll(strata, strata.newScan().plan())).isNotEmpty();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void strataReadsAndExpiresATableAndTagsThatPaimonWrote(boolean deletionVectors) throws Exception {
        RowType type = new RowType(List.of(new DataField(0, "p", DataTypes.STRING().withNullable(false)),
                new DataField(1, "id", DataTypes.INT().withNullable(false)), new DataField(2, "v", DataTypes.STRING())));
        Path a = dir.resolve("a");
        Map<String, List<String>> tagRows = new java.util.TreeMap<>();
        try (PaimonOracle paimon = new PaimonOracle(a)) {
            paimon.createTable("db", "t", type, List.of("p"), List.of("p", "id"), Map.of("bucket", "2",
                    "file.format", deletionVectors ? "parquet" : "orc",
                    "deletion-vectors.enabled", Boolean.toString(deletionVectors)));
            for (int n = 1; n <= 5; n++) {
                List<GenericRow> rows = new ArrayList<>();
                for (int id = n * 2; id < n * 2 + 4; id++) {
                    rows.add(GenericRow.ofKind(RowKind.INSERT, Utf8String.fromString("p" + (id % 2)), id,
                            Utf8String.fromString("v" + n)));
                }
                paimon.write("db", "t", rows);
                if (n == 3 || deletionVectors && n >= 3) {
                    paimon.compact("db", "t");
                }
            }
            paimonTable(paimon).createTag("t2", 2);
            paimonTable(paimon).createTag("t4", 4, Duration.ofDays(1));
            for (String tag : List.of("t2", "t4")) {
                tagRows.put(tag, paimonRows(paimon, "scan.tag-name", tag));
            }
        }
        Table strata = LifecycleTables.load(a.resolve("db.db").resolve("t"));
        for (String tag : List.of("t2", "t4")) {
            assertThat(rowsOfTag(strata, tag)).as(tag).isEqualTo(tagRows.get(tag)).isNotEmpty();
        }
        Path paimonCopy = dir.resolve("b").resolve("db.db").resolve("t");
        LifecycleTables.copy(local(strata), paimonCopy);
        long latest = strata.snapshots().latestSnapshotId();
        List<String> latestRows = rowsAt(strata, latest);

        if (deletionVectors) {
            assertThat(contentFiles(local(strata))).anyMatch(f -> f.startsWith("index/"));
        }
        strata.expireSnapshots().retainLast(1).commit();
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("b"))) {
            paimonTable(paimon).newExpireSnapshots().config(retainLast(1)).expire();
        }
        assertThat(contentFiles(local(strata))).isEqualTo(contentFiles(paimonCopy));
        assertThat(orphans(strata)).isEmpty();
        try (PaimonOracle paimon = new PaimonOracle(a)) {
            assertThat(paimonRows(paimon, "scan.snapshot-id", Long.toString(latest))).isEqualTo(latestRows);
            for (String tag : List.of("t2", "t4")) {
                assertThat(paimonRows(paimon, "scan.tag-name", tag)).isEqualTo(tagRows.get(tag));
            }
        }
    }

    @Test
    void rollbackKeepsWhatPaimonKeepsAndDeletesOnlyWhatPaimonLeavesAsOrphans() throws Exception {
        Table strata = strataHistory(dir.resolve("a"), "write-only", "true");
        strata.tags().create("seven", 7);
        List<String> at3 = rowsAt(strata, 3);
        Path paimonCopy = dir.resolve("b").resolve("db.db").resolve("t");
        LifecycleTables.copy(local(strata), paimonCopy);

        strata.rollbackTo(3);
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("b"))) {
            paimonTable(paimon).rollbackTo(3);
        }
        List<String> metadata = LifecycleTables.files(local(strata)).stream()
                .filter(f -> f.startsWith("snapshot/snapshot-") || f.startsWith("tag/")).toList();
        assertThat(metadata).isEqualTo(LifecycleTables.files(paimonCopy).stream()
                .filter(f -> f.startsWith("snapshot/snapshot-") || f.startsWith("tag/")).toList());
        // Paimon 1.4.2 leaves the later files behind; Strata deletes exactly those.
        List<String> paimonLeft = new ArrayList<>(contentFiles(paimonCopy));
        paimonLeft.removeAll(contentFiles(local(strata)));
        Table paimonRolledBack = LifecycleTables.load(paimonCopy);
        assertThat(orphans(paimonRolledBack)).extracting(p -> paimonCopy.relativize(Path.of(p.toUri())).toString())
                .containsExactlyInAnyOrderElementsOf(paimonLeft).isNotEmpty();
        assertThat(contentFiles(paimonCopy)).containsAll(contentFiles(local(strata)));
        try (PaimonOracle paimon = new PaimonOracle(dir.resolve("a"))) {
            assertThat(paimonRows(paimon, "scan.snapshot-id", "3")).isEqualTo(at3);
            assertThat(new LocalOrphanFilesClean(paimonTable(paimon), System.currentTimeMillis() + 86_400_000L, true)
                    .clean().getDeletedFilesPath()).isEmpty();
        }
    }
}
