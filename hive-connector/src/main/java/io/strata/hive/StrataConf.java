package io.strata.hive;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;

/**
 * Every job-configuration and table-property key the connector reads or writes, and how it reads them.
 * Hive's own keys are listed here too, so a reader of the connector finds in one place what it depends on.
 */
public final class StrataConf {

    /** Table property (Hive's): the table's directory. */
    public static final String LOCATION = "location";
    /** Table property (Hive's): comma-separated column names; empty when the schema comes from the SerDe. */
    public static final String COLUMNS = "columns";
    /** Table property (Hive's): the column types, as Hive type strings separated by ':' or ','. */
    public static final String COLUMNS_TYPES = "columns.types";
    /** Hive's session time zone, in which TIMESTAMP WITH LOCAL TIME ZONE values are shown. */
    public static final String HIVE_LOCAL_TIME_ZONE = "hive.local.time.zone";

    /** Session setting: read this snapshot id instead of the latest ({@code SET strata.scan.snapshot-id=3}). */
    public static final String SCAN_SNAPSHOT_ID = "strata.scan.snapshot-id";
    /** Session setting: read the snapshot this tag points at. */
    public static final String SCAN_TAG = "strata.scan.tag";

    /**
     * Session setting: Paimon's {@code scan.mode} of batch reads; {@code compacted-full} reads the snapshot of the
     * table's latest (full) compaction instead of the latest ({@code SET strata.scan.mode=compacted-full}).
     */
    public static final String SCAN_MODE = "strata.scan.mode";
    /**
     * Session settings for {@code db.t.audit_log}: Paimon's read options {@code incremental-between} ({@code "3,7"}:
     * the changes of snapshots 4 to 7), {@code incremental-between-timestamp} and
     * {@code incremental-between-scan-mode}, each after this prefix ({@code SET strata.scan.incremental-between=3,7}).
     */
    public static final String SCAN_PREFIX = "strata.scan.";

    /**
     * Session setting: where {@code ALTER TABLE t EXECUTE DELETE ORPHAN-FILES} searches, {@code local} (in the
     * statement's process, the default) or {@code mapreduce} (a MapReduce job, where the session's Hadoop
     * configuration runs jobs).
     */
    public static final String ORPHAN_FILES_ENGINE = "strata.orphan-files.engine";

    /** Hive's: the snapshot id of {@code FOR SYSTEM_VERSION AS OF <id>}. */
    public static final String HIVE_AS_OF_VERSION = "hive.io.as.of.version";
    /** Hive's: the time of {@code FOR SYSTEM_TIME AS OF '<timestamp>'} (epoch millis, or a timestamp text). */
    public static final String HIVE_AS_OF_TIMESTAMP = "hive.io.as.of.timestamp";
    /**
     * The metadata table a query reads ({@code db.t.snapshots}): Hive sets it in the table properties of the
     * metadata table's descriptor ({@code Utilities.getTableDesc}) and in those it hands the SerDe.
     */
    public static final String HIVE_META_TABLE = "metaTable";
    /** The same, in the job configuration: {@link StrataStorageHandler#configureInputJobProperties} copies it. */
    public static final String METADATA_TABLE = "strata.metadata-table";

    /** Hive's: the id of the statement being run; names the directory where its tasks stage what they wrote. */
    public static final String HIVE_QUERY_ID = "hive.query.id";
    /** Hadoop's: the task attempt a task runs as (MapReduce and Tez both set it). */
    public static final String TASK_ATTEMPT_ID = "mapred.task.id";
    /** Hive's: the name of the partition directory of null partition values, and its default. */
    public static final String HIVE_DEFAULT_PARTITION_NAME = "hive.exec.default.partition.name";
    public static final String HIVE_DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";
    /** Hive's, on Tez: the name of the DAG vertex a task belongs to ({@code Map 1}, {@code Reducer 2}). */
    public static final String TEZ_VERTEX_NAME = "hive.tez.vertex.name";
    /** Hadoop's (old API): the OutputCommitter of a job; Tez's outputs and MapReduce both take it from here. */
    public static final String OUTPUT_COMMITTER = "mapred.output.committer.class";

    /**
     * Marks the table descriptor of a write ({@code configureOutputJobProperties} sees only those): Hive also
     * configures jobs for the tables they read, through the same {@code configureJobConf}.
     */
    static final String WRITE_MARK = "strata.write";
    /** Table property of a write's descriptor: the statement is an INSERT OVERWRITE (its tasks write afresh). */
    static final String WRITE_OVERWRITE = "strata.write.overwrite";
    /**
     * Table property of an INSERT OVERWRITE's descriptor whose PARTITION clause names one partition: that
     * partition's path ({@code p=v/q=w}, Strata's directory text), which the commit replaces even if empty.
     */
    static final String WRITE_STATIC_PARTITION = "strata.write.static-partition";
    /**
     * Table property of a write's descriptor in an UPDATE or MERGE: the rows it inserts replace, key by key, the
     * rows the statement's delete half deletes (core's replacing write).
     */
    static final String WRITE_REPLACING = "strata.write.replacing";
    /**
     * Table property of a write's descriptor in a MERGE that {@link MergeUpsertHook} runs as an upsert: its
     * writers fail on a key written twice ({@code hive.merge.cardinality.check}).
     */
    static final String WRITE_UNIQUE_KEYS = "strata.write.unique-keys";
    /**
     * Session setting {@link MergeUpsertHook} leaves for the handler while a MERGE it rewrote compiles:
     * {@link #mergeUpsertMark} of the target and the INSERT it runs.
     */
    static final String MERGE_UPSERT = "strata.hive.merge-upsert";
    /** Job setting, one per table a job writes: {@code strata.write.location.<hive table>} = its location. */
    static final String WRITE_LOCATION_PREFIX = "strata.write.location.";

    /** Table properties starting with this are the connector's own, never Strata table options. */
    public static final String CONNECTOR_PREFIX = "strata.";

    /**
     * Table property the connector sets on a Hive table created without a column list: its columns are
     * the Strata table's current columns, so schema changes made in Strata show in Hive.
     */
    public static final String COLUMNS_FROM_TABLE = "strata.columns.from-table";

    /**
     * Table parameter the metastore sync writes: the snapshot it last synced. Its presence tells a table
     * the sync registered (whose statistics marking the sync maintains) from one created through Hive.
     */
    public static final String SYNCED_SNAPSHOT_ID = "strata.snapshot-id";

    /** Table property of CREATE TABLE: the new Strata table's primary key, comma-separated. */
    public static final String PRIMARY_KEY = "primary-key";
    /** Table property of CREATE TABLE: the new Strata table's partition columns, comma-separated. */
    public static final String PARTITION = "partition";

    /** Table property Hive puts on a table created by CREATE TABLE ... AS SELECT (hive_metastoreConstants.TABLE_IS_CTAS). */
    static final String CREATED_WITH_CTAS = "created_with_ctas";
    /** Hive's session setting: the query lifetime hooks, where {@link StatementRollbackHook} must be for a CTAS. */
    static final String QUERY_LIFETIME_HOOKS = "hive.query.lifetime.hooks";

    /** What {@link #MERGE_UPSERT} holds for a MERGE into {@code hiveTable} that runs as {@code insert}. */
    static String mergeUpsertMark(String hiveTable, String insert) {
        return hiveTable.toLowerCase(Locale.ROOT) + "\n" + insert;
    }

    /** Whether the table properties are those of a table a CTAS creates ({@link #CREATED_WITH_CTAS}). */
    static boolean createdWithCtas(Properties tableProperties) {
        return "true".equalsIgnoreCase(tableProperties.getProperty(CREATED_WITH_CTAS, "").trim());
    }

    /**
     * Session setting: the size (bytes, or with a unit like {@code 64m}) a Hive split of a large bucket
     * aims at, when the bucket's files need no merge with each other.
     */
    public static final String SPLIT_TARGET_SIZE = "strata.split.target-size";
    /** Default of {@link #SPLIT_TARGET_SIZE}: 128 MiB. */
    public static final long DEFAULT_SPLIT_TARGET_SIZE = 128L << 20;

    private StrataConf() {}

    /** {@link #SPLIT_TARGET_SIZE}, at least one byte. */
    public static long splitTargetSize(Configuration conf) {
        long size;
        try {
            size = conf.getLongBytes(SPLIT_TARGET_SIZE, DEFAULT_SPLIT_TARGET_SIZE);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SPLIT_TARGET_SIZE + " must be a size like 134217728 or 128m, got '"
                    + conf.get(SPLIT_TARGET_SIZE) + "'");
        }
        if (size <= 0) {
            throw new IllegalArgumentException(SPLIT_TARGET_SIZE + " must be positive, got '" + conf.get(SPLIT_TARGET_SIZE) + "'");
        }
        return size;
    }

    /** A comma-separated list of column names (blank or null: none). */
    /** Hive's name of the partition directory of null partition values in this configuration. */
    public static String hiveDefaultPartitionName(Configuration conf) {
        return conf.get(HIVE_DEFAULT_PARTITION_NAME, HIVE_DEFAULT_PARTITION);
    }

    public static List<String> keyList(String text) {
        List<String> keys = new ArrayList<>();
        if (text != null) {
            for (String key : text.split(",")) {
                if (!key.isBlank()) {
                    keys.add(key.trim());
                }
            }
        }
        return keys;
    }

    /** The snapshot id of Hive's {@code FOR SYSTEM_VERSION AS OF}, else of {@link #SCAN_SNAPSHOT_ID}, or null. */
    public static Long asOfVersion(Configuration conf) {
        String value = conf.getTrimmed(HIVE_AS_OF_VERSION);
        if (value == null || value.isEmpty()) {
            return scanSnapshotId(conf);
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("FOR SYSTEM_VERSION AS OF needs a Strata snapshot id (a number), got '"
                    + value + "'");
        }
    }

    /** The epoch millis of Hive's {@code FOR SYSTEM_TIME AS OF}, or null. */
    public static Long asOfTimestampMillis(Configuration conf) {
        return timestampMillis(conf.getTrimmed(HIVE_AS_OF_TIMESTAMP), conf);
    }

    /**
     * A {@code FOR SYSTEM_TIME AS OF} value as epoch millis: millis, or a wall-clock time in the session's zone;
     * null for none.
     */
    static Long timestampMillis(String value, Configuration conf) {
        if (value == null || value.isBlank()) {
            return null;
        }
        value = value.trim();
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException notMillis) {
            try {
                // A timestamp text is a wall-clock time in the session's zone.
                return LocalDateTime.parse(value.replace(' ', 'T')).atZone(localZone(conf)).toInstant().toEpochMilli();
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("FOR SYSTEM_TIME AS OF needs a timestamp, got '" + value + "'");
            }
        }
    }

    /** The snapshot id the session asks to read, or null for the latest. */
    public static Long scanSnapshotId(Configuration conf) {
        String value = conf.getTrimmed(SCAN_SNAPSHOT_ID);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(SCAN_SNAPSHOT_ID + " must be a snapshot id (a number), got '" + value + "'");
        }
    }

    /**
     * Whether the session asks for the snapshot of the latest compaction ({@link #SCAN_MODE} =
     * {@code compacted-full}, Paimon's scan mode of batch reads) rather than the latest.
     *
     * @throws IllegalArgumentException naming the setting for a mode a Hive read cannot take
     */
    public static boolean scanCompactedFull(Configuration conf) {
        String value = conf.getTrimmed(SCAN_MODE);
        if (value == null || value.isEmpty()) {
            return false;
        }
        return switch (value.toLowerCase(java.util.Locale.ROOT)) {
            case "default", "latest-full", "full", "latest" -> false;
            case "compacted-full" -> true;
            default -> throw new IllegalArgumentException(SCAN_MODE + " = '" + value + "': a Hive query reads one snapshot,"
                    + " so the mode is default, latest-full, latest or compacted-full (the changes between snapshots are"
                    + " read from db.t.audit_log with strata.scan.incremental-between)");
        };
    }

    /** The tag the session asks to read, or null. */
    public static String scanTag(Configuration conf) {
        String value = conf.getTrimmed(SCAN_TAG);
        return value == null || value.isEmpty() ? null : value;
    }

    /** The Paimon read options of {@code audit_log} the session set ({@link #SCAN_PREFIX}), by Paimon's names. */
    public static Map<String, String> auditLogReadOptions(Configuration conf) {
        Map<String, String> options = new TreeMap<>();
        for (String option : io.strata.table.metadata.AuditLogTable.INCREMENTAL_OPTIONS) {
            String value = conf.getTrimmed(SCAN_PREFIX + option);
            if (value != null && !value.isEmpty()) {
                options.put(option, value);
            }
        }
        return options;
    }

    /** The metadata table ({@code snapshots}, ...) the job reads instead of the table's rows, or null. */
    public static String metadataTable(Configuration conf) {
        String value = conf.getTrimmed(METADATA_TABLE);
        return value == null || value.isEmpty() ? null : value;
    }

    /** The table location given in the table properties, or null. */
    public static String location(Properties tableProperties) {
        String location = tableProperties.getProperty(LOCATION);
        return location == null || location.isBlank() ? null : location;
    }

    /** Whether the Hive table follows the Strata table's columns ({@link #COLUMNS_FROM_TABLE}). */
    public static boolean columnsFromTable(Properties tableProperties) {
        return "true".equalsIgnoreCase(tableProperties.getProperty(COLUMNS_FROM_TABLE, "").trim());
    }

    /** The declared column types (Hive type strings), parallel to {@link #declaredColumns}. */
    public static List<String> declaredTypes(Properties tableProperties) {
        List<String> types = new ArrayList<>();
        for (TypeInfo info : TypeInfoUtils.getTypeInfosFromTypeString(tableProperties.getProperty(COLUMNS_TYPES, ""))) {
            types.add(info.getTypeName());
        }
        return types;
    }

    /** The declared column names, empty when Hive left the schema to the SerDe. */
    public static List<String> declaredColumns(Properties tableProperties) {
        String columns = tableProperties.getProperty(COLUMNS, "");
        List<String> names = new ArrayList<>();
        for (String name : columns.split(",")) {
            if (!name.isBlank()) {
                names.add(name.trim());
            }
        }
        return names;
    }

    /**
     * The column names Hive wants read, or null for all. {@code count(*)} asks for none: an empty
     * array.
     */
    public static String[] readColumnNames(Configuration conf) {
        if (ColumnProjectionUtils.isReadAllColumns(conf) || conf.get(ColumnProjectionUtils.READ_COLUMN_NAMES_CONF_STR) == null) {
            return null;
        }
        return ColumnProjectionUtils.getReadColumnNames(conf);
    }

    /** The zone Hive shows local-time-zone timestamps in: the session's, else the JVM's. */
    public static ZoneId localZone(Configuration conf) {
        String zone = conf == null ? null : conf.get(HIVE_LOCAL_TIME_ZONE);
        if (zone == null || zone.isBlank() || zone.equalsIgnoreCase("LOCAL")) {
            return ZoneId.systemDefault();
        }
        return ZoneId.of(zone);
    }

    /** Records in a job that it writes {@code hiveTable} at {@code location}, for {@link StrataOutputCommitter}. */
    static void addWrittenTable(Configuration job, String hiveTable, String location) {
        job.set(WRITE_LOCATION_PREFIX + hiveTable, location);
    }

    /** The tables a job writes (Hive table name to location), as {@link #addWrittenTable} recorded them. */
    static Map<String, String> writtenTables(Configuration job) {
        return job.getPropsWithPrefix(WRITE_LOCATION_PREFIX);
    }

    /** {@link #ORPHAN_FILES_ENGINE}: whether orphan-file removal runs as a MapReduce job. */
    static boolean orphanFilesByJob(Configuration conf) {
        String engine = conf.get(ORPHAN_FILES_ENGINE, "local").trim().toLowerCase(Locale.ROOT);
        return switch (engine) {
            case "local" -> false;
            case "mapreduce" -> true;
            default -> throw new IllegalArgumentException("Invalid " + ORPHAN_FILES_ENGINE + " '"
                    + conf.get(ORPHAN_FILES_ENGINE) + "': give local or mapreduce");
        };
    }
}
