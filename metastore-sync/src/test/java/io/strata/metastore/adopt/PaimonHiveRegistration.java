package io.strata.metastore.adopt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * Registers a table in the metastore the way Apache Paimon 1.4's Hive catalog does, for adoption tests.
 *
 * <p>WHY a stand-in: Paimon's {@code HiveCatalog} is not in {@code paimon-bundle}, and its Hive artifacts
 * at 1.4.2 cannot be resolved from Maven Central here. The facts, from Paimon's {@code HiveCatalog}:
 * table type MANAGED_TABLE (EXTERNAL_TABLE with {@code EXTERNAL=TRUE} for external tables), parameters
 * {@code table_type=PAIMON} and {@code storage_handler=org.apache.paimon.hive.PaimonStorageHandler}, a
 * storage descriptor with {@code PaimonInputFormat}, {@code PaimonOutputFormat}, SerDe {@code PaimonSerDe}
 * (no SerDe parameters) and the table's location; all columns in the storage descriptor, unless the table
 * option {@code metastore.partitioned-table} is true: then the partition keys are Hive partition keys, the
 * other columns are the storage descriptor's, and each partition is registered with a copy of the table's
 * storage descriptor located at {@code <table>/<key>=<value>}.
 */
final class PaimonHiveRegistration {

    private PaimonHiveRegistration() {}

    /** A column: its name and Hive type name. */
    record Column(String name, String hiveType) {}

    static Table register(IMetaStoreClient client, String database, String name, String location, List<Column> columns,
            List<String> partitionKeys, List<List<String>> partitionValues) throws Exception {
        Map<String, String> params = new HashMap<>();
        params.put("table_type", "PAIMON");
        params.put("storage_handler", HiveHandler.PAIMON.storageHandler());
        StorageDescriptor sd = new StorageDescriptor();
        sd.setInputFormat(HiveHandler.PAIMON.inputFormat());
        sd.setOutputFormat(HiveHandler.PAIMON.outputFormat());
        SerDeInfo serde = new SerDeInfo();
        serde.setSerializationLib(HiveHandler.PAIMON.serde());
        serde.setParameters(new HashMap<>());
        sd.setSerdeInfo(serde);
        sd.setLocation(location);
        List<FieldSchema> cols = new ArrayList<>();
        List<FieldSchema> keys = new ArrayList<>();
        for (Column c : columns) {
            (partitionKeys.contains(c.name()) ? keys : cols).add(new FieldSchema(c.name(), c.hiveType(), null));
        }
        sd.setCols(cols);
        int now = (int) (System.currentTimeMillis() / 1000);
        Table table = new Table(name, database, System.getProperty("user.name"), now, now, Integer.MAX_VALUE, sd, keys,
                params, null, null, "MANAGED_TABLE");
        client.createTable(table);
        if (!partitionValues.isEmpty()) {
            List<Partition> partitions = new ArrayList<>();
            for (List<String> values : partitionValues) {
                StorageDescriptor partSd = new StorageDescriptor(sd);
                StringBuilder path = new StringBuilder(location);
                for (int i = 0; i < values.size(); i++) {
                    path.append('/').append(partitionKeys.get(i)).append('=').append(values.get(i));
                }
                partSd.setLocation(path.toString());
                partitions.add(new Partition(new ArrayList<>(values), database, name, now, now, partSd, new HashMap<>()));
            }
            client.add_partitions(partitions);
        }
        return client.getTable(database, name);
    }
}
