package io.strata.hive;

import io.strata.manifest.DataFileMeta;
import io.strata.table.FileStoreTable;
import io.strata.table.Split;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hive.common.StatsSetupConst;
import org.apache.hadoop.hive.ql.stats.Partish;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.serde2.Deserializer;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.mapred.InputFormat;

/**
 * Hive 4 storage handler for Strata (Apache Paimon format) tables:
 * {@code CREATE EXTERNAL TABLE t STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '<table path>'}.
 * Reads are merged (every primary key once, its latest value) from one snapshot per query.
 */
public class StrataStorageHandler extends DefaultStorageHandler implements HiveStoragePredicateHandler {

    /**
     * Hive hands its filter to the InputFormat only if the handler takes it: take all of it for
     * planning (partition and file pruning), and leave all of it to Hive as the residual, since the
     * rows themselves are not filtered by the read.
     */
    @Override
    public DecomposedPredicate decomposePredicate(JobConf jobConf, Deserializer deserializer, ExprNodeDesc predicate) {
        if (!(predicate instanceof ExprNodeGenericFuncDesc function)) {
            return null;
        }
        DecomposedPredicate decomposed = new DecomposedPredicate();
        decomposed.pushedPredicate = function;
        decomposed.residualPredicate = function;
        return decomposed;
    }

    @Override
    public Class<? extends InputFormat> getInputFormatClass() {
        return StrataInputFormat.class;
    }

    @Override
    public Class<? extends AbstractSerDe> getSerDeClass() {
        return StrataSerDe.class;
    }

    @Override
    public HiveMetaHook getMetaHook() {
        return new StrataMetaHook(getConf());
    }

    @Override
    public void configureInputJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        // Tasks find the table through their split's path (the table location); nothing else to pass yet.
    }

    /** {@code FOR SYSTEM_VERSION AS OF <snapshot id>} and {@code FOR SYSTEM_TIME AS OF '<timestamp>'}. */
    @Override
    public boolean isTimeTravelAllowed() {
        return true;
    }

    @Override
    public boolean canProvideBasicStatistics() {
        return true;
    }

    /**
     * Row count, file count and size of the latest snapshot from its manifests, without reading data.
     * For primary-key tables the row count counts every stored version and delete (an upper bound of
     * the merged rows); Hive only plans with it and never answers {@code count(*)} from it
     * ({@code canComputeQueryUsingStats} stays false).
     */
    @Override
    public Map<String, String> getBasicStatistics(Partish partish) {
        String location = partish.getTable().getDataLocation().toString();
        FileStoreTable table = StrataTables.load(getConf(), location, partish.getTable().getFullyQualifiedName());
        long rows = 0;
        long files = 0;
        long bytes = 0;
        for (Split split : table.newScan().plan().splits()) {
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

    @Override
    public String toString() {
        return "StrataStorageHandler";
    }
}
