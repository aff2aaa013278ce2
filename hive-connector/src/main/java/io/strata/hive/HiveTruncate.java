package io.strata.hive;

import io.strata.schema.TableOptions;
import io.strata.table.CommitCallbackException;
import io.strata.table.CommitException;
import io.strata.table.CommitStateUnknownException;
import io.strata.table.Table;
import io.strata.table.TableCommit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code TRUNCATE TABLE t [PARTITION (...)]} of a Strata table: ONE core truncate commit (an OVERWRITE snapshot
 * that deletes the live files of the table or of the named partitions), made before the metastore records the
 * truncate, with the core's commit protocol and commit callbacks (so the metastore sync runs as after any
 * commit). Hive names the partitions as the metastore does ({@code dt=2024-01-01/h=3}, values escaped as in
 * paths); they become core partition specs here.
 */
final class HiveTruncate {

    private static final Logger LOG = LoggerFactory.getLogger(HiveTruncate.class);

    private HiveTruncate() {}

    /**
     * Empties the Strata table of Hive table {@code hiveTable}, or only the partitions {@code partNames} names
     * (null: the whole table; empty: none, for a PARTITION clause that matches no partition). Returns the
     * snapshot made, or -1 when there was nothing to delete.
     *
     * @throws IllegalArgumentException no Strata table is at {@code location}, or a partition name is malformed
     *     or names a column that is not a partition column of the Strata table (nothing is committed)
     * @throws IllegalStateException the commit failed (the table is as it was) or may have landed
     */
    static long truncate(Configuration conf, String hiveTable, String location, List<String> partNames) {
        Table table = StrataTables.load(conf, location, hiveTable);
        if (partNames != null && partNames.isEmpty()) {
            // Hive turned the PARTITION clause into the names of the partitions it matches: none.
            LOG.info("TRUNCATE of Hive table {} ({}): the PARTITION clause matches no partition, nothing to delete",
                    hiveTable, table.location());
            return -1;
        }
        List<Map<String, String>> partitions = partNames == null ? List.of()
                : partitionSpecs(hiveTable, table.schema().partitionKeys(),
                        new TableOptions(table.schema().options()).partitionDefaultName(),
                        conf == null ? StrataConf.HIVE_DEFAULT_PARTITION : StrataConf.hiveDefaultPartitionName(conf),
                        partNames);
        // A commit user of its own: a truncate is never the retry of another statement's commit.
        String commitUser = "hive-truncate-" + UUID.randomUUID();
        try (TableCommit commit = table.newCommit(commitUser)) {
            long snapshot = partitions.isEmpty() ? commit.truncate() : commit.truncatePartitions(partitions);
            LOG.info("TRUNCATE of Hive table {} ({}{}): {}", hiveTable, table.location(),
                    partitions.isEmpty() ? "" : ", partitions " + partitions,
                    snapshot < 0 ? "nothing to delete, no snapshot" : "snapshot " + snapshot);
            return snapshot;
        } catch (CommitCallbackException e) {
            // The rows are gone; failing now would only tell the user to retry what already landed.
            LOG.warn("TRUNCATE of Hive table {} ({}) committed snapshot {}, but a commit callback failed (run the"
                    + " metastore sync to catch up): {}", hiveTable, table.location(), e.snapshotId(), e.getMessage(), e);
            return e.snapshotId();
        } catch (CommitStateUnknownException e) {
            throw new IllegalStateException("TRUNCATE of Hive table " + hiveTable + " (" + table.location()
                    + ") may or may not have landed: " + e.getMessage(), e);
        } catch (CommitException e) {
            throw new IllegalStateException("TRUNCATE of Hive table " + hiveTable + " (" + table.location()
                    + ") failed; the table is as it was: " + e.getMessage(), e);
        }
    }

    /**
     * Hive partition names ({@code dt=2024-01-01/h=3}, all or leading partition columns) as core partition
     * specs: column names as the Strata table spells them (Hive lower-cases them), values unescaped, Hive's
     * default partition name as the table's {@code partition.default-name}.
     *
     * @throws IllegalArgumentException a name is not {@code column=value/...}, or a column is not a partition
     *     column of the Strata table, naming the Hive table and the column
     */
    static List<Map<String, String>> partitionSpecs(String hiveTable, List<String> partitionKeys,
            String strataDefaultName, String hiveDefaultName, List<String> partNames) {
        List<Map<String, String>> specs = new ArrayList<>();
        for (String name : partNames) {
            Map<String, String> parsed;
            try {
                parsed = HivePartitions.values(name);
            } catch (IllegalArgumentException e) {
                parsed = Map.of();
            }
            if (parsed.isEmpty()) {
                throw new IllegalArgumentException("Cannot truncate Hive table " + hiveTable + ": partition '" + name
                        + "' is not of the form column=value[/column=value...]");
            }
            Map<String, String> spec = new LinkedHashMap<>();
            for (Map.Entry<String, String> part : parsed.entrySet()) {
                String column = key(partitionKeys, part.getKey());
                if (column == null) {
                    throw new IllegalArgumentException("Cannot truncate partition '" + name + "' of Hive table "
                            + hiveTable + ": column '" + part.getKey() + "' is not a partition column of its Strata"
                            + " table (partition columns: " + partitionKeys + ")");
                }
                String value = part.getValue();
                spec.put(column, value.equals(hiveDefaultName) ? strataDefaultName : value);
            }
            specs.add(spec);
        }
        return specs;
    }

    /** The partition key {@code column} names, as the Strata table spells it; null if it is none. */
    private static String key(List<String> partitionKeys, String column) {
        for (String key : partitionKeys) {
            if (key.toLowerCase(Locale.ROOT).equals(column.toLowerCase(Locale.ROOT))) {
                return key;
            }
        }
        return null;
    }
}
