package io.strata.hive;

import io.strata.catalog.Identifier;
import io.strata.fs.FileIO;
import io.strata.schema.Schema;
import io.strata.schema.SchemaManager;
import io.strata.schema.TableOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.parse.TransformSpec;
import org.apache.hadoop.hive.ql.session.SessionStateUtil;

/**
 * Tables Hive creates ({@code CREATE TABLE ... STORED BY} without EXTERNAL): a new Strata table is written
 * at the location Hive stores the table under (Hive 4 keeps such tables as EXTERNAL with
 * {@code TRANSLATED_TO_EXTERNAL=TRUE} under the external warehouse), and {@code external.table.purge=TRUE}
 * marks that DROP TABLE removes its data. Tables created EXTERNAL over an existing Strata table never carry
 * that mark, so DROP leaves their files alone. The primary key and partition columns come from
 * TBLPROPERTIES ({@code 'primary-key'}, {@code 'partition'}) or from PARTITIONED BY; every other
 * property that is not Hive's own becomes a Strata table option, checked by the core.
 */
final class ManagedTables {

    /** Hive's table parameter: DROP TABLE deletes the data of an external table. */
    static final String PURGE = "external.table.purge";

    /** Parameters Hive itself puts on a table: never passed on as Strata options. */
    private static final Set<String> HIVE_PARAMETERS = Set.of("external", "translated_to_external", PURGE,
            "storage_handler", "bucketing_version", "transient_lastddltime", "comment", "column_stats_accurate",
            "numfiles", "numrows", "totalsize", "rawdatasize", "numfileserasurecoded", "created_with_ctas",
            "table_type", "last_modified_by", "last_modified_time", "serialization.format", "owner", "serialization.lib", "columns", "columns.types", "columns.comments", "location",
            "name", "file.inputformat", "file.outputformat", "partition_columns", "partition_columns.types",
            StrataConf.PRIMARY_KEY, StrataConf.PARTITION);

    /** Hive's setting: the directory tables created without EXTERNAL are stored under. */
    private static final String EXTERNAL_WAREHOUSE = "hive.metastore.warehouse.external.dir";

    private ManagedTables() {}

    /**
     * The partition columns of the CREATE TABLE being run, as Hive leaves them in the session for a storage
     * handler that partitions tables itself; empty when there are none. Only plain columns partition a Strata
     * table: a transform ({@code PARTITIONED BY SPEC (bucket(16, id))}) is refused naming it.
     */
    private static List<String> partitionsOfTheStatement(Configuration conf, String name) {
        List<String> keys = new ArrayList<>();
        Object spec = conf == null ? null
                : SessionStateUtil.getResource(conf, hive_metastoreConstants.PARTITION_TRANSFORM_SPEC).orElse(null);
        if (!(spec instanceof List<?> transforms)) {
            return keys;
        }
        for (Object t : transforms) {
            if (t instanceof TransformSpec transform) {
                if (transform.getTransformType() != TransformSpec.TransformType.IDENTITY) {
                    throw new IllegalArgumentException("Cannot create Hive table " + name + ": Strata partitions by"
                            + " column values, not by the transform " + transform.transformTypeString() + " of column '"
                            + transform.getColumnName() + "'");
                }
                keys.add(transform.getColumnName());
            }
        }
        return keys;
    }

    /**
     * Creates the Strata table for a Hive table being created, sets the table's location (if Hive had none
     * yet) and marks it for purge on DROP.
     *
     * @throws IllegalArgumentException naming the table and what is wrong (a column type, a key, an option)
     */
    static void create(Configuration conf, Table hiveTable) {
        String name = hiveTable.getDbName() + "." + hiveTable.getTableName();
        Map<String, String> params = hiveTable.getParameters() == null ? Map.of() : hiveTable.getParameters();
        List<String> partitionKeys = StrataConf.keyList(params.get(StrataConf.PARTITION));
        List<FieldSchema> cols = new ArrayList<>(hiveTable.getSd().getCols() == null ? List.of() : hiveTable.getSd().getCols());
        if (hiveTable.getPartitionKeysSize() > 0) {
            if (!partitionKeys.isEmpty()) {
                throw new IllegalArgumentException("Cannot create Hive table " + name + ": give the partition columns"
                        + " either in PARTITIONED BY or in TBLPROPERTIES ('" + StrataConf.PARTITION + "'), not both");
            }
            // Strata partitions the table itself and Hive reads partition columns as ordinary columns (as for
            // CREATE EXTERNAL): they become the last columns, and the metastore table is unpartitioned.
            for (FieldSchema key : hiveTable.getPartitionKeys()) {
                cols.add(key);
                partitionKeys.add(key.getName());
            }
            hiveTable.setPartitionKeys(new ArrayList<>());
            hiveTable.getSd().setCols(cols);
        }
        // With a storage handler that partitions tables itself, Hive has already moved PARTITIONED BY's columns to
        // the ordinary ones and left the partitioning in the statement's session (as a transform spec).
        List<String> fromSpec = partitionsOfTheStatement(conf, name);
        if (!fromSpec.isEmpty()) {
            if (!partitionKeys.isEmpty()) {
                throw new IllegalArgumentException("Cannot create Hive table " + name + ": give the partition columns"
                        + " either in PARTITIONED BY or in TBLPROPERTIES ('" + StrataConf.PARTITION + "'), not both");
            }
            partitionKeys.addAll(fromSpec);
        }
        if (cols.isEmpty()) {
            throw new IllegalArgumentException("Cannot create Hive table " + name + ": a new Strata table needs columns");
        }
        Schema.Builder spec = Schema.newBuilder();
        for (FieldSchema col : cols) {
            spec.column(col.getName(), HiveTypeMapping.toStrata(col.getName(), col.getType()), col.getComment());
        }
        spec.primaryKey(StrataConf.keyList(params.get(StrataConf.PRIMARY_KEY)));
        spec.partitionKeys(partitionKeys);
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!isHiveParameter(e.getKey())) {
                spec.option(e.getKey(), e.getValue());
            }
        }
        Schema schema = spec.build();
        // Unknown keys are kept (Paimon tables carry other engines' options), but Hive shows no warning of a
        // storage handler: a key one or two letters from an option Strata knows ('buckets') is refused here, or a
        // primary-key table would silently get dynamic buckets instead of the count that was meant.
        List<String> typos = TableOptions.typoHints(schema.options());
        if (!typos.isEmpty()) {
            throw new IllegalArgumentException("Cannot create Hive table " + name + ": " + String.join("; ", typos));
        }
        String location = hiveTable.getSd().getLocation();
        if (location == null || location.isBlank()) {
            location = defaultLocation(conf, hiveTable);
            hiveTable.getSd().setLocation(location);
        }
        FileIO io = new FileIO(conf);
        try {
            new SchemaManager(io, new Path(location)).createTable(schema);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Cannot create Strata table for Hive table " + name + " at " + location
                    + ": " + e.getMessage(), e);
        }
        hiveTable.putToParameters(PURGE, "TRUE");
    }

    /**
     * Whether a table property is Hive's own or the connector's ({@code strata.*}), never a Strata table
     * option.
     */
    static boolean isHiveParameter(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return HIVE_PARAMETERS.contains(k) || k.startsWith(StrataConf.CONNECTOR_PREFIX);
    }

    /** Whether DROP TABLE may delete this table's files: only tables created by Hive are marked for purge. */
    static boolean ownsData(Table hiveTable) {
        Map<String, String> params = hiveTable.getParameters();
        return params != null && "TRUE".equalsIgnoreCase(params.get(PURGE))
                && hiveTable.getSd() != null && hiveTable.getSd().getLocation() != null;
    }

    /** Deletes the table's directory. */
    static void deleteData(Configuration conf, Table hiveTable) throws IOException {
        Path location = new Path(hiveTable.getSd().getLocation());
        new FileIO(conf).delete(location, true);
    }

    /**
     * Where Hive 4 puts a created table: translated to external, under the external warehouse directory,
     * in {@code <db>.db/} unless the database is {@code default}.
     */
    static String defaultLocation(Configuration conf, Table hiveTable) {
        String root = conf.get(EXTERNAL_WAREHOUSE);
        if (root == null || root.isBlank()) {
            root = new HiveConf().get(EXTERNAL_WAREHOUSE);
        }
        if (root == null || root.isBlank()) {
            throw new IllegalArgumentException("Cannot place Hive table " + hiveTable.getDbName() + "."
                    + hiveTable.getTableName() + ": " + EXTERNAL_WAREHOUSE
                    + " is not set; give a LOCATION");
        }
        // Hive may allow more characters in names than a directory of the warehouse takes (its special
        // characters in table names): the names must be Strata's, so the table lies in <db>.db/.
        String db = Identifier.checkName("database", hiveTable.getDbName()).toLowerCase(Locale.ROOT);
        String table = Identifier.checkName("table", hiveTable.getTableName()).toLowerCase(Locale.ROOT);
        Path dir = "default".equals(db) ? new Path(root) : new Path(root, db + ".db");
        return new Path(dir, table).toString();
    }

}
