package io.strata.table;

import static io.strata.table.IncrementalReadPaimonInteropTest.TYPE;
import static io.strata.table.IncrementalReadPaimonInteropTest.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.data.GenericRow;
import io.strata.data.RowKind;
import io.strata.oracle.PaimonOracle;
import io.strata.table.metadata.AuditLogTable;
import io.strata.table.metadata.MetadataTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Paimon 1.4.2's scan modes on histories written by Paimon and Strata in turn: tag names in
 * {@code incremental-between} (the diff of the tags, or with {@code incremental-between-tag-to-snapshot} the
 * changes between their snapshots), {@code incremental-between-scan-mode = diff} by snapshot ids and by times,
 * and {@code scan.mode = compacted-full} for batch and streaming reads. Strata's read equals Paimon's read of
 * the same options on the same table, as multisets of (row kind, row).
 */
class ScanModesPaimonInteropTest {

    @TempDir
    Path dir;

    /** The latest snapshot after each step of a history (1-based; writes of DV tables add compactions). */
    private final long[] step = new long[7];

    /**
     * Six snapshots: Paimon inserts (1), Strata upserts and deletes (2), Paimon compacts (3), Strata upserts
     * with a value written unchanged (4), Paimon deletes (5), Strata compacts fully (6). Tags t1, t3, t4, t6.
     */
    private Table mixedHistory(PaimonOracle paimon, Map<String, String> options, boolean primaryKey) throws Exception {
        paimon.createTable("db", "t", TYPE, List.of("p"), primaryKey ? List.of("p", "id") : List.of(), options);
        List<GenericRow> first = new ArrayList<>();
        for (int id = 1; id <= 8; id++) {
            first.add(row(RowKind.INSERT, id, "a" + id));
        }
        paimon.write("db", "t", first);
        Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
        step[1] = strata.snapshots().latestSnapshotId();
        try (BatchWrite w = strata.newBatchWrite()) {
            w.write(row(RowKind.INSERT, 2, "b2"));
            w.write(row(RowKind.INSERT, 9, "b9"));
            if (primaryKey) {
                w.delete(row(RowKind.INSERT, 3, null));
            }
            w.commit();
        }
        step[2] = strata.snapshots().latestSnapshotId();
        paimon.compact("db", "t");
        step[3] = strata.snapshots().latestSnapshotId();
        try (BatchWrite w = strata.newBatchWrite()) {
            w.write(row(RowKind.INSERT, 4, "a4")); // the same value again: no change for a diff
            w.write(row(RowKind.INSERT, 5, "c5"));
            w.write(row(RowKind.INSERT, 10, "c10"));
            w.commit();
        }
        step[4] = strata.snapshots().latestSnapshotId();
        paimon.write("db", "t", primaryKey ? List.of(row(RowKind.DELETE, 6, "a6"), row(RowKind.INSERT, 2, "d2"))
                : List.of(row(RowKind.INSERT, 11, "d11")));
        step[5] = strata.snapshots().latestSnapshotId();
        strata.compactFull();
        step[6] = strata.snapshots().latestSnapshotId();
        tagSteps(paimon, strata);
        return strata;
    }

    /** Tags t1 and t3 made by Paimon, t4 and t6 by Strata, at those steps. */
    private void tagSteps(PaimonOracle paimon, Table strata) {
        FileStoreTable paimonTable = (FileStoreTable) paimon.table("db", "t");
        paimonTable.createTag("t1", step[1]);
        paimonTable.createTag("t3", step[3]);
        strata.tags().create("t4", step[4]);
        strata.tags().create("t6", step[6]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"deduplicate", "partial-update", "deletion-vectors"})
    void diffsBetweenTagsAndSnapshotsReadAsPaimonReadsThem(String kind) throws Exception {
        Map<String, String> options = new HashMap<>(Map.of("bucket", "2", "file.format", "parquet"));
        switch (kind) {
            case "partial-update" -> options.put("merge-engine", "partial-update");
            case "deletion-vectors" -> options.put("deletion-vectors.enabled", "true");
            default -> { }
        }
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            boolean deletes = !kind.equals("partial-update"); // partial-update refuses deletes by default
            Table strata = deletes ? mixedHistory(paimon, options, true) : mixedUpdates(paimon, options);
            List<Map<String, String>> reads = new ArrayList<>();
            for (String range : List.of("t1,t3", "t1,t6", "t3,t4", "t4,t6", "t1,t1")) {
                reads.add(Map.of("incremental-between", range));
            }
            for (int[] range : new int[][] {{1, 2}, {1, 4}, {2, 6}, {3, 5}, {5, 6}}) {
                reads.add(Map.of("incremental-between", step[range[0]] + "," + step[range[1]],
                        "incremental-between-scan-mode", "diff"));
            }
            Map<String, String> tagToSnapshot = Map.of("incremental-between", "t1,t4",
                    "incremental-between-tag-to-snapshot", "true");
            List<String> betweenTagSnapshots = ChangeRows.read(strata,
                    strata.newIncrementalScan().between(step[1], step[4]).plan());
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan().withOptions(tagToSnapshot).plan()))
                    .isEqualTo(betweenTagSnapshots).isNotEmpty();
            if (!kind.equals("deletion-vectors")) {
                // (Paimon's batch reads of a deletion-vector table leave out level 0, where every delta file is.)
                assertThat(betweenTagSnapshots).isEqualTo(ChangeRows.paimon(paimon, "t", tagToSnapshot));
            }
            long t2 = strata.snapshots().snapshot(step[2]).timeMillis();
            long t5 = strata.snapshots().snapshot(step[5]).timeMillis();
            reads.add(Map.of("incremental-between-timestamp", t2 + "," + t5, "incremental-between-scan-mode", "diff"));
            reads.add(Map.of("incremental-between-timestamp", (t2 - 60_000) + "," + (t5 + 1),
                    "incremental-between-scan-mode", "diff"));
            int nonEmpty = 0;
            for (Map<String, String> read : reads) {
                List<String> expected = ChangeRows.paimon(paimon, "t", read);
                ChangePlan plan = strata.newIncrementalScan().withOptions(read).plan();
                assertThat(ChangeRows.read(strata, plan)).as(kind + " " + read).isEqualTo(expected);
                nonEmpty += expected.isEmpty() ? 0 : 1;
            }
            assertThat(nonEmpty).isGreaterThan(8);
            if (deletes) {
                // The audit log of a diff shows the deleted keys as -D, as Paimon's audit_log does.
                for (String range : List.of("t1,t6", "t3,t6")) {
                    AuditLogTable ours = ((AuditLogTable) MetadataTables.of(strata, "audit_log").orElseThrow())
                            .withReadOptions(Map.of("incremental-between", range));
                    List<String> rows = new ArrayList<>();
                    try (var it = ours.rows(OptionalLong.empty())) {
                        it.forEachRemaining(r -> rows.add(TestRows.format(r, ours.rowType())));
                    }
                    rows.sort(null);
                    org.apache.paimon.table.Table system = paimon.catalog().getTable(
                            org.apache.paimon.catalog.Identifier.fromString("db.t$audit_log"))
                            .copy(Map.of("incremental-between", range));
                    assertThat(rows).as(kind + " audit_log " + range).isEqualTo(paimonRows(system));
                    assertThat(rows).anyMatch(r -> r.startsWith("[-D"));
                }
            }
        }
    }

    /** A partial-update history (no deletes): the same writers and tags as {@link #mixedHistory}. */
    private Table mixedUpdates(PaimonOracle paimon, Map<String, String> options) throws Exception {
        paimon.createTable("db", "t", TYPE, List.of("p"), List.of("p", "id"), options);
        List<GenericRow> first = new ArrayList<>();
        for (int id = 1; id <= 8; id++) {
            first.add(row(RowKind.INSERT, id, id % 3 == 0 ? null : "a" + id));
        }
        paimon.write("db", "t", first);
        Table strata = LifecycleTables.load(paimon.tablePath("db", "t"));
        step[1] = strata.snapshots().latestSnapshotId();
        try (BatchWrite w = strata.newBatchWrite()) {
            w.write(row(RowKind.INSERT, 2, null)); // null: keeps a2
            w.write(row(RowKind.INSERT, 3, "b3"));
            w.commit();
        }
        step[2] = strata.snapshots().latestSnapshotId();
        paimon.compact("db", "t");
        step[3] = strata.snapshots().latestSnapshotId();
        try (BatchWrite w = strata.newBatchWrite()) {
            w.write(row(RowKind.INSERT, 4, "a4"));
            w.write(row(RowKind.INSERT, 10, "c10"));
            w.commit();
        }
        step[4] = strata.snapshots().latestSnapshotId();
        paimon.write("db", "t", List.of(row(RowKind.INSERT, 2, "d2")));
        step[5] = strata.snapshots().latestSnapshotId();
        strata.compactFull();
        step[6] = strata.snapshots().latestSnapshotId();
        tagSteps(paimon, strata);
        return strata;
    }

    @Test
    void incrementalToAutoTagDiffsFromTheAutomaticTagBefore() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            Table strata = mixedHistory(paimon, Map.of("bucket", "2", "tag.creation-period", "daily"), true);
            FileStoreTable paimonTable = (FileStoreTable) paimon.table("db", "t");
            paimonTable.createTag("2026-12-01", step[1]);
            strata.tags().create("2026-12-03", step[4]);
            strata.tags().create("2026-12-04", step[6]);
            for (String tag : List.of("2026-12-03", "2026-12-04", "2026-12-01", "2026-12-09")) {
                Map<String, String> read = Map.of("incremental-to-auto-tag", tag);
                List<String> expected = ChangeRows.paimon(paimon, "t", read);
                assertThat(ChangeRows.read(strata, strata.newIncrementalScan().withOptions(read).plan()))
                        .as(tag).isEqualTo(expected);
                assertThat(expected.isEmpty()).as(tag).isEqualTo(tag.equals("2026-12-01") || tag.equals("2026-12-09"));
            }
            // The diff from the tag before (t6 and others are not automatic tags: passed over).
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan()
                    .withOptions(Map.of("incremental-to-auto-tag", "2026-12-04")).plan()))
                    .isEqualTo(ChangeRows.read(strata, strata.newIncrementalScan().betweenTags("2026-12-03", "2026-12-04").plan()));
            assertThatThrownBy(() -> strata.newIncrementalScan().withOptions(Map.of("incremental-to-auto-tag", "t6")))
                    .hasMessageContaining("incremental-to-auto-tag").hasMessageContaining("not the name of an automatic tag");
        }
    }

    @Test
    void anAppendTableDiffsAsPaimonDoes() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            Table strata = mixedHistory(paimon, Map.of("bucket", "-1"), false);
            for (String range : List.of("t1,t3", "t1,t6", "t4,t6")) {
                Map<String, String> read = Map.of("incremental-between", range);
                assertThat(ChangeRows.read(strata, strata.newIncrementalScan().withOptions(read).plan()))
                        .as(range).isEqualTo(ChangeRows.paimon(paimon, "t", read)).isNotEmpty();
            }
        }
    }

    @Test
    void compactedFullReadsTheLatestCompactionAsPaimonDoes() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            Table strata = mixedHistory(paimon, Map.of("bucket", "2"), true);
            // A commit after the last compaction, which compacted-full does not see in its first plan.
            try (BatchWrite w = strata.newBatchWrite()) {
                w.write(row(RowKind.INSERT, 20, "e20"));
                w.commit();
            }
            assertThat(strata.newScan().asOfCompactedFull().snapshot().id()).isEqualTo(step[6]);
            Map<String, String> mode = Map.of("scan.mode", "compacted-full");
            List<String> batch = new ArrayList<>();
            for (String r : TestRows.readAll(strata, strata.newScan().asOfCompactedFull().plan())) {
                batch.add("+I" + r);
            }
            batch.sort(null);
            assertThat(batch).isEqualTo(ChangeRows.paimon(paimon, "t", mode)).hasSize(8);
            List<String> streamed = new ArrayList<>();
            try (ChangeStream stream = strata.newStreamScan().withOptions(mode).open()) {
                ChangeRows.drain(strata, stream, streamed);
            }
            streamed.sort(null);
            assertThat(streamed).isEqualTo(ChangeRows.paimonStream(paimon, "t", mode)).contains("+I[p0, 20, e20]");
        }
    }

    @Test
    void badRangesAndModesFailNamingWhatIsWrong() throws Exception {
        try (PaimonOracle paimon = new PaimonOracle(dir)) {
            Table strata = mixedHistory(paimon, Map.of("bucket", "2"), true);
            String table = strata.location().toString();
            assertThatThrownBy(() -> strata.newIncrementalScan().withOptions(Map.of("incremental-between", "t1,nope")))
                    .hasMessageContaining(table).hasMessageContaining("incremental-between")
                    .hasMessageContaining("no tag 'nope'");
            assertThatThrownBy(() -> strata.newIncrementalScan().withOptions(Map.of("incremental-between", "t6,t1")).plan())
                    .hasMessageContaining("tag 't1' (snapshot 1) is older than tag 't6' (snapshot 6)");
            assertThat(step[6]).isEqualTo(6);
            assertThatThrownBy(() -> strata.newIncrementalScan().betweenTags("t1", "gone").plan())
                    .hasMessageContaining(table).hasMessageContaining("no tag 'gone'");
            assertThatThrownBy(() -> strata.newIncrementalScan().withOptions(Map.of("incremental-between", "1,3",
                    "scan.mode", "compacted-full"))).hasMessageContaining("scan.mode").hasMessageContaining("compacted-full");
            assertThatThrownBy(() -> strata.newStreamScan().withOptions(Map.of("scan.mode", "incremental")))
                    .hasMessageContaining(table).hasMessageContaining("scan.mode incremental");
            strata.expireSnapshots().retainLast(3).commit();
            assertThatThrownBy(() -> strata.newIncrementalScan().between(2, 6)
                    .withScanMode(ChangeReadOptions.BetweenScanMode.DIFF).plan())
                    .hasMessageContaining(table).hasMessageContaining("snapshot 2 has expired");
            // Tags keep their snapshots: a diff between tags still reads after expiration.
            assertThat(ChangeRows.read(strata, strata.newIncrementalScan().betweenTags("t1", "t6").plan()))
                    .isEqualTo(ChangeRows.paimon(paimon, "t", Map.of("incremental-between", "t1,t6"))).isNotEmpty();
        }
    }

    private static List<String> paimonRows(org.apache.paimon.table.Table table) throws Exception {
        io.strata.types.RowType type = io.strata.oracle.PaimonTypes.toStrata(table.rowType());
        org.apache.paimon.table.source.ReadBuilder rb = table.newReadBuilder();
        List<String> out = new ArrayList<>();
        try (org.apache.paimon.reader.RecordReader<org.apache.paimon.data.InternalRow> reader =
                rb.newRead().createReader(rb.newScan().plan().splits())) {
            reader.forEachRemaining(r -> out.add(TestRows.format(
                    io.strata.oracle.PaimonValues.toStrataRow(r, table.rowType()), type)));
        }
        out.sort(null);
        return out;
    }
}
