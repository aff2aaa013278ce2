package io.strata.hive;

/**
 * The storage handler of a Strata table that the metastore sync registers with metastore partitions (one
 * Hive partition per Strata partition, so that every metastore client sees them): Hive reads it through its
 * own partition path (partition pruning in the metastore, the statistics the sync records per partition),
 * where {@link StrataStorageHandler} partitions a table itself. Reads are the same; writes through Hive are
 * refused (write through a table created with {@code STORED BY 'io.strata.hive.StrataStorageHandler'}).
 */
public class MetastorePartitionedStorageHandler extends StrataStorageHandler {

    @Override
    public boolean supportsPartitioning() {
        return false;
    }

    @Override
    public String toString() {
        return "MetastorePartitionedStorageHandler";
    }
}
