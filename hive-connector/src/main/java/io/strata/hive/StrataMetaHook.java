package io.strata.hive;

import io.strata.schema.SchemaChange;
import io.strata.schema.SchemaManager;
import io.strata.types.DataField;
import io.strata.types.HiveTypeNames;
import io.strata.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.lang3.tuple.Pair;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.metadata.Partition;
import org.apache.hadoop.hive.ql.parse.SemanticException;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;

/**
 * Checks Hive DDL against the Strata table before the metastore records it. CREATE EXTERNAL TABLE
 * ... LOCATION must point at a Strata table; without columns it gets the table's columns and is marked
 * to follow the Strata schema ({@link StrataConf#COLUMNS_FROM_TABLE}), with columns each must exist in
 * the table with exactly its Hive type. ALTER TABLE changes the Strata table first ({@link HiveAlterTable}). CREATE TABLE without EXTERNAL creates a new
 * Strata table ({@link ManagedTables}); only such tables lose their files on DROP, since Hive calls
 * {@code commitDropTable(deleteData=true)} for external tables too. TRUNCATE TABLE empties the Strata table
 * ({@link HiveTruncate}) before the metastore records it.
 */
public final class StrataMetaHook implements HiveMetaHook {

    private final Configuration conf;
    /** The Strata change of the ALTER in progress, undone if the metastore rejects the ALTER. */
    private HiveAlterTable.Changes applied;

    StrataMetaHook(Configuration conf) {
        this.conf = conf == null ? new Configuration() : conf;
    }

    @Override
    public void preCreateTable(Table hiveTable) throws MetaException {
        String name = hiveTable.getDbName() + "." + hiveTable.getTableName();
        String location = hiveTable.getSd() == null ? null : hiveTable.getSd().getLocation();
        // A CTAS always creates a new table (Hive refuses one over a non-empty location), though the metastore's
        // translation already shows it EXTERNAL, with its location.
        if (!isExternal(hiveTable) || createdWithCtas(hiveTable)) {
            try {
                ManagedTables.create(conf, hiveTable);
            } catch (IllegalArgumentException e) {
                throw new MetaException(e.getMessage());
            }
            return;
        }
        io.strata.table.Table table;
        try {
            table = StrataTables.load(conf, location, name);
        } catch (IllegalArgumentException e) {
            throw new MetaException(e.getMessage());
        }
        if (hiveTable.getPartitionKeysSize() > 0) {
            throw new MetaException("Cannot create Hive table " + name + ": do not declare PARTITIONED BY, the"
                    + " Strata table's partition keys " + table.schema().partitionKeys() + " are read as ordinary columns");
        }
        RowType rowType = table.schema().rowType();
        List<FieldSchema> declared = hiveTable.getSd().getCols();
        if (declared == null || declared.isEmpty() || fromDeserializer(declared)) {
            // ArrayList: the embedded metastore fails on immutable lists inside Thrift objects.
            List<FieldSchema> cols = new ArrayList<>();
            for (DataField f : rowType.fields()) {
                cols.add(new FieldSchema(HiveTypeNames.hiveName(f.name()), HiveTypeNames.of(f.type()), f.description()));
            }
            hiveTable.getSd().setCols(cols);
            // The metastore keeps these columns for other engines; Hive asks the SerDe, which follows the
            // Strata table's current schema for tables marked so.
            hiveTable.putToParameters(StrataConf.COLUMNS_FROM_TABLE, "true");
            return;
        }
        for (FieldSchema col : declared) {
            int p = StrataInputFormat.indexOfIgnoreCase(rowType, col.getName());
            if (p < 0) {
                throw new MetaException("Cannot create Hive table " + name + ": column '" + col.getName()
                        + "' is not in the Strata table at " + location + " (its columns: "
                        + String.join(", ", rowType.fieldNames()) + ")");
            }
            DataField f = rowType.field(p);
            if (!HiveTypeMapping.matches(col.getType(), f.type())) {
                throw new MetaException("Cannot create Hive table " + name + ": column '" + col.getName()
                        + "' is declared as " + col.getType() + " but the Strata table at " + location + " has "
                        + f.type().asSqlString() + " (Hive type " + HiveTypeNames.of(f.type()) + ")");
            }
        }
    }

    /** Hive fills in the SerDe's columns when the DDL gave none, commented so. */
    private static boolean fromDeserializer(List<FieldSchema> cols) {
        return cols.stream().allMatch(c -> "from deserializer".equals(c.getComment()));
    }

    private static boolean createdWithCtas(Table t) {
        return t.getParameters() != null && "true".equalsIgnoreCase(t.getParameters().get(StrataConf.CREATED_WITH_CTAS));
    }

    private static boolean isExternal(Table t) {
        return "EXTERNAL_TABLE".equalsIgnoreCase(t.getTableType())
                || (t.getParameters() != null && "TRUE".equalsIgnoreCase(t.getParameters().get("EXTERNAL")));
    }

    @Override
    public void rollbackCreateTable(Table table) throws MetaException {
        // Only a table this hook created owns its directory; CREATE EXTERNAL only read the Strata table.
        if (ManagedTables.ownsData(table)) {
            deleteData(table);
        }
    }

    @Override
    public void commitCreateTable(Table table) {
        // Nothing to do: the Strata table already exists.
    }

    /**
     * ALTER TABLE: SET/UNSET TBLPROPERTIES, ADD COLUMNS and CHANGE COLUMN change the Strata table first
     * ({@link HiveAlterTable}); when that is rejected the metastore is not altered either.
     */
    @Override
    public void preAlterTable(Table table, EnvironmentContext context) throws MetaException {
        String name = table.getDbName() + "." + table.getTableName();
        String location = table.getSd() == null ? null : table.getSd().getLocation();
        io.strata.table.Table strata;
        try {
            strata = StrataTables.load(conf, location, name);
        } catch (IllegalArgumentException | IllegalStateException e) {
            if (HiveAlterTable.changesStrata(context)) {
                throw new MetaException(e.getMessage());
            }
            return; // a rename or an owner change need not read the Strata table
        }
        try {
            HiveAlterTable.Changes changes = HiveAlterTable.changes(conf, table, context, strata);
            if (!changes.isEmpty()) {
                HiveAlterTable.commit(conf, strata, changes, name);
                applied = changes;
                strata = StrataTables.load(conf, location, name);
            }
            table.getSd().setCols(new ArrayList<>(HiveAlterTable.metastoreColumns(table, strata.schema().rowType())));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new MetaException(e.getMessage());
        }
    }

    @Override
    public void commitAlterTable(Table table, EnvironmentContext context) {
        applied = null;
    }

    /**
     * The metastore rejected an ALTER whose Strata change was already committed: undo it with a further
     * schema version (option changes and added columns are undone).
     */
    @Override
    public void rollbackAlterTable(Table table, EnvironmentContext context) throws MetaException {
        HiveAlterTable.Changes undo = applied;
        applied = null;
        if (undo == null || undo.undo().isEmpty()) {
            return;
        }
        String name = table.getDbName() + "." + table.getTableName();
        try {
            io.strata.table.Table strata = StrataTables.load(conf, table.getSd().getLocation(), name);
            new SchemaManager(strata.fileIO(), strata.location())
                    .commitChanges(undo.undo().toArray(new SchemaChange[0]));
        } catch (RuntimeException e) {
            throw new MetaException("The metastore rejected ALTER TABLE " + name + " and undoing its change of the"
                    + " Strata table at " + table.getSd().getLocation() + " failed: " + e.getMessage());
        }
    }

    /**
     * TRUNCATE TABLE [PARTITION]: the Strata table is emptied first, as ONE commit ({@link HiveTruncate}); the
     * metastore then records the truncate but must not delete files under the location, which are the Strata
     * table's (its metadata, and the files older snapshots still read): {@code truncateSkipDataDeletion}. If
     * the Strata commit fails, the statement fails and the metastore is not touched.
     */
    @Override
    public void preTruncateTable(Table table, EnvironmentContext context, List<String> partNames) throws MetaException {
        String name = table.getDbName() + "." + table.getTableName();
        String location = table.getSd() == null ? null : table.getSd().getLocation();
        try {
            HiveTruncate.truncate(conf, name, location, partNames);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new MetaException(e.getMessage());
        }
        context.putToProperties(HiveMetaStoreClient.TRUNCATE_SKIP_DATA_DELETION, "true");
    }

    /**
     * ALTER TABLE DROP PARTITION: the data of every partition the statement's filters match in the latest
     * snapshot is deleted in ONE core commit (an OVERWRITE snapshot, as TRUNCATE of those partitions), with the
     * commit callbacks (the metastore sync removes a synced table's metastore partitions). The metastore's own
     * drop is skipped: it has no partition of a table Strata partitions, and must never delete files under the
     * location that older snapshots still read. Hive checked the specs during analysis (a spec matching no
     * partition fails there where {@code hive.exec.drop.ignorenonexistent} is off).
     */
    @Override
    public void preDropPartitions(Table table, EnvironmentContext context, List<Pair<Integer, byte[]>> partExprs)
            throws MetaException {
        String name = table.getDbName() + "." + table.getTableName();
        String location = table.getSd() == null ? null : table.getSd().getLocation();
        try {
            HivePartitions partitions = HivePartitions.of(conf, new org.apache.hadoop.hive.ql.metadata.Table(table));
            Set<String> dropped = new TreeSet<>();
            for (Pair<Integer, byte[]> expr : partExprs) {
                ExprNodeDesc filter = SerializationUtilities.deserializeObjectWithTypeInformation(expr.getRight(), true);
                for (Partition partition : partitions.partitions(filter)) {
                    dropped.add(partition.getName());
                }
            }
            HiveTruncate.truncate(conf, name, location, new ArrayList<>(dropped));
        } catch (SemanticException | IllegalArgumentException | IllegalStateException e) {
            throw new MetaException("ALTER TABLE " + name + " DROP PARTITION: " + e.getMessage());
        }
        context.putToProperties(HiveMetaStoreClient.SKIP_DROP_PARTITION, "true");
    }

    /** Hive 4.0's form, without partitions: the whole table. */
    @Override
    public void preTruncateTable(Table table, EnvironmentContext context) throws MetaException {
        preTruncateTable(table, context, null);
    }

    @Override
    public void preDropTable(Table table) {
        // Dropping removes only the metastore entry.
    }

    @Override
    public void rollbackDropTable(Table table) {
        // Nothing was changed.
    }

    @Override
    public void commitDropTable(Table table, boolean deleteData) throws MetaException {
        // Hive passes deleteData=true for external tables too: only tables Hive created (marked for purge)
        // lose their files.
        if (deleteData && ManagedTables.ownsData(table)) {
            deleteData(table);
        }
    }

    private void deleteData(Table table) throws MetaException {
        try {
            ManagedTables.deleteData(conf, table);
        } catch (IOException e) {
            throw new MetaException("Cannot delete the Strata table of Hive table " + table.getDbName() + "."
                    + table.getTableName() + " at " + table.getSd().getLocation() + ": " + e);
        }
    }
}
