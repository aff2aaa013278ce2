package io.strata.hive;

import io.strata.hive.write.BucketUdf;
import io.strata.schema.TableSchema;
import io.strata.table.Table;
import io.strata.types.DataField;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.Context;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.plan.DynamicPartitionCtx;
import org.apache.hadoop.hive.ql.plan.FileSinkDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.util.NullOrdering;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How Hive must cluster the rows of an INSERT into a Strata table before its writers: by partition and,
 * for a table with a fixed number of buckets, by bucket ({@link BucketUdf}, Strata's own bucket function).
 * A primary-key table in dynamic bucket mode is clustered by partition only, since a partition's new keys
 * must be assigned to buckets by one writer; without partitions, all its rows go to one task.
 * Hive hashes and sorts the rows on these expressions in one shuffle, so every (partition, bucket) is
 * written by exactly one task: the sequence numbers of one bucket never overlap within a commit, the later
 * of two rows with one key wins as in any single Strata write, and each bucket gets one new file per
 * statement instead of one per task.
 *
 * <p>The context is Hive's dynamic-partition context with "custom sort expressions" (Hive 4's hook for
 * storage handlers that partition their tables themselves); each expression is built from the columns the
 * file sink receives: for an INSERT the Hive table's columns in order, for rows to delete the columns they
 * carry ({@link RowLevelChanges#deleteRowColumns}).
 */
final class WriteClustering {

    private static final Logger LOG = LoggerFactory.getLogger(WriteClustering.class);

    private WriteClustering() {}

    /**
     * The clustering of an INSERT's rows, or null when the rows need none (an unpartitioned append table
     * without fixed buckets) or when the Hive table lacks a column the clustering needs (the writer then fails on
     * the row, naming the column).
     */
    static DynamicPartitionCtx context(HiveConf conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable, Table table,
            Context.Operation operation) throws SemanticException {
        TableSchema schema = table.schema();
        String name = hiveTable.getFullyQualifiedName();
        List<String> tableColumns = columns(hiveTable);
        List<String> columns = tableColumns;
        if (operation == Context.Operation.DELETE && schema.isPrimaryKeyTable()) {
            // Rows to delete carry the columns the statement selected for them, which may be the key only.
            columns = new ArrayList<>();
            for (int position : RowLevelChanges.deleteRowColumns(schema, tableColumns)) {
                columns.add(tableColumns.get(position));
            }
        }
        List<Function<List<ExprNodeDesc>, ExprNodeDesc>> expressions = new ArrayList<>();
        for (String key : schema.partitionKeys()) {
            int position = columns.indexOf(key.toLowerCase(Locale.ROOT));
            if (position < 0) {
                LOG.warn("Hive table {} has no column for partition key {}: its rows are not clustered", name, key);
                return null;
            }
            expressions.add(cols -> cols.get(position).clone());
        }
        if (schema.tableOptions().bucket() > 0) {
            Function<List<ExprNodeDesc>, ExprNodeDesc> bucket = bucketExpression(name, schema, columns,
                    schema.tableOptions().bucket());
            if (bucket == null) {
                return null;
            }
            expressions.add(bucket);
        } else if (schema.isPrimaryKeyTable() && expressions.isEmpty()) {
            // Dynamic bucket mode without partitions: one writer must assign every new key of the table to its
            // bucket (two would both open bucket 0), so all rows meet in one task: the bucket of one bucket,
            // since Hive drops a constant from the shuffle key and would not shuffle at all.
            Function<List<ExprNodeDesc>, ExprNodeDesc> one = bucketExpression(name, schema, columns, 1);
            if (one == null) {
                return null;
            }
            expressions.add(one);
        }
        if (expressions.isEmpty()) {
            return null;
        }
        DynamicPartitionCtx context = new DynamicPartitionCtx(new LinkedHashMap<>(),
                conf.getVar(HiveConf.ConfVars.DEFAULT_PARTITION_NAME),
                conf.getIntVar(HiveConf.ConfVars.DYNAMIC_PARTITION_MAX_PARTS_PER_NODE));
        sortAscending(context, expressions);
        return context;
    }

    /**
     * Clusters the rows of a write through a table partitioned in the metastore
     * ({@link MetastorePartitionedStorageHandler}, whose partition columns are Hive's, not in the rows), by
     * setting custom sort expressions on the file sink's dynamic-partition context while Hive compiles the
     * statement (its sorted dynamic-partition optimization, which runs later, then plans the shuffle): by the
     * dynamic partition columns, which follow the table's columns in the rows the sink receives, then by
     * bucket. A static partition gets a context of its own with the bucket only. Nothing changes for a table
     * without fixed buckets, or when the Hive table lacks a bucket-key column.
     */
    static void clusterMetastorePartitioned(Configuration conf, FileSinkDesc sink, Table table)
            throws SemanticException {
        org.apache.hadoop.hive.ql.metadata.Table hiveTable = sink.getTable();
        TableSchema schema = table.schema();
        if (hiveTable == null || schema.tableOptions().bucket() <= 0) {
            return;
        }
        List<String> columns = columns(hiveTable);
        Function<List<ExprNodeDesc>, ExprNodeDesc> bucket =
                bucketExpression(hiveTable.getFullyQualifiedName(), schema, columns, schema.tableOptions().bucket());
        if (bucket == null) {
            return;
        }
        DynamicPartitionCtx context = sink.getDynPartCtx();
        if (context == null) {
            context = new DynamicPartitionCtx(new LinkedHashMap<>(),
                    HiveConf.getVar(conf, HiveConf.ConfVars.DEFAULT_PARTITION_NAME),
                    HiveConf.getIntVar(conf, HiveConf.ConfVars.DYNAMIC_PARTITION_MAX_PARTS_PER_NODE));
            sink.setDynPartCtx(context);
        }
        if (!context.getCustomSortExpressions().isEmpty()) {
            return;
        }
        List<Function<List<ExprNodeDesc>, ExprNodeDesc>> expressions = new ArrayList<>();
        for (int i = 0; i < context.getNumDPCols(); i++) {
            int position = columns.size() + i;
            expressions.add(cols -> cols.get(position).clone());
        }
        expressions.add(bucket);
        sortAscending(context, expressions);
    }

    /** The Hive table's column names, lower case, in order. */
    private static List<String> columns(org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        List<String> columns = new ArrayList<>();
        for (FieldSchema column : hiveTable.getCols()) {
            columns.add(column.getName().toLowerCase(Locale.ROOT));
        }
        return columns;
    }

    /**
     * Strata's bucket of a row whose columns are {@code columns} among {@code numBuckets} buckets, or null
     * (logged) when one of the bucket-key columns is not among them.
     */
    private static Function<List<ExprNodeDesc>, ExprNodeDesc> bucketExpression(String hiveTable, TableSchema schema,
            List<String> columns, int numBuckets) {
        List<DataField> keyFields = new ArrayList<>();
        List<Integer> keyPositions = new ArrayList<>();
        for (String key : schema.bucketKeys()) {
            int position = columns.indexOf(key.toLowerCase(Locale.ROOT));
            if (position < 0) {
                LOG.warn("Hive table {} has no column for bucket key {}: its rows are not clustered", hiveTable, key);
                return null;
            }
            keyFields.add(schema.field(key));
            keyPositions.add(position);
        }
        return cols -> bucket(hiveTable, keyFields, numBuckets, keyPositions, cols);
    }

    /** Sets the custom sort expressions of {@code context}, each ascending with nulls first. */
    private static void sortAscending(DynamicPartitionCtx context,
            List<Function<List<ExprNodeDesc>, ExprNodeDesc>> expressions) {
        context.addCustomSortExpressions(expressions);
        List<Integer> order = new ArrayList<>();
        List<Integer> nullOrder = new ArrayList<>();
        for (int i = 0; i < expressions.size(); i++) {
            order.add(1);
            nullOrder.add(NullOrdering.NULLS_FIRST.getCode());
        }
        context.setCustomSortOrder(order);
        context.setCustomSortNullOrder(nullOrder);
    }

    private static ExprNodeDesc bucket(String hiveTable, List<DataField> keyFields, int numBuckets,
            List<Integer> keyPositions, List<ExprNodeDesc> cols) {
        List<ExprNodeDesc> arguments = new ArrayList<>();
        for (int position : keyPositions) {
            arguments.add(cols.get(position).clone());
        }
        try {
            return ExprNodeGenericFuncDesc.newInstance(new BucketUdf(hiveTable, keyFields, numBuckets), BucketUdf.NAME,
                    arguments);
        } catch (org.apache.hadoop.hive.ql.exec.UDFArgumentException e) {
            throw new IllegalStateException("Hive table " + hiveTable + ": cannot build the bucket expression: "
                    + e.getMessage(), e);
        }
    }
}
