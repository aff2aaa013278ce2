package io.strata.hive.it;

import static io.strata.hive.it.WrittenTables.latestKind;
import static io.strata.hive.it.WrittenTables.reload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.strata.catalog.Tables;
import io.strata.data.GenericRow;
import io.strata.data.Utf8String;
import io.strata.fs.FileIO;
import io.strata.snapshot.CommitKind;
import io.strata.table.BatchWrite;
import io.strata.table.Split;
import io.strata.table.Table;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ALTER TABLE ... COMPACT} on a Strata table with {@link io.strata.hive.CompactStatementHook} registered:
 * Strata's compaction job (a MapReduce job, local here) compacts a partition or the whole table, one COMPACT
 * snapshot each, the rows Hive and Apache Paimon read unchanged; kinds and clauses Strata does not compact by
 * fail naming what it does.
 */
class CompactStatementIT {

    private static EmbeddedHive hive;

    @BeforeAll
    static void start() {
        hive = EmbeddedHive.get();
    }

    /** Files per "dt/bucket" of the latest snapshot. */
    private static Map<String, Integer> files(Table table) {
        Map<String, Integer> files = new TreeMap<>();
        for (Split split : reload(table).newCompaction().bucketsToCompact()) {
            files.put(split.partition().getString(0) + "/" + split.bucket(), split.files().size());
        }
        return files;
    }

    /** The statements run once; every read runs on each engine (Tez and MapReduce, {@link EmbeddedHive#queryOnEachMode}). */
    @Test
    void compactsAPartitionThenTheTableAsCompactionJobs() {
        String name = "compact_statements";
        String t = "strata_it." + name;
        hive.query("CREATE TABLE " + t + " (id INT, v STRING) PARTITIONED BY (dt STRING) STORED BY"
                + " 'io.strata.hive.StrataStorageHandler' TBLPROPERTIES ('primary-key'='dt,id', 'bucket'='2')");
        Table table = Tables.load(new FileIO(new HiveConf()), new org.apache.hadoop.fs.Path(location(t)));
        for (int c = 0; c < 3; c++) {
            try (BatchWrite w = table.newBatchWrite()) {
                for (int id = 0; id < 20; id++) {
                    w.write(GenericRow.of(id, Utf8String.fromString("v" + c), Utf8String.fromString(id % 2 == 0 ? "d1" : "d2")));
                }
                w.commit();
            }
        }
        List<String> rows = hive.queryOnEachMode("SELECT id, v, dt FROM " + t);
        assertThat(rows).hasSize(20).allSatisfy(r -> assertThat(r).contains("\tv2\t"));
        List<String> paimonRows = PaimonReader.rows(table);
        assertThat(files(table)).containsExactlyInAnyOrderEntriesOf(Map.of("d1/0", 3, "d1/1", 3, "d2/0", 3, "d2/1", 3));

        // Without the hook, Hive refuses: the table is not transactional.
        assertThatThrownBy(() -> hive.run("ALTER TABLE " + t + " COMPACT 'major'"))
                .isInstanceOf(CommandProcessorException.class);
        hive.query("SET hive.semantic.analyzer.hook=io.strata.hive.CompactStatementHook");
        try {
            hive.query("ALTER TABLE " + t + " PARTITION (dt='d1') COMPACT 'major'");
            assertThat(latestKind(table)).isEqualTo(CommitKind.COMPACT);
            assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(4L);
            assertThat(files(table)).containsExactlyInAnyOrderEntriesOf(Map.of("d1/0", 1, "d1/1", 1, "d2/0", 3, "d2/1", 3));

            hive.query("ALTER TABLE " + t + " COMPACT 'major' AND WAIT");
            assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(5L);
            assertThat(files(table)).containsExactlyInAnyOrderEntriesOf(Map.of("d1/0", 1, "d1/1", 1, "d2/0", 1, "d2/1", 1));
            assertThat(hive.queryOnEachMode("SELECT id, v, dt FROM " + t)).containsExactlyInAnyOrderElementsOf(rows);
            assertThat(PaimonReader.rows(table)).containsExactlyInAnyOrderElementsOf(paimonRows);

            // Nothing left to compact: no snapshot.
            hive.query("ALTER TABLE " + t + " COMPACT 'minor'");
            assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(5L);
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + t + " COMPACT 'rebalance'"))
                    .isInstanceOf(CommandProcessorException.class)
                    .hasMessageContaining("'major'").hasMessageContaining("'minor'");
            assertThatThrownBy(() -> hive.run("ALTER TABLE " + t + " PARTITION (v='x') COMPACT 'major'"))
                    .isInstanceOf(CommandProcessorException.class)
                    .hasMessageContaining("v");
            assertThat(reload(table).snapshots().latestSnapshotId()).isEqualTo(5L);
        } finally {
            hive.query("SET hive.semantic.analyzer.hook=");
        }
        hive.query("DROP TABLE " + t);
    }

    private static String location(String table) {
        for (String line : hive.query("DESCRIBE FORMATTED " + table)) {
            if (line.startsWith("Location:")) {
                return line.substring("Location:".length()).trim();
            }
        }
        throw new AssertionError("No Location in DESCRIBE FORMATTED " + table);
    }
}
