package io.strata.hive;

/**
 * The storage handler of a Strata table that the metastore sync registers with metastore partitions (one
 * Hive partition per Strata partition, so that every metastore client sees them): Hive reads and writes it
 * through its own partition path (partition pruning in the metastore, the statistics the sync records per
 * partition, one writer per partition, which takes static values from the partition's path and dynamic
 * ones from the rows, {@link io.strata.hive.write.DynamicPartitionValues}), where
 * {@link StrataStorageHandler} partitions a table itself. INSERT and INSERT OVERWRITE commit as through
 * {@link StrataStorageHandler}, and the sync registers new partitions; rows are shuffled by (partition, bucket)
 * ({@link WriteClustering#clusterMetastorePartitioned}), and UPDATE, DELETE and MERGE are left to a {@code STORED BY
 * 'io.strata.hive.StrataStorageHandler'} table over the same Strata table.
 */
public class MetastorePartitionedStorageHandler extends StrataStorageHandler {

    @Override
    public boolean supportsPartitioning() {
        return false;
    }

    /** Row-level statements need the handler's partitioning (Hive refuses them: the table is not transactional). */
    @Override
    public AcidSupportType supportsAcidOperations() {
        return AcidSupportType.NONE;
    }

    @Override
    public String toString() {
        return "MetastorePartitionedStorageHandler";
    }
}
