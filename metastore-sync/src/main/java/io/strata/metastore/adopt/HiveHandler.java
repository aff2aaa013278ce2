package io.strata.metastore.adopt;

import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * The Hive classes a metastore table is read through: its storage handler (table parameter
 * {@code storage_handler}), input and output formats and SerDe (its storage descriptor). Named as
 * strings: metastore-sync depends on neither Strata's Hive connector nor Paimon's.
 */
public record HiveHandler(String storageHandler, String inputFormat, String outputFormat, String serde) {

    /** The metastore's table parameter that names a table's storage handler. */
    public static final String STORAGE_HANDLER_PARAM = "storage_handler";

    /**
     * Strata's Hive 4 connector. Its output format is the one Hive itself assumes for a storage handler
     * without one ({@code DefaultStorageHandler}): Strata tables are not written through Hive.
     */
    public static final HiveHandler STRATA = new HiveHandler(
            "io.strata.hive.StrataStorageHandler",
            "io.strata.hive.StrataInputFormat",
            "org.apache.hadoop.mapred.SequenceFileOutputFormat",
            "io.strata.hive.StrataSerDe");

    /**
     * Strata's connector for a table with metastore partitions: Hive reads it through its own partition path
     * (where {@link #STRATA} partitions tables itself); the same formats and SerDe.
     */
    public static final HiveHandler STRATA_METASTORE_PARTITIONED = new HiveHandler(
            "io.strata.hive.MetastorePartitionedStorageHandler",
            STRATA.inputFormat, STRATA.outputFormat, STRATA.serde);

    /** What Apache Paimon's Hive catalog registers for a Paimon table (its {@code HiveCatalog}). */
    public static final HiveHandler PAIMON = new HiveHandler(
            "org.apache.paimon.hive.PaimonStorageHandler",
            "org.apache.paimon.hive.mapred.PaimonInputFormat",
            "org.apache.paimon.hive.mapred.PaimonOutputFormat",
            "org.apache.paimon.hive.PaimonSerDe");

    public HiveHandler {
        Objects.requireNonNull(storageHandler, "storageHandler");
    }

    /** The handler a table is registered with now (any part may be null when the table has none). */
    public static HiveHandler of(Table table) {
        Map<String, String> params = table.getParameters();
        StorageDescriptor sd = table.getSd();
        return new HiveHandler(
                params == null || params.get(STORAGE_HANDLER_PARAM) == null ? "" : params.get(STORAGE_HANDLER_PARAM),
                sd == null ? null : sd.getInputFormat(),
                sd == null ? null : sd.getOutputFormat(),
                sd == null || sd.getSerdeInfo() == null ? null : sd.getSerdeInfo().getSerializationLib());
    }

    /**
     * Whether a table is Paimon's: by its storage handler, or (as Paimon's own catalog recognises its
     * tables) by its input format, since Paimon registers both.
     */
    public boolean isPaimon() {
        return PAIMON.storageHandler.equals(storageHandler) || PAIMON.inputFormat.equals(inputFormat);
    }

    public boolean isStrata() {
        return STRATA.storageHandler.equals(storageHandler)
                || STRATA_METASTORE_PARTITIONED.storageHandler.equals(storageHandler);
    }

    /** Strata's handler for a metastore table: by whether the metastore holds partitions of it. */
    public static HiveHandler strataFor(Table table) {
        return table.getPartitionKeysSize() > 0 ? STRATA_METASTORE_PARTITIONED : STRATA;
    }

    /** Sets this handler's formats and SerDe on a storage descriptor (a table's or a partition's). */
    void applyTo(StorageDescriptor sd) {
        sd.setInputFormat(inputFormat);
        sd.setOutputFormat(outputFormat);
        if (sd.getSerdeInfo() == null) {
            sd.setSerdeInfo(new SerDeInfo());
        }
        sd.getSerdeInfo().setSerializationLib(serde);
    }
}
