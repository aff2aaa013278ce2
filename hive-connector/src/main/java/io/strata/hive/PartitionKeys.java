package io.strata.hive;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The partition keys of the Strata table behind a Hive table. Hive asks whether a table is partitioned many
 * times per statement; a Strata table's partition keys never change (schema evolution keeps them), so they
 * are read once per table: by location and the metastore entry's id and creation time, which tell a table
 * apart from one dropped and made again at the same location.
 */
final class PartitionKeys {

    private static final int TABLES_KEPT = 256;

    private static final Map<String, List<String>> KEPT = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, List<String>> eldest) {
                    return size() > TABLES_KEPT;
                }
            });

    private PartitionKeys() {}

    /**
     * The partition keys of the Strata table {@code hiveTable} reads; none where it has no location yet or no
     * Strata table is there (the statements that need the table report that themselves).
     */
    static List<String> of(Configuration conf, org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        Path location = hiveTable.getTTable().getSd() == null || hiveTable.getTTable().getSd().getLocation() == null
                ? null : hiveTable.getDataLocation();
        if (location == null) {
            return List.of();
        }
        String key = location + "#" + hiveTable.getTTable().getId() + "@" + hiveTable.getTTable().getCreateTime();
        List<String> keys = KEPT.get(key);
        if (keys == null) {
            try {
                keys = List.copyOf(StrataTables.load(conf, location.toString(), hiveTable.getFullyQualifiedName())
                        .schema().partitionKeys());
            } catch (IllegalArgumentException e) {
                return List.of();
            }
            KEPT.put(key, keys);
        }
        return keys;
    }

    /**
     * Fails for a Hive table with metastore partitions that names {@link StrataStorageHandler}: an older Strata's
     * metastore sync registered it so, and Hive would ask the handler for partitions the metastore holds.
     */
    static void requireNoMetastorePartitions(org.apache.hadoop.hive.ql.metadata.Table hiveTable) {
        if (!hiveTable.getPartCols().isEmpty()) {
            throw new IllegalStateException("Hive table " + hiveTable.getFullyQualifiedName() + " has metastore"
                    + " partitions but names storage handler " + StrataStorageHandler.class.getName() + ", which"
                    + " partitions tables itself: run the metastore sync of this Strata version on it ('strata sync'),"
                    + " which registers it with " + MetastorePartitionedStorageHandler.class.getName());
        }
    }
}
