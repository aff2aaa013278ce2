package io.strata.hive;

import io.strata.table.Table;
import io.strata.table.metadata.MetadataTables;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.AggrStats;
import org.apache.hadoop.hive.metastore.api.ColumnStatistics;
import org.apache.hadoop.hive.metastore.api.ColumnStatisticsObj;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.ql.Context;
import org.apache.hadoop.hive.ql.ddl.table.AlterTableType;
import org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler;
import org.apache.hadoop.hive.ql.metadata.Partition;
import org.apache.hadoop.hive.ql.parse.AlterTableExecuteSpec;
import org.apache.hadoop.hive.ql.parse.AlterTableSnapshotRefSpec;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.plan.DynamicPartitionCtx;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.FileSinkDesc;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hadoop.hive.ql.stats.Partish;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.Deserializer;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.OutputFormat;

/**
 * Hive 4 storage handler for Strata (Apache Paimon format) tables:
 * {@code CREATE EXTERNAL TABLE t STORED BY 'io.strata.hive.StrataStorageHandler' LOCATION '<table path>'}.
 * Reads are merged (every primary key once, its latest value) from one snapshot per query.
 */
public class StrataStorageHandler extends DefaultStorageHandler implements HiveStoragePredicateHandler {

    /** Paimon's table option: whether INSERT OVERWRITE replaces only the partitions it writes (default true). */
    private static final String DYNAMIC_PARTITION_OVERWRITE = "dynamic-partition-overwrite";

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

    /** Writes go through {@link StrataOutputFormat}; the statement commits once, in Hive's move step. */
    @Override
    public Class<? extends OutputFormat> getOutputFormatClass() {
        return StrataOutputFormat.class;
    }

    /**
     * A write's table descriptor names the output format its metastore entry records, and tables created
     * before Strata could write (or registered by the metastore sync) record another: the plan always gets
     * {@link StrataOutputFormat}.
     */
    @Override
    public void configureOutputJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        tableDesc.setOutputFileFormatClass(StrataOutputFormat.class);
        tableDesc.getProperties().setProperty(StrataConf.WRITE_MARK, "true");
        // The new rows of an UPDATE or MERGE replace, key by key, the old rows its delete half deletes in the
        // same commit (the two halves run in different tasks).
        String statementText = RowLevelChanges.currentStatement();
        Context.Operation statement = RowLevelChanges.statementKind(statementText);
        if (statement == Context.Operation.UPDATE || statement == Context.Operation.MERGE) {
            tableDesc.getProperties().setProperty(StrataConf.WRITE_REPLACING, "true");
        }
        // A MERGE run as an upsert (MergeUpsertHook), with Hive's cardinality check: a key written twice fails.
        String upsert = SessionState.get() == null ? null : SessionState.get().getConf().get(StrataConf.MERGE_UPSERT);
        String hiveTable = tableDesc.getProperties().getProperty(hive_metastoreConstants.META_TABLE_NAME, "");
        if (upsert != null && statementText != null && upsert.equals(StrataConf.mergeUpsertMark(hiveTable, statementText))) {
            tableDesc.getProperties().setProperty(StrataConf.WRITE_UNIQUE_KEYS, "true");
        }
        // Tez takes the committer of a vertex's output from its job properties.
        jobProperties.put(StrataConf.OUTPUT_COMMITTER, StrataOutputCommitter.class.getName());
    }

    /**
     * For a job that writes a Strata table (not one that only reads it): the committer that cleans up when
     * the job fails, and where the table is. MapReduce takes the committer from here, set after Hive's own.
     */
    @Override
    public void configureJobConf(TableDesc tableDesc, JobConf jobConf) {
        Properties properties = tableDesc.getProperties();
        if (properties == null || !"true".equals(properties.getProperty(StrataConf.WRITE_MARK))) {
            return;
        }
        jobConf.set(StrataConf.OUTPUT_COMMITTER, StrataOutputCommitter.class.getName());
        StrataConf.addWrittenTable(jobConf, properties.getProperty(hive_metastoreConstants.META_TABLE_NAME),
                StrataConf.location(properties));
    }

    /**
     * Marks an INSERT OVERWRITE for its tasks (they write afresh, ignoring the files they replace), and
     * refuses, while the statement is compiled (so nothing is written), what Strata does not take yet: an
     * overwrite of the whole partitioned table.
     */
    @Override
    public void validateSinkDesc(FileSinkDesc sinkDesc) throws SemanticException {
        Properties properties = sinkDesc.getTableInfo().getProperties();
        String name = properties.getProperty(hive_metastoreConstants.META_TABLE_NAME, "(unnamed)");
        String metastorePartitions = properties.getProperty(hive_metastoreConstants.META_TABLE_PARTITION_COLUMNS);
        if (metastorePartitions != null && !metastorePartitions.isBlank()) {
            // Hive asks a handler that does not partition its tables for no clustering: each (partition, bucket)
            // goes to one task all the same.
            try {
                WriteClustering.clusterMetastorePartitioned(getConf(), sinkDesc,
                        StrataTables.load(getConf(), StrataConf.location(properties), name));
            } catch (IllegalArgumentException e) {
                throw new SemanticException(e.getMessage(), e);
            }
        }
        if (sinkDesc.getInsertOverwrite()) {
            Table table;
            try {
                table = StrataTables.load(getConf(), StrataConf.location(properties), name);
            } catch (IllegalArgumentException e) {
                throw new SemanticException(e.getMessage(), e);
            }
            if (!table.schema().partitionKeys().isEmpty()
                    && "false".equalsIgnoreCase(table.schema().options().get(DYNAMIC_PARTITION_OVERWRITE))) {
                throw new SemanticException("INSERT OVERWRITE into Strata table " + name + " (" + table.location()
                        + "): its option '" + DYNAMIC_PARTITION_OVERWRITE + "'='false' asks to replace the whole"
                        + " table, which Strata does not do yet; it replaces the partitions a statement writes"
                        + " (nothing was written)");
            }
            properties.setProperty(StrataConf.WRITE_OVERWRITE, "true");
            // INSERT OVERWRITE t PARTITION (every partition column = a value): that partition is replaced even
            // when the statement writes no row into it, as Hive replaces a static partition.
            String staticSpec = sinkDesc.getStaticSpec();
            if (staticSpec != null && !staticSpec.isBlank()) {
                Map<String, String> partition = HivePartitions.staticPartition(table.schema(), staticSpec);
                if (partition != null) {
                    properties.setProperty(StrataConf.WRITE_STATIC_PARTITION, HivePartitions.path(partition));
                }
            }
        }
    }

    /**
     * Strata partitions its tables itself: the metastore holds no partition of a table created through
     * Hive, its partition columns are ordinary columns, and Hive asks the handler about partitions
     * ({@link HivePartitions}) and how to cluster the rows of a write ({@link WriteClustering}). Tables the
     * metastore sync registers with metastore partitions use {@link MetastorePartitionedStorageHandler}.
     */
    @Override
    public boolean supportsPartitioning() {
        return true;
    }

    /**
     * Whether the Strata table has partition keys: then Hive lists and prunes its partitions through this
     * handler ({@code SHOW PARTITIONS}, the partitions a filter keeps and their row counts in the plan,
     * {@code DROP PARTITION}), answered from the snapshot the query reads. Reads stay one scan of the table,
     * which prunes partitions, buckets and files itself with the filter Hive pushes down. A metadata table is
     * not partitioned.
     */
    @Override
    public boolean isPartitioned(org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        PartitionKeys.requireNoMetastorePartitions(hiveTable);
        return hiveTable.getMetaTable() == null && !PartitionKeys.of(getConf(), hiveTable).isEmpty();
    }

    /** The partitions with data for which Hive's {@code filter} on partition columns may hold. */
    @Override
    public List<Partition> getPartitionsByExpr(org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            ExprNodeDesc filter, Boolean latestSpecOnly) throws SemanticException {
        return HivePartitions.of(getConf(), hiveTable).partitions(filter);
    }

    @Override
    public List<FieldSchema> getPartitionKeys(org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        PartitionKeys.requireNoMetastorePartitions(hiveTable);
        try {
            return HivePartitions.of(getConf(), hiveTable).keys(StrataConf.localZone(getConf()));
        } catch (SemanticException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public void validatePartSpec(org.apache.hadoop.hive.ql.metadata.Table hiveTable, Map<String, String> spec,
            Context.RewritePolicy policy) throws SemanticException {
        HivePartitions.of(getConf(), hiveTable).validate(spec);
    }

    @Override
    public Partition getPartition(org.apache.hadoop.hive.ql.metadata.Table hiveTable, Map<String, String> spec,
            Context.RewritePolicy policy) throws SemanticException {
        return HivePartitions.of(getConf(), hiveTable).partition(spec);
    }

    @Override
    public List<String> getPartitionNames(org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            Map<String, String> spec) throws SemanticException {
        return HivePartitions.of(getConf(), hiveTable).names(spec);
    }

    @Override
    public List<Partition> getPartitions(org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            Map<String, String> spec, boolean latestSpecOnly) throws SemanticException {
        return HivePartitions.of(getConf(), hiveTable).partitions(spec);
    }

    /** Every (partition, bucket) of an INSERT goes to one task: see {@link WriteClustering}. */
    @Override
    public DynamicPartitionCtx createDPContext(HiveConf conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            Context.Operation operation) throws SemanticException {
        Table table;
        try {
            table = StrataTables.load(conf, hiveTable.getDataLocation().toString(), hiveTable.getFullyQualifiedName());
        } catch (IllegalArgumentException e) {
            throw new SemanticException(e.getMessage(), e);
        }
        return WriteClustering.context(conf, hiveTable, table, operation);
    }

    /**
     * UPDATE, DELETE and MERGE on primary-key tables, through Hive 4's rewrite for storage handlers that
     * change rows themselves, without Hive transactions: Hive turns each statement into inserts of the new
     * rows and of the rows to delete (see {@link #acidSelectColumns}), and Strata writes deletes by key.
     */
    @Override
    public AcidSupportType supportsAcidOperations() {
        return AcidSupportType.WITHOUT_TRANSACTIONS;
    }

    /**
     * The columns a rewritten DELETE (and the delete half of an UPDATE or MERGE) hands the writer for each
     * row to delete, in the Hive table's order: the primary-key and partition columns where a delete by key
     * is all the table needs, else every column, for merge engines that read the old row
     * ({@link RowLevelChanges#deleteRowColumns}). A MERGE needs nothing beyond the target columns its
     * clauses name. Refused on append tables, which have no key to change rows by.
     */
    @Override
    public List<FieldSchema> acidSelectColumns(org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            Context.Operation operation) {
        Table table = RowLevelChanges.requirePrimaryKey(getConf(), hiveTable, operation);
        if (operation == Context.Operation.UPDATE || operation == Context.Operation.MERGE) {
            RowLevelChanges.requireUnchangedKeys(RowLevelChanges.currentStatement(), table,
                    hiveTable.getFullyQualifiedName());
        }
        if (operation == Context.Operation.MERGE) {
            return List.of();
        }
        List<FieldSchema> columns = hiveTable.getCols();
        List<FieldSchema> selected = new ArrayList<>();
        for (int position : RowLevelChanges.deleteRowColumns(table.schema(),
                columns.stream().map(FieldSchema::getName).toList())) {
            selected.add(columns.get(position));
        }
        return selected;
    }

    /**
     * The primary key: what a MERGE checks for two source rows matching one target row (Hive groups the
     * matches by these columns), and the local order of rows to delete.
     */
    @Override
    public List<FieldSchema> acidSortColumns(org.apache.hadoop.hive.ql.metadata.Table hiveTable,
            Context.Operation operation) {
        return RowLevelChanges.primaryKeyColumns(getConf(), hiveTable, operation);
    }

    /** Hive commits a write in its move step, once every task succeeded: one statement, one snapshot. */
    @Override
    public boolean commitInMoveTask() {
        return true;
    }

    @Override
    public void storageHandlerCommit(Properties commitProperties, Context.Operation operation,
            ExecutorService executor) throws HiveException {
        StatementCommit.commit(getConf(), commitProperties, operation);
    }

    @Override
    public void configureInputJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        // Tasks find the table through their split's path (the table location); a metadata table's name is in
        // the descriptor only, which planning (getSplits) does not see.
        String metadataTable = tableDesc.getProperties().getProperty(StrataConf.HIVE_META_TABLE);
        if (metadataTable != null && !metadataTable.isEmpty()) {
            jobProperties.put(StrataConf.METADATA_TABLE, metadataTable);
        }
    }

    /** {@code strata:<table location>} for Hive's authorizers ({@link AuthorizationUri}). */
    @Override
    public URI getURIForAuth(org.apache.hadoop.hive.metastore.api.Table table) throws URISyntaxException {
        return AuthorizationUri.of(getConf(), table);
    }

    // --- ALTER TABLE ... EXECUTE ---

    /**
     * {@code ALTER TABLE ... EXECUTE}, {@code CREATE TAG} / {@code DROP TAG} and {@code DROP PARTITION} besides
     * what Hive allows every storage handler (properties, columns); {@code COMPACT} where the session has
     * {@link CompactStatementHook}, without which Hive would queue the compaction for its own compactor, which
     * never compacts a Strata table.
     */
    @Override
    public boolean isAllowedAlterOperation(AlterTableType operation) {
        return operation == AlterTableType.EXECUTE || operation == AlterTableType.CREATE_TAG
                || operation == AlterTableType.DROP_TAG || operation == AlterTableType.DROPPARTITION
                || (operation == AlterTableType.COMPACT && CompactStatementHook.isRegistered(getConf()))
                || super.isAllowedAlterOperation(operation);
    }

    /** {@code CREATE TAG} and {@code DROP TAG} ({@link TagStatements}, compiled by {@link TagStatementHook}). */
    @Override
    public void alterTableSnapshotRefOperation(org.apache.hadoop.hive.ql.metadata.Table table,
            AlterTableSnapshotRefSpec spec) {
        TagStatements.execute(getConf(), table, spec);
    }

    /** ROLLBACK, SET_CURRENT_SNAPSHOT, EXPIRE_SNAPSHOTS and DELETE ORPHAN-FILES ({@link SnapshotStatements}). */
    @Override
    public void executeOperation(org.apache.hadoop.hive.ql.metadata.Table table, AlterTableExecuteSpec spec) {
        SnapshotStatements.execute(getConf(), table, spec);
    }

    // --- metadata tables: SELECT ... FROM db.t.snapshots ---

    /** Hive resolves {@code db.t.<name>} only for handlers that say so, through {@link #checkAndSetTableMetaRef}. */
    @Override
    public boolean isTableMetaRefSupported() {
        return true;
    }

    @Override
    public boolean isValidMetadataTable(String name) {
        return name != null && MetadataTables.NAMES.contains(name.toLowerCase(Locale.ROOT));
    }

    /**
     * {@code db.t.<name>}: one of the metadata tables ({@link MetadataTables#NAMES}); the SerDe then describes
     * its columns and the input format reads its rows. Branch and tag references ({@code db.t.branch_b},
     * {@code db.t.tag_t}) are refused: read a tag with {@code SET strata.scan.tag}.
     */
    @Override
    public org.apache.hadoop.hive.ql.metadata.Table checkAndSetTableMetaRef(
            org.apache.hadoop.hive.ql.metadata.Table table, String reference) throws SemanticException {
        if (!isValidMetadataTable(reference)) {
            throw new SemanticException("Strata table " + table.getFullyQualifiedName() + " has no metadata table '"
                    + reference + "': there are " + String.join(", ", MetadataTables.NAMES)
                    + " (a tag reads with SET " + StrataConf.SCAN_TAG + "=<tag>; branches are not supported)");
        }
        table.setMetaTable(reference.toLowerCase(Locale.ROOT));
        return table;
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

    /** See {@link HiveStatistics#answersQueries}. */
    @Override
    public boolean canComputeQueryUsingStats(Partish partish) {
        return HiveStatistics.answersQueries(partish);
    }

    /** Hive 4.0's form of {@link #canComputeQueryUsingStats(Partish)}: the table's own marking. */
    @Override
    @SuppressWarnings("deprecation")
    public boolean canComputeQueryUsingStats(org.apache.hadoop.hive.ql.metadata.Table table) {
        return canComputeQueryUsingStats(Partish.buildFor(table));
    }

    /**
     * Hive sums the statistics of the partitions a query keeps instead of using the table's: a table the
     * metastore sync registered has them on every metastore partition; a table Strata partitions itself has
     * them from the snapshot's manifests ({@link #getBasicStatistics}, {@link #getAggrColStatsFor}).
     */
    @Override
    public boolean canProvidePartitionStatistics(org.apache.hadoop.hive.ql.metadata.Table table) {
        return table.isPartitioned();
    }

    /**
     * Column statistics come from the table (its data files' ranges and null counts, and Paimon's statistics
     * file): see {@link HiveColumnStatistics}. Not for tables with metastore partitions, whose statistics Hive
     * keeps in the metastore per partition.
     */
    @Override
    public boolean canProvideColStatistics(org.apache.hadoop.hive.ql.metadata.Table table) {
        return HiveColumnStatistics.handledByStrata(table);
    }

    @Override
    public List<ColumnStatisticsObj> getColStatistics(org.apache.hadoop.hive.ql.metadata.Table table) {
        return HiveColumnStatistics.forPlanning(getConf(), table, null, null);
    }

    /** The column statistics of the partitions a query keeps, from their data files ({@link HiveColumnStatistics}). */
    @Override
    public AggrStats getAggrColStatsFor(org.apache.hadoop.hive.ql.metadata.Table table, List<String> colNames,
            List<String> partNames) {
        return new AggrStats(HiveColumnStatistics.forPlanning(getConf(), table, colNames, partNames),
                partNames == null ? 0 : partNames.size());
    }

    /** {@code ANALYZE TABLE ... COMPUTE STATISTICS FOR COLUMNS} writes Paimon's statistics file. */
    @Override
    public boolean canSetColStatistics(org.apache.hadoop.hive.ql.metadata.Table table) {
        return HiveColumnStatistics.handledByStrata(table);
    }

    @Override
    public boolean setColStatistics(org.apache.hadoop.hive.ql.metadata.Table table, List<ColumnStatistics> statistics) {
        HiveColumnStatistics.store(getConf(), table, statistics);
        return true;
    }

    /** Row count, file count and size without reading data ({@link HiveStatistics#basic}). */
    @Override
    public Map<String, String> getBasicStatistics(Partish partish) {
        return HiveStatistics.basic(getConf(), partish);
    }

    // --- TRUNCATE and CTAS ---

    /**
     * {@code TRUNCATE TABLE} is allowed: the meta hook empties the Strata table with one OVERWRITE snapshot
     * before the metastore records it, and keeps the metastore from deleting the table's files
     * ({@link StrataMetaHook#preTruncateTable}).
     */
    @Override
    public boolean supportsTruncateOnNonNativeTables() {
        return true;
    }

    /**
     * {@code CREATE TABLE ... STORED BY ... AS SELECT} inserts directly: Hive creates the table (and the meta hook
     * the Strata table) before the query's tasks run, the tasks write into it as for an INSERT, and the move step
     * commits ONE APPEND snapshot. A failed CTAS is undone by {@link StatementRollbackHook} ({@link CreateTableAsSelect}).
     */
    @Override
    public boolean directInsert() {
        return true;
    }

    /** The location of a CTAS's new table, known while the statement compiles, so its tasks find the table. */
    @Override
    public void setTableLocationForCTAS(org.apache.hadoop.hive.ql.ddl.table.create.CreateTableDesc desc,
            String location) {
        CreateTableAsSelect.prepare(getConf(), desc, location);
    }

    @Override
    public String toString() {
        return "StrataStorageHandler";
    }
}
