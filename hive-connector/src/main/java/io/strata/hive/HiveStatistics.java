package io.strata.hive;

import io.strata.manifest.DataFileMeta;
import io.strata.predicate.Predicate;
import io.strata.table.Split;
import io.strata.table.Table;
import io.strata.table.TablePaths;
import io.strata.table.TableScan;
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
     * it (as of the snapshot it synced; computing them here would plan the table once per partition). A
     * table: from the latest snapshot's manifests. For primary-key tables the row count counts every stored
     * version and delete (an upper bound of the merged rows); Hive only plans with it and never answers
     * {@code count(*)} from it ({@link #answersQueries}).
     */
    static Map<String, String> basic(Configuration conf, Partish partish) {
        if (partish.getPartition() != null) {
            Map<String, String> recorded = recorded(partish.getPartParameters());
            if (recorded != null) {
                return recorded;
            }
        }
        String location = partish.getTable().getDataLocation().toString();
        Table table = StrataTables.load(conf, location, partish.getTable().getFullyQualifiedName());
        String partition = partish.getPartition() == null ? null : partish.getPartition().getName();
        TablePaths paths = PartitionDirectories.paths(table);
        TableScan scan = table.newScan();
        if (partition != null) {
            Predicate filter = PartitionDirectories.predicate(table.schema(), List.of(partition));
            if (filter != null) {
                scan = scan.filter(filter);
            }
        }
        long rows = 0;
        long files = 0;
        long bytes = 0;
        for (Split split : scan.plan().splits()) {
            if (partition != null && !partition.equals(paths.partitionPath(split.partition()))) {
                continue;
            }
            rows += split.rowCount();
            for (DataFileMeta file : split.files()) {
                files++;
                bytes += file.fileSize();
            }
        }
        Map<String, String> stats = new HashMap<>();
        stats.put(StatsSetupConst.ROW_COUNT, Long.toString(rows));
        stats.put(StatsSetupConst.NUM_FILES, Long.toString(files));
        stats.put(StatsSetupConst.TOTAL_SIZE, Long.toString(bytes));
        stats.put(StatsSetupConst.RAW_DATA_SIZE, Long.toString(bytes));
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
