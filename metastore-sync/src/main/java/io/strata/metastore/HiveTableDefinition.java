package io.strata.metastore;

import io.strata.schema.TableSchema;
import io.strata.table.TablePaths;
import io.strata.table.source.PartitionStatistics;
import io.strata.types.DataField;
import io.strata.types.HiveTypeNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

/**
 * What the metastore holds for a Strata table: its Hive table (columns, partition keys, location,
 * storage handler, parameters) and one Hive partition per partition with live data. Class names are
 * strings: the sync must not depend on the Hive connector.
 *
 * <p>Statistics: numRows, numFiles and totalSize come from the live files. Hive answers
 * {@code count(*)} from numRows when {@code COLUMN_STATS_ACCURATE} says the basic statistics are
 * accurate (with {@code hive.compute.query.using.stats}), so that flag is set only when numRows is the
 * row count a read returns: append tables without deletion vectors. A primary-key table's files also
 * hold superseded versions and delete records; its numRows is an upper bound and the flag is never set.
 */
final class HiveTableDefinition {

    static final String STORAGE_HANDLER = "io.strata.hive.StrataStorageHandler";
    /**
     * The connector's handler for a table with metastore partitions (a partitioned table): Hive reads it
     * through its partition path, where {@link #STORAGE_HANDLER} partitions tables itself.
     */
    static final String METASTORE_PARTITIONED_STORAGE_HANDLER = "io.strata.hive.MetastorePartitionedStorageHandler";
    static final String INPUT_FORMAT = "io.strata.hive.StrataInputFormat";
    static final String SERDE = "io.strata.hive.StrataSerDe";
    /**
     * Hive resolves a storage-handler table's output format from the storage descriptor when it is set;
     * the connector cannot write, so this is the output format Hive itself derives for the handler
     * (DefaultStorageHandler's sequence-file format, substituted by its Hive variant).
     */
    static final String OUTPUT_FORMAT = "org.apache.hadoop.hive.ql.io.HiveSequenceFileOutputFormat";

    static final String PAIMON_STORAGE_HANDLER = "org.apache.paimon.hive.PaimonStorageHandler";
    static final String PAIMON_INPUT_FORMAT = "org.apache.paimon.hive.mapred.PaimonInputFormat";
    static final String PAIMON_OUTPUT_FORMAT = "org.apache.paimon.hive.mapred.PaimonOutputFormat";
    static final String PAIMON_SERDE = "org.apache.paimon.hive.PaimonSerDe";

    /** Table and partition parameter: the snapshot the entry describes. */
    static final String SNAPSHOT_ID = "strata.snapshot-id";
    /** Table parameter: the snapshot synced before the current one, so an interrupted sync can redo its last step. */
    static final String PREVIOUS_SNAPSHOT_ID = "strata.sync.previous-snapshot-id";
    static final String NUM_ROWS = "numRows";
    static final String NUM_FILES = "numFiles";
    static final String TOTAL_SIZE = "totalSize";
    static final String NUM_ERASURE_CODED = "numFilesErasureCoded";
    static final String STATS_ACCURATE = "COLUMN_STATS_ACCURATE";
    static final String ACCURATE = "{\"BASIC_STATS\":\"true\"}";

    /** Table options copied into the table's parameters (what engines ask the metastore about). */
    private static final List<String> COPIED_OPTIONS = List.of("primary-key", "bucket", "bucket-key", "merge-engine");

    private final io.strata.table.Table table;
    private final String database;
    private final String name;
    private final boolean paimonFormats;
    private final HivePartitionValues partitionValues;

    HiveTableDefinition(io.strata.table.Table table, String database, String name, boolean paimonFormats) {
        this.table = table;
        this.database = database;
        this.name = name;
        this.paimonFormats = paimonFormats;
        this.partitionValues = new HivePartitionValues(table.schema().partitionType(),
                table.schema().tableOptions().partitionDefaultName());
    }

    TableSchema schema() {
        return table.schema();
    }

    /** The storage handler the entry names: Paimon's, or Strata's for a table with or without metastore partitions. */
    String storageHandler() {
        return paimonFormats ? PAIMON_STORAGE_HANDLER
                : partitioned() ? METASTORE_PARTITIONED_STORAGE_HANDLER : STORAGE_HANDLER;
    }

    /** Whether an existing entry's storage handler is one this sync may take over (and re-register). */
    static boolean ours(String handler, boolean paimonFormats) {
        return STORAGE_HANDLER.equals(handler) || METASTORE_PARTITIONED_STORAGE_HANDLER.equals(handler)
                || (paimonFormats && PAIMON_STORAGE_HANDLER.equals(handler));
    }

    boolean partitioned() {
        return !table.schema().partitionKeys().isEmpty();
    }

    /** Whether numRows is exactly what a read returns (see the class comment). */
    boolean exactRowCounts() {
        return !table.schema().isPrimaryKeyTable() && !table.schema().tableOptions().deletionVectorsEnabled();
    }

    /** The data columns (partition keys excluded), with Hive types and comments. */
    List<FieldSchema> columns() {
        Set<String> keys = new HashSet<>(table.schema().partitionKeys());
        List<FieldSchema> out = new ArrayList<>();
        for (DataField f : table.schema().fields()) {
            if (!keys.contains(f.name())) {
                out.add(field(f));
            }
        }
        return out;
    }

    /** The partition keys in order. */
    List<FieldSchema> partitionKeys() {
        List<FieldSchema> out = new ArrayList<>();
        for (String key : table.schema().partitionKeys()) {
            out.add(field(table.schema().field(key)));
        }
        return out;
    }

    private static FieldSchema field(DataField f) {
        return new FieldSchema(HiveTypeNames.hiveName(f.name()), HiveTypeNames.of(f.type()), f.description());
    }

    private StorageDescriptor storage(String location) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(columns());
        sd.setLocation(location);
        sd.setInputFormat(paimonFormats ? PAIMON_INPUT_FORMAT : INPUT_FORMAT);
        sd.setOutputFormat(paimonFormats ? PAIMON_OUTPUT_FORMAT : OUTPUT_FORMAT);
        sd.setCompressed(false);
        sd.setNumBuckets(-1);
        SerDeInfo serde = new SerDeInfo();
        serde.setSerializationLib(paimonFormats ? PAIMON_SERDE : SERDE);
        serde.setParameters(new HashMap<>());
        sd.setSerdeInfo(serde);
        // The embedded metastore fails on immutable or null lists inside Thrift objects.
        sd.setBucketCols(new ArrayList<>());
        sd.setSortCols(new ArrayList<>());
        sd.setParameters(new HashMap<>());
        return sd;
    }

    /** A new Hive table entry, without a snapshot id (the sync sets it once the partitions are in). */
    Table newTable() {
        Table t = new Table();
        t.setDbName(database);
        t.setTableName(name);
        t.setOwner(System.getProperty("user.name"));
        t.setTableType("EXTERNAL_TABLE");
        t.setSd(storage(table.location().toString()));
        t.setPartitionKeys(partitionKeys());
        t.setParameters(new HashMap<>());
        t.getParameters().put("EXTERNAL", "TRUE");
        applyDefinition(t);
        return t;
    }

    /**
     * Brings an existing entry's columns, partition keys, formats and copied options to this
     * definition; returns whether anything changed.
     */
    boolean applyDefinition(Table t) {
        Map<String, String> before = new HashMap<>(t.getParameters());
        StorageDescriptor desired = storage(table.location().toString());
        boolean changed = !desired.getCols().equals(t.getSd().getCols())
                || !desired.getInputFormat().equals(t.getSd().getInputFormat())
                || !desired.getOutputFormat().equals(t.getSd().getOutputFormat())
                || !desired.getSerdeInfo().getSerializationLib().equals(t.getSd().getSerdeInfo().getSerializationLib())
                || !desired.getLocation().equals(t.getSd().getLocation())
                || !partitionKeys().equals(t.getPartitionKeys());
        t.getSd().setCols(desired.getCols());
        t.getSd().setInputFormat(desired.getInputFormat());
        t.getSd().setOutputFormat(desired.getOutputFormat());
        t.getSd().setSerdeInfo(desired.getSerdeInfo());
        t.getSd().setLocation(desired.getLocation());
        t.setPartitionKeys(partitionKeys());
        Map<String, String> p = t.getParameters();
        p.put("storage_handler", storageHandler());
        p.put("table_type", "PAIMON");
        Map<String, String> options = table.schema().options();
        for (String key : COPIED_OPTIONS) {
            if (options.containsKey(key)) {
                p.put(key, options.get(key));
            } else {
                p.remove(key);
            }
        }
        if (table.schema().isPrimaryKeyTable()) {
            p.put("primary-key", String.join(",", table.schema().primaryKeys()));
        }
        if (table.schema().comment() != null) {
            p.put("comment", table.schema().comment());
        }
        if (!exactRowCounts()) {
            // Never leave a flag that lets Hive answer count(*) from an upper bound.
            p.remove(STATS_ACCURATE);
        }
        return changed || !before.equals(p);
    }

    /** Sets the table entry's statistics (unpartitioned tables) and snapshot parameters. */
    void applySnapshot(Table t, long snapshotId, Long previousSnapshotId, PartitionStatistics.Partition whole) {
        Map<String, String> p = t.getParameters();
        if (!partitioned()) {
            setStats(p, whole);
        }
        p.put(SNAPSHOT_ID, Long.toString(snapshotId));
        if (previousSnapshotId != null) {
            p.put(PREVIOUS_SNAPSHOT_ID, Long.toString(previousSnapshotId));
        } else {
            p.remove(PREVIOUS_SNAPSHOT_ID);
        }
    }

    /** A new Hive partition entry for {@code stats} at {@code snapshotId}. */
    Partition newPartition(PartitionStatistics.Partition stats, long snapshotId) {
        Partition part = new Partition();
        part.setDbName(database);
        part.setTableName(name);
        // Hive's text of each value; the location stays the real (legacy-named) directory.
        part.setValues(new ArrayList<>(hiveValues(stats)));
        part.setSd(storage(table.location() + "/" + stats.path()));
        part.setParameters(new HashMap<>());
        applyPartition(part, stats, snapshotId);
        return part;
    }

    /** Whether an existing partition entry already describes {@code stats} with the current columns. */
    boolean upToDate(Partition existing, PartitionStatistics.Partition stats) {
        Map<String, String> p = existing.getParameters();
        return p != null
                && Long.toString(stats.rowCount()).equals(p.get(NUM_ROWS))
                && Long.toString(stats.fileCount()).equals(p.get(NUM_FILES))
                && Long.toString(stats.totalSize()).equals(p.get(TOTAL_SIZE))
                && p.containsKey(SNAPSHOT_ID)
                && exactRowCounts() == ACCURATE.equals(p.get(STATS_ACCURATE))
                && columns().equals(existing.getSd().getCols());
    }

    /** Brings an existing partition entry to {@code stats} at {@code snapshotId}. */
    void applyPartition(Partition part, PartitionStatistics.Partition stats, long snapshotId) {
        part.getSd().setCols(columns());
        setStats(part.getParameters(), stats);
        part.getParameters().put(SNAPSHOT_ID, Long.toString(snapshotId));
    }

    private void setStats(Map<String, String> p, PartitionStatistics.Partition stats) {
        p.put(NUM_ROWS, Long.toString(stats == null ? 0 : stats.rowCount()));
        p.put(NUM_FILES, Long.toString(stats == null ? 0 : stats.fileCount()));
        p.put(TOTAL_SIZE, Long.toString(stats == null ? 0 : stats.totalSize()));
        // With every "fast" statistic present the metastore keeps ours instead of listing the directory
        // (which would count files that are no longer live and clear COLUMN_STATS_ACCURATE).
        p.put(NUM_ERASURE_CODED, "0");
        if (exactRowCounts()) {
            p.put(STATS_ACCURATE, ACCURATE);
        } else {
            p.remove(STATS_ACCURATE);
        }
    }

    /** The Hive name of a partition ({@code dt=2024-01-01/hr=3}): lower-case keys, escaped values, as Hive names them. */
    String hiveName(List<String> values) {
        List<String> keys = table.schema().partitionKeys();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                sb.append('/');
            }
            sb.append(TablePaths.escape(HiveTypeNames.hiveName(keys.get(i)))).append('=').append(TablePaths.escape(values.get(i)));
        }
        return sb.toString();
    }

    /** The values the metastore keeps for a partition of a snapshot ({@link HivePartitionValues}). */
    List<String> hiveValues(PartitionStatistics.Partition stats) {
        return partitionValues.of(stats.values());
    }

    /** The Hive name of the partition in directory {@code path} ({@code dt=19723} -> {@code dt=2024-01-01}). */
    String hiveNameOfPath(String path) {
        return hiveName(partitionValues.ofPath(path));
    }
}
