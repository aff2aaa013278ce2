package io.strata.hive;

import io.strata.table.Table;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.StatsSetupConst;
import org.apache.hadoop.hive.ql.stats.Partish;

/**
 * The statistics a Strata table gives Hive's optimizer, from snapshot metadata (manifests), never from a
 * scan of the data.
 */
final class HiveStatistics {

    private HiveStatistics() {
    }

    /**
     * Whether Hive may answer {@code count(*)} (and similar) from statistics: only for a table the
     * metastore sync registered ({@link StrataConf#SYNCED_SNAPSHOT_ID}) and only where the entry's
     * {@code COLUMN_STATS_ACCURATE} marks the basic statistics accurate, which the sync sets only where
     * {@code numRows} is exactly what a read returns (append tables without deletion vectors). Tables
     * created through Hive never qualify: Hive may mark a new table's statistics accurate, but a
     * primary-key table's stored row count counts every version. Never for a metadata table: the
     * statistics are its table's.
     */
    static boolean answersQueries(Partish partish) {
        if (partish.getTable().getMetaTable() != null) {
            return false;
        }
        Map<String, String> tableParameters = partish.getTable().getParameters();
        Map<String, String> parameters = partish.getPartParameters();
        return tableParameters != null && tableParameters.containsKey(StrataConf.SYNCED_SNAPSHOT_ID)
                && parameters != null && StatsSetupConst.areBasicStatsUptoDate(parameters);
    }

    /**
     * Row count, file count and size. A metastore partition: the statistics the metastore sync recorded on
     * it (as of the snapshot it synced). A partition Strata partitions itself, or a table: from the manifests of
     * the snapshot the query reads ({@link SnapshotPartitions}, one plan for all of them). For primary-key
     * tables the row count counts every stored version and delete (an upper bound of the merged rows); Hive
     * only plans with it and never answers {@code count(*)} from it ({@link #answersQueries}).
     */
    static Map<String, String> basic(Configuration conf, Partish partish) {
        if (partish.getPartition() != null) {
            Map<String, String> recorded = recorded(partish.getPartParameters());
            if (recorded != null) {
                return recorded;
            }
        }
        org.apache.hadoop.hive.ql.metadata.Table hiveTable = partish.getTable();
        Table table = StrataTables.load(conf, hiveTable.getDataLocation().toString(), hiveTable.getFullyQualifiedName());
        SnapshotPartitions partitions = SnapshotPartitions.of(table, QuerySnapshot.of(conf, hiveTable));
        String partition = partish.getPartition() == null ? null : partish.getPartition().getName();
        SnapshotPartitions.Figures figures = partition == null ? partitions.total() : partitions.partition(partition);
        Map<String, String> stats = new HashMap<>();
        stats.put(StatsSetupConst.ROW_COUNT, Long.toString(figures.rows()));
        stats.put(StatsSetupConst.NUM_FILES, Long.toString(figures.files()));
        stats.put(StatsSetupConst.TOTAL_SIZE, Long.toString(figures.bytes()));
        stats.put(StatsSetupConst.RAW_DATA_SIZE, Long.toString(figures.bytes()));
        return stats;
    }

    /** The basic statistics in a metastore entry's parameters, or null when it has no row count. */
    private static Map<String, String> recorded(Map<String, String> parameters) {
        if (parameters == null || parameters.get(StatsSetupConst.ROW_COUNT) == null) {
            return null;
        }
        Map<String, String> stats = new HashMap<>();
        for (String key : List.of(StatsSetupConst.ROW_COUNT, StatsSetupConst.NUM_FILES, StatsSetupConst.TOTAL_SIZE)) {
            stats.put(key, parameters.getOrDefault(key, "0"));
        }
        stats.put(StatsSetupConst.RAW_DATA_SIZE, stats.get(StatsSetupConst.TOTAL_SIZE));
        return stats;
    }
}
