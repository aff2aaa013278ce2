package io.strata.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.fs.FileIO;
import io.strata.oracle.PaimonOracle;
import io.strata.oracle.PaimonValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.Table;
import org.apache.paimon.table.source.ReadBuilder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Changelog producers against Apache Paimon 1.4.2: the same input written by Strata to one table and by
 * Paimon to its twin, batch by batch (and fully compacted at the same points for full-compaction),
 * gives the same changelog per step (kinds and values, as a multiset) and the same merged rows. Paimon
 * reads Strata's tables (merged, and its changelog through Paimon's incremental read); Strata reads
 * Paimon's tables and their changelog files.
 */
class ChangelogPaimonInteropTest {

    @TempDir
    Path warehouse;

    @ParameterizedTest
    @CsvSource({
            "input,deduplicate,41", "input,partial-update,42",
            "full-compaction,deduplicate,43", "full-compaction,aggregation,44",
            "lookup,deduplicate,45", "lookup,partial-update,46", "lookup,aggregation,47", "lookup,first-row,48"})
    void strataAndPaimonProduceTheSameChangelog(String producer, String engine, long seed) throws Exception {
        Map<String, String> options = new HashMap<>(ChangelogWorkload.engineOptions(engine));
        options.put("bucket", "2");
        options.put("changelog-producer", producer);
        options.put("num-sorted-run.compaction-trigger", "2");
        ChangelogWorkload workload = new ChangelogWorkload(engine, seed, 50);
        try (PaimonOracle paimon = new PaimonOracle(warehouse)) {
            paimon.createTable("db", "s", ChangelogWorkload.TYPE, List.of(), List.of("k"), options);
            paimon.createTable("db", "p", ChangelogWorkload.TYPE, List.of(), List.of("k"), options);
            var strata = load(paimon, "s");
            var paimonTable = load(paimon, "p");
            long strataSeen = 0;
            long paimonSeen = 0;
            for (int step = 1; step <= 6; step++) {
                List<GenericRow> rows = workload.nextCommit(40);
                try (BatchWrite w = strata.newBatchWrite()) {
                    rows.forEach(w::write);
                    w.commit();
                }
                if (producer.equals("full-compaction")) {
                    // Paimon's batch writes compact by themselves, Strata's do not (see compaction.md): both
                    // tables are compacted only by the full compactions below.
                    writeOnly(paimon, rows);
                } else {
                    paimon.write("db", "p", rows);
                }
                if (producer.equals("full-compaction") && step % 3 == 0) {
                    strata.compactFull();
                    paimon.compact("db", "p");
                }
                long strataLatest = strata.snapshots().latestSnapshotId();
                long paimonLatest = paimonTable.snapshots().latestSnapshotId();
                assertThat(ChangelogFiles.multiset(ChangelogFiles.read(strata, strataSeen, strataLatest), ChangelogWorkload.TYPE))
                        .as("changelog of step %d, Strata vs Paimon", step)
                        .isEqualTo(ChangelogFiles.multiset(ChangelogFiles.read(paimonTable, paimonSeen, paimonLatest),
                                ChangelogWorkload.TYPE));
                strataSeen = strataLatest;
                paimonSeen = paimonLatest;
                List<String> expected = workload.expectedRows();
                assertThat(TestRows.formatAll(paimon.readAll("db", "s"), ChangelogWorkload.TYPE))
                        .as("Paimon reads Strata's table after step %d", step).isEqualTo(expected);
                assertThat(TestRows.formatAll(paimon.readAll("db", "p"), ChangelogWorkload.TYPE))
                        .as("Paimon reads its own table after step %d", step).isEqualTo(expected);
                assertThat(TestRows.readAll(strata)).as("Strata reads its table after step %d", step).isEqualTo(expected);
                assertThat(TestRows.readAll(paimonTable)).as("Strata reads Paimon's table after step %d", step)
                        .isEqualTo(expected);
            }
            // Paimon's incremental changelog read of Strata's table returns what Strata's changelog files hold.
            assertThat(ChangelogFiles.multiset(paimonChangelog(paimon, "s", strataSeen), ChangelogWorkload.TYPE))
                    .isEqualTo(ChangelogFiles.multiset(ChangelogFiles.read(strata, 1, strataSeen), ChangelogWorkload.TYPE));
        }
    }

    private static void writeOnly(PaimonOracle paimon, List<GenericRow> rows) throws Exception {
        Table t = paimon.table("db", "p").copy(Map.of("write-only", "true"));
        org.apache.paimon.table.sink.BatchWriteBuilder builder = t.newBatchWriteBuilder();
        try (org.apache.paimon.table.sink.BatchTableWrite write = builder.newWrite();
                org.apache.paimon.table.sink.BatchTableCommit commit = builder.newCommit()) {
            for (GenericRow row : rows) {
                write.write(PaimonValues.toPaimonRow(row, ChangelogWorkload.TYPE));
            }
            commit.commit(write.prepareCommit());
        }
    }

    private static io.strata.table.Table load(PaimonOracle paimon, String name) {
        return Tables.load(FileIO.local(), new org.apache.hadoop.fs.Path(paimon.tablePath("db", name).toUri()));
    }

    /** Paimon's incremental read of the changelog of snapshots 2 to {@code to}, row kinds kept. */
    private static List<GenericRow> paimonChangelog(PaimonOracle paimon, String name, long to) throws Exception {
        Table t = paimon.table("db", name).copy(Map.of("incremental-between", "1," + to,
                "incremental-between-scan-mode", "changelog"));
        ReadBuilder builder = t.newReadBuilder();
        List<GenericRow> out = new ArrayList<>();
        try (RecordReader<InternalRow> reader = builder.newRead().createReader(builder.newScan().plan().splits())) {
            reader.forEachRemaining(row -> out.add(PaimonValues.toStrataRow(row, t.rowType())));
        }
        return out;
    }
}
