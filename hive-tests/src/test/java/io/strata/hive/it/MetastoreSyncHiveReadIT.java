package io.strata.hive.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hive 4.1 reads the rows of tables only the metastore sync registered, through the metastore's
 * partitions. Needs the connector to read a metastore partition (its input path is the partition
 * directory, not the table's), and for count(*) from statistics the handler to allow it (Hive 4 asks
 * HiveStorageHandler.canComputeQueryUsingStats) only where the sync marked the statistics exact.
 */
class MetastoreSyncHiveReadIT {

    private static EmbeddedHive hive;

    @BeforeAll
    static void sync() {
        hive = SyncedTables.get();
    }

    @Test
    void hiveReadsTheSyncedTableWithoutACreateTable() {
        assertThat(hive.query("SELECT dt, id, v FROM synced.events")).containsExactlyInAnyOrderElementsOf(SyncedTables.appendRows);
    }

    @Test
    void aPrunedQueryReadsOnlyItsPartition() {
        List<String> expected = SyncedTables.appendRows.stream().filter(r -> r.startsWith("2024-01-02")).toList();
        assertThat(hive.query("SELECT dt, id, v FROM synced.events WHERE dt = '2024-01-02'"))
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void countStarOfAPrimaryKeyTableIsMergedNotTakenFromTheStatistics() {
        hive.query("SET hive.compute.query.using.stats=true");
        try {
            // Files hold 60 upserts and a delete for 29 live keys; numRows (61) is never marked accurate.
            assertThat(hive.query("SELECT count(*) FROM synced.orders")).containsExactly("29");
            assertThat(hive.query("SELECT count(*) FROM synced.orders WHERE dt = '2024-01-01'")).containsExactly("9");
        } finally {
            hive.query("SET hive.compute.query.using.stats=false");
        }
    }

    @Test
    void countStarOfAnAppendTableIsExactWithStatisticsOn() {
        hive.query("SET hive.compute.query.using.stats=true");
        try {
            assertThat(hive.query("SELECT count(*) FROM synced.events"))
                    .containsExactly(Integer.toString(SyncedTables.appendRows.size()));
            assertThat(hive.query("SELECT count(*) FROM synced.events WHERE dt = '2024-01-02'")).containsExactly("20");
        } finally {
            hive.query("SET hive.compute.query.using.stats=false");
        }
    }
}
