package io.strata.hive;

import io.strata.hive.write.HiveRowConverter;
import io.strata.hive.write.DynamicPartitionValues;
import io.strata.hive.write.StrataWriteRow;
import io.strata.table.Table;
import io.strata.table.metadata.MetadataTable;
import io.strata.table.metadata.MetadataTables;
import io.strata.types.DataField;
import io.strata.types.DataType;
import io.strata.types.HiveTypeNames;
import io.strata.types.RowType;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.Context;
import org.apache.hadoop.hive.ql.security.authorization.HiveCustomStorageHandlerUtils;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.io.Writable;

/**
 * Hive's SerDe for Strata tables. The schema comes from the Strata table at the Hive
 * table's location: all its current columns when the DDL gave none (Hive takes a storage handler's
 * columns from its SerDe, so schema changes made in Strata show), else the declared ones, each of which
 * must still exist with its declared type. {@link #deserialize} hands the row view through unchanged;
 * {@link #serialize} converts a row Hive inserts into a Strata row of the table's columns
 * ({@link HiveRowConverter}).
 */
public final class StrataSerDe extends AbstractSerDe {

    private StrataRowInspector inspector;
    /** The Strata table's columns (for a CREATE TABLE without location, the declared ones). */
    private RowType tableType;
    /** For each Hive column (the inspector's fields, in order), its position in {@link #tableType}. */
    private int[] tablePositions;
    private String hiveTable;
    private ZoneId localZone;
    /**
     * For each field of a row to write, in order, its position in {@link #tableType}: the Hive columns
     * ({@link #tablePositions}), or for rows to delete the columns such rows carry.
     */
    private int[] writePositions;
    /** Built on the first {@link #serialize}: a SerDe that only reads never needs it. */
    private HiveRowConverter converter;
    private final StrataWriteRow writeRow = new StrataWriteRow();
    /** The inspector {@link #dynamicValues} was made for: Hive shows every row of a sink with one. */
    private StructObjectInspector dynamicInspector;
    private DynamicPartitionValues dynamicValues;
    /** The metadata table ({@code snapshots}, ...) this SerDe reads instead of the table's rows, or null. */
    private String metadataTable;
    /** Table positions of the metastore partition columns, which rows to write do not carry. */
    private Set<Integer> partitionPositions = Set.of();

    @Override
    public void initialize(Configuration conf, Properties tableProperties, Properties partitionProperties)
            throws SerDeException {
        super.initialize(conf, tableProperties, partitionProperties);
        String hiveTable = tableProperties.getProperty("name", "(unnamed)");
        this.hiveTable = hiveTable;
        this.localZone = StrataConf.localZone(conf);
        this.converter = null;
        this.metadataTable = null;
        if (StrataConf.location(tableProperties) == null) {
            // CREATE TABLE without LOCATION: the Strata table does not exist yet, the declared columns are its schema.
            initializeDeclared(tableProperties, localZone);
            return;
        }
        Table table;
        try {
            table = StrataTables.load(conf, StrataConf.location(tableProperties), hiveTable);
        } catch (IllegalArgumentException e) {
            if (StrataConf.createdWithCtas(tableProperties) && !StrataTables.exists(conf, StrataConf.location(tableProperties))) {
                // CREATE TABLE ... AS SELECT being compiled: the table is created when the statement runs, with
                // the query's columns, which Hive passes as the declared ones.
                initializeDeclared(tableProperties, localZone);
                return;
            }
            throw new SerDeException(e.getMessage(), e);
        }
        String metadataTable = tableProperties.getProperty(StrataConf.HIVE_META_TABLE);
        if (metadataTable != null && !metadataTable.isEmpty()) {
            initializeMetadataTable(table, metadataTable, localZone);
            return;
        }
        RowType rowType = table.schema().rowType();
        ZoneId zone = StrataConf.localZone(conf);
        // Tables created without a column list follow the Strata table's current columns; declared columns
        // are checked against it on every use, so a schema change in Strata never reads as the wrong type.
        List<String> declared = StrataConf.columnsFromTable(tableProperties) ? List.of()
                : StrataConf.declaredColumns(tableProperties);
        List<String> declaredTypes = declared.isEmpty() ? List.of() : StrataConf.declaredTypes(tableProperties);
        List<Integer> columns = new ArrayList<>();
        if (declared.isEmpty()) {
            for (int i = 0; i < rowType.fieldCount(); i++) {
                columns.add(i);
            }
        } else {
            for (int i = 0; i < declared.size(); i++) {
                String name = declared.get(i);
                int p = StrataInputFormat.indexOfIgnoreCase(rowType, name);
                if (p < 0) {
                    throw new SerDeException("The column '" + name + "' of Hive table " + hiveTable
                            + " is not in the Strata table at " + table.location() + " (its columns: "
                            + String.join(", ", rowType.fieldNames()) + "): it was renamed or dropped in Strata;"
                            + " recreate the Hive table (without a column list it follows the Strata schema)");
                }
                DataType type = rowType.field(p).type();
                if (i < declaredTypes.size() && !HiveTypeMapping.matches(declaredTypes.get(i), type)) {
                    throw new SerDeException("The column '" + name + "' of Hive table " + hiveTable + " is declared as "
                            + declaredTypes.get(i) + " but the Strata table at " + table.location() + " has "
                            + type.asSqlString() + " (Hive type " + HiveTypeNames.of(type)
                            + "): recreate the Hive table with that type, or without a column list to follow the"
                            + " Strata schema");
                }
                columns.add(p);
            }
        }
        StrataRowInspector rowInspector = new StrataRowInspector();
        for (int p : columns) {
            DataField f = rowType.field(p);
            HiveFieldReader reader;
            try {
                reader = new HiveFieldReader(f.type(), zone);
            } catch (IllegalArgumentException e) {
                throw new SerDeException("The column '" + f.name() + "' of the Strata table at " + table.location()
                        + " cannot be read by Hive table " + hiveTable + ": " + e.getMessage(), e);
            }
            rowInspector.addField(HiveTypeNames.hiveName(f.name()), p, reader, f.description());
        }
        this.inspector = rowInspector;
        this.tableType = rowType;
        this.tablePositions = columns.stream().mapToInt(Integer::intValue).toArray();
        // A table partitioned in the metastore: Hive writes its partition columns as the partition's, not in
        // the row; the record writer fills them in.
        Set<Integer> partitions = new HashSet<>();
        for (String key : StrataConf.keyList(tableProperties.getProperty(
                hive_metastoreConstants.META_TABLE_PARTITION_COLUMNS, "").replace('/', ','))) {
            int p = StrataInputFormat.indexOfIgnoreCase(rowType, key);
            if (p >= 0) {
                partitions.add(p);
            }
        }
        this.partitionPositions = partitions;
        // The rows to delete (of a DELETE, or of the delete half of an UPDATE or MERGE) may carry only the key
        // columns: as many as the statement selected for them (StrataStorageHandler.acidSelectColumns).
        boolean deletes = conf != null && HiveCustomStorageHandlerUtils.getWriteOperation(conf::get, hiveTable)
                == Context.Operation.DELETE;
        if (deletes && table.schema().isPrimaryKeyTable()) {
            List<String> names = columns.stream().map(p -> rowType.field(p).name()).toList();
            this.writePositions = Arrays.stream(RowLevelChanges.deleteRowColumns(table.schema(), names))
                    .map(i -> tablePositions[i]).toArray();
        } else {
            this.writePositions = tablePositions;
        }
    }

    /**
     * {@code db.t.<name>}: Hive asks for the columns with the metadata table's name in the properties, whose
     * {@code columns} are still the table's; the rows are the metadata table's, every column read.
     */
    private void initializeMetadataTable(Table table, String name, ZoneId zone) throws SerDeException {
        MetadataTable metadata = MetadataTables.of(table, name).orElseThrow(() -> new SerDeException("Strata table "
                + table.location() + " has no metadata table '" + name + "'; there are " + MetadataTables.NAMES));
        RowType rowType = metadata.rowType();
        StrataRowInspector rowInspector = new StrataRowInspector();
        for (int p = 0; p < rowType.fieldCount(); p++) {
            DataField f = rowType.field(p);
            rowInspector.addField(HiveTypeNames.hiveName(f.name()), p, new HiveFieldReader(f.type(), zone),
                    f.description());
        }
        this.metadataTable = name;
        this.inspector = rowInspector;
        this.tableType = rowType;
        this.tablePositions = IntStream.range(0, rowType.fieldCount()).toArray();
        this.writePositions = tablePositions;
        this.partitionPositions = Set.of();
    }

    private void initializeDeclared(Properties tableProperties, ZoneId zone) throws SerDeException {
        List<String> names = StrataConf.declaredColumns(tableProperties);
        List<String> types = StrataConf.declaredTypes(tableProperties);
        StrataRowInspector rowInspector = new StrataRowInspector();
        List<DataField> fields = new ArrayList<>();
        try {
            for (int i = 0; i < names.size() && i < types.size(); i++) {
                DataType type = HiveTypeMapping.toStrata(names.get(i), types.get(i));
                rowInspector.addField(HiveTypeNames.hiveName(names.get(i)), i, new HiveFieldReader(type, zone), null);
                fields.add(new DataField(i, names.get(i), type));
            }
        } catch (IllegalArgumentException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        this.inspector = rowInspector;
        this.tableType = new RowType(fields);
        this.tablePositions = new int[fields.size()];
        for (int i = 0; i < tablePositions.length; i++) {
            tablePositions[i] = i;
        }
        this.writePositions = tablePositions;
        this.partitionPositions = Set.of();
    }

    @Override
    public ObjectInspector getObjectInspector() {
        return inspector;
    }

    @Override
    public Object deserialize(Writable blob) {
        return blob;
    }

    /**
     * The class {@link #serialize} returns. Hive 4.1 asks for it only to write (FileSinkOperator passes it to
     * the output format's record writer as the value class, Utilities.createEmptyBuckets likewise); reads
     * take their value class from the record reader ({@code StrataRecordReader.createValue}), never from here.
     */
    @Override
    public Class<? extends Writable> getSerializedClass() {
        return StrataWriteRow.class;
    }

    /**
     * The Strata row of a row Hive inserts ({@code obj}, shown by {@code objInspector}: the Hive table's
     * columns in this SerDe's order; for a row to delete, the columns such rows carry, the others left null).
     * The returned Writable is the same object on every call: Hive's
     * FileSinkOperator hands it to the record writer before it serializes the next row.
     *
     * @throws SerDeException for a value the Strata column cannot hold (a NULL in a NOT NULL column, a
     *     decimal too wide), naming the Hive table and the column
     */
    @Override
    public Writable serialize(Object obj, ObjectInspector objInspector) throws SerDeException {
        if (!(objInspector instanceof StructObjectInspector struct)) {
            throw new SerDeException("Hive table " + hiveTable + ": a row to write must be a struct, got "
                    + (objInspector == null ? "no inspector" : objInspector.getTypeName()));
        }
        if (metadataTable != null) {
            throw new SerDeException("The metadata table " + hiveTable + "." + metadataTable + " is read-only: it shows"
                    + " the Strata table's metadata; write to the table itself");
        }
        try {
            if (converter == null) {
                converter = new HiveRowConverter(tableType, writePositions, partitionPositions, hiveTable, localZone);
            }
            if (partitionPositions.isEmpty()) {
                writeRow.set(converter.convert(obj, struct));
            } else {
                // A table partitioned in the metastore: with dynamic partitions Hive shows this SerDe the row
                // without their values, which the writer takes from the whole row.
                if (struct != dynamicInspector) {
                    dynamicValues = DynamicPartitionValues.of(struct);
                    dynamicInspector = struct;
                }
                writeRow.set(converter.convert(obj, struct), obj, dynamicValues);
            }
        } catch (IllegalArgumentException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        return writeRow;
    }
}
